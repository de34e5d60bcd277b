CREATE TABLE "session_extensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"coach_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"minutes" integer NOT NULL,
	"price" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "session_extensions_status_ck" CHECK ("session_extensions"."status" in ('pending', 'accepted', 'declined', 'cancelled', 'expired')),
	CONSTRAINT "session_extensions_minutes_ck" CHECK ("session_extensions"."minutes" between 5 and 120),
	CONSTRAINT "session_extensions_price_ck" CHECK ("session_extensions"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "session_followups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"coach_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"notes" text NOT NULL,
	"resources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "session_followups_notes_ck" CHECK (char_length(btrim("session_followups"."notes")) between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "session_presence" (
	"socket_id" text PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"side" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "session_presence_side_ck" CHECK ("session_presence"."side" in ('coach', 'client'))
);
--> statement-breakpoint
CREATE TABLE "session_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"coach_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"author_role" text NOT NULL,
	"author_user_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"visible_at" timestamp with time zone NOT NULL,
	"counted_at" timestamp with time zone,
	CONSTRAINT "session_reviews_role_ck" CHECK ("session_reviews"."author_role" in ('client', 'coach')),
	CONSTRAINT "session_reviews_rating_ck" CHECK ("session_reviews"."rating" between 1 and 5),
	CONSTRAINT "session_reviews_body_ck" CHECK (char_length("session_reviews"."body") <= 2000),
	CONSTRAINT "session_reviews_reply_ck" CHECK (("session_reviews"."reply" is null) = ("session_reviews"."replied_at" is null) and ("session_reviews"."reply" is null or ("session_reviews"."author_role" = 'client' and char_length(btrim("session_reviews"."reply")) between 1 and 1000)))
);
--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_content_ck";--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_type_ck";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "attachment_key" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "attachment_mime" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "attachment_size" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "attachment_duration_ms" integer;--> statement-breakpoint
ALTER TABLE "session_extensions" ADD CONSTRAINT "session_extensions_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_extensions" ADD CONSTRAINT "session_extensions_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_extensions" ADD CONSTRAINT "session_extensions_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_followups" ADD CONSTRAINT "session_followups_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_followups" ADD CONSTRAINT "session_followups_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_followups" ADD CONSTRAINT "session_followups_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_presence" ADD CONSTRAINT "session_presence_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_presence" ADD CONSTRAINT "session_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reviews" ADD CONSTRAINT "session_reviews_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reviews" ADD CONSTRAINT "session_reviews_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reviews" ADD CONSTRAINT "session_reviews_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reviews" ADD CONSTRAINT "session_reviews_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_extensions_one_pending_uq" ON "session_extensions" USING btree ("session_id") WHERE "session_extensions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "session_extensions_session_idx" ON "session_extensions" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "session_extensions_expiry_idx" ON "session_extensions" USING btree ("expires_at") WHERE "session_extensions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "session_followups_session_idx" ON "session_followups" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "session_followups_client_idx" ON "session_followups" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "session_presence_session_idx" ON "session_presence" USING btree ("session_id","side","seen_at");--> statement-breakpoint
CREATE INDEX "session_presence_instance_idx" ON "session_presence" USING btree ("instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_reviews_session_role_uq" ON "session_reviews" USING btree ("session_id","author_role");--> statement-breakpoint
CREATE INDEX "session_reviews_coach_idx" ON "session_reviews" USING btree ("coach_id","author_role","visible_at");--> statement-breakpoint
CREATE INDEX "session_reviews_client_idx" ON "session_reviews" USING btree ("client_id","author_role","visible_at");--> statement-breakpoint
CREATE INDEX "session_reviews_uncounted_idx" ON "session_reviews" USING btree ("visible_at") WHERE "session_reviews"."counted_at" is null;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_attachment_ck" CHECK (("chat_messages"."message_type" = 'text') = ("chat_messages"."attachment_key" is null) and ("chat_messages"."attachment_key" is null or ("chat_messages"."attachment_mime" is not null and "chat_messages"."attachment_size" > 0)));--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_content_ck" CHECK (char_length("chat_messages"."message_content") <= 4000 and ("chat_messages"."message_type" <> 'text' or char_length(btrim("chat_messages"."message_content")) >= 1));--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_type_ck" CHECK ("chat_messages"."message_type" in ('text', 'image', 'file', 'voice'));