ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_ck";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_ck";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_by" text;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "coach_joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "client_joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_sessions_booking_uq" ON "chat_sessions" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_ck" CHECK ("notifications"."type" in ('session_rejected', 'coach_message', 'session_cancelled', 'session_accepted', 'review_visible', 'followup_received', 'gift_received', 'withdrawal_decided', 'application_decided', 'booking_made', 'booking_missed'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_show_ck" CHECK (("bookings"."status" = 'no_show') = ("bookings"."no_show_by" is not null));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_show_by_ck" CHECK ("bookings"."no_show_by" in ('client', 'coach'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_ck" CHECK ("bookings"."status" in ('confirmed', 'completed', 'cancelled', 'no_show'));--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_origin_ck" CHECK ("chat_sessions"."request_id" is null or "chat_sessions"."booking_id" is null);