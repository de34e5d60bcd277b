CREATE TABLE "chat_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coach_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"request_id" uuid,
	"client_name" text NOT NULL,
	"client_email" text,
	"format" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"duration_minutes" integer DEFAULT 30 NOT NULL,
	"payment_amount" bigint NOT NULL,
	"session_value" bigint NOT NULL,
	"earnings" bigint,
	"completed_by" text,
	"timer_started" boolean DEFAULT false NOT NULL,
	"timer_started_at" timestamp with time zone,
	"coach_present" boolean DEFAULT false NOT NULL,
	"client_present" boolean DEFAULT false NOT NULL,
	"client_purpose" text NOT NULL,
	"session_description" text,
	"original_price" bigint,
	"discount_amount" bigint,
	"coupon_code" text,
	"coupon_discount_type" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_sessions_format_ck" CHECK ("chat_sessions"."format" in ('text', 'audio', 'video')),
	CONSTRAINT "chat_sessions_status_ck" CHECK ("chat_sessions"."status" in ('active', 'completed')),
	CONSTRAINT "chat_sessions_completed_ck" CHECK (("chat_sessions"."status" = 'completed') = ("chat_sessions"."end_time" is not null and "chat_sessions"."completed_by" is not null)),
	CONSTRAINT "chat_sessions_duration_ck" CHECK ("chat_sessions"."duration_minutes" > 0),
	CONSTRAINT "chat_sessions_purpose_ck" CHECK (btrim("chat_sessions"."client_purpose") <> ''),
	CONSTRAINT "chat_sessions_money_ck" CHECK ("chat_sessions"."payment_amount" >= 0 and "chat_sessions"."session_value" >= 0 and ("chat_sessions"."discount_amount" is null or "chat_sessions"."discount_amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "realtime_connections" (
	"socket_id" text PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"connected_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coach_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"client_name" text NOT NULL,
	"client_email" text,
	"client_avatar_url" text,
	"format" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"purpose" text NOT NULL,
	"description" text,
	"session_purpose" text,
	"session_category" text,
	"preferred_date" date,
	"preferred_time" text,
	"price" bigint NOT NULL,
	"original_price" bigint NOT NULL,
	"discount_amount" bigint,
	"coupon_code" text,
	"coupon_discount_type" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"session_id" uuid,
	"accepted_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"coach_message" text,
	"coach_message_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "session_requests_format_ck" CHECK ("session_requests"."format" in ('text', 'audio', 'video')),
	CONSTRAINT "session_requests_status_ck" CHECK ("session_requests"."status" in ('pending', 'accepted', 'declined', 'cancelled', 'expired')),
	CONSTRAINT "session_requests_duration_ck" CHECK ("session_requests"."duration_minutes" between 5 and 240),
	CONSTRAINT "session_requests_purpose_ck" CHECK (btrim("session_requests"."purpose") <> ''),
	CONSTRAINT "session_requests_price_ck" CHECK ("session_requests"."price" >= 0 and "session_requests"."original_price" >= "session_requests"."price" and ("session_requests"."discount_amount" is null or "session_requests"."discount_amount" > 0)),
	CONSTRAINT "session_requests_accepted_ck" CHECK (("session_requests"."status" = 'accepted') = ("session_requests"."session_id" is not null and "session_requests"."accepted_at" is not null)),
	CONSTRAINT "session_requests_message_ck" CHECK ("session_requests"."coach_message" is null or char_length("session_requests"."coach_message") <= 500)
);
--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_request_id_session_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."session_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_connections" ADD CONSTRAINT "realtime_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_requests" ADD CONSTRAINT "session_requests_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_requests" ADD CONSTRAINT "session_requests_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_sessions_request_uq" ON "chat_sessions" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "chat_sessions_coach_idx" ON "chat_sessions" USING btree ("coach_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_sessions_client_idx" ON "chat_sessions" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_sessions_active_idx" ON "chat_sessions" USING btree ("coach_id") WHERE "chat_sessions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "chat_sessions_active_client_idx" ON "chat_sessions" USING btree ("client_id") WHERE "chat_sessions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "realtime_connections_user_idx" ON "realtime_connections" USING btree ("user_id","seen_at");--> statement-breakpoint
CREATE INDEX "realtime_connections_instance_idx" ON "realtime_connections" USING btree ("instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_requests_one_pending_uq" ON "session_requests" USING btree ("client_id") WHERE "session_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "session_requests_coach_idx" ON "session_requests" USING btree ("coach_id","status","created_at");--> statement-breakpoint
CREATE INDEX "session_requests_client_idx" ON "session_requests" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "session_requests_expiry_idx" ON "session_requests" USING btree ("expires_at") WHERE "session_requests"."status" = 'pending';