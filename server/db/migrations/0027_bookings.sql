CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid,
	"coach_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"client_name" text NOT NULL,
	"client_email" text,
	"client_avatar_url" text,
	"title" text NOT NULL,
	"format" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_from" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"client_time_zone" text NOT NULL,
	"purpose" text NOT NULL,
	"description" text,
	"price" bigint NOT NULL,
	"original_price" bigint NOT NULL,
	"discount_amount" bigint,
	"coupon_code" text,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"earnings" bigint,
	"session_notes" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bookings_status_ck" CHECK ("bookings"."status" in ('confirmed', 'completed', 'cancelled')),
	CONSTRAINT "bookings_format_ck" CHECK ("bookings"."format" in ('text', 'audio', 'video')),
	CONSTRAINT "bookings_duration_ck" CHECK ("bookings"."duration_minutes" between 5 and 480),
	CONSTRAINT "bookings_times_ck" CHECK ("bookings"."ends_at" > "bookings"."scheduled_at" and "bookings"."blocked_from" <= "bookings"."scheduled_at" and "bookings"."blocked_until" >= "bookings"."ends_at"),
	CONSTRAINT "bookings_purpose_ck" CHECK (btrim("bookings"."purpose") <> ''),
	CONSTRAINT "bookings_price_ck" CHECK ("bookings"."price" >= 0 and "bookings"."original_price" >= "bookings"."price" and ("bookings"."discount_amount" is null or "bookings"."discount_amount" > 0)),
	CONSTRAINT "bookings_cancelled_ck" CHECK (("bookings"."status" = 'cancelled') = ("bookings"."cancelled_at" is not null and "bookings"."cancelled_by" is not null))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_ck";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_coach_idx" ON "bookings" USING btree ("coach_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "bookings_client_idx" ON "bookings" USING btree ("client_id","scheduled_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_ck" CHECK ("notifications"."type" in ('session_rejected', 'coach_message', 'session_cancelled', 'session_accepted', 'review_visible', 'followup_received', 'gift_received', 'withdrawal_decided', 'application_decided', 'booking_made'));--> statement-breakpoint
-- No two confirmed or completed bookings of one coach overlap, buffers included (btree_gist gives uuid
-- equality a GiST operator class; it is a trusted extension).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap_ex" EXCLUDE USING gist ("coach_id" WITH =, tstzrange("blocked_from", "blocked_until") WITH &&) WHERE ("status" in ('confirmed', 'completed'));
