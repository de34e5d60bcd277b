ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_ck";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "free_cancel_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "late_cancel_percent" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_charge" bigint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "free_cancel_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "late_cancel_percent" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_ck" CHECK ("notifications"."type" in ('session_rejected', 'coach_message', 'session_cancelled', 'session_accepted', 'review_visible', 'followup_received', 'gift_received', 'withdrawal_decided', 'application_decided', 'booking_made', 'booking_missed', 'booking_cancelled'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancellation_ck" CHECK ("bookings"."free_cancel_hours" between 0 and 720 and "bookings"."late_cancel_percent" between 0 and 100 and ("bookings"."cancellation_charge" is null or "bookings"."cancellation_charge" between 0 and "bookings"."price"));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_cancellation_ck" CHECK ("services"."free_cancel_hours" between 0 and 720 and "services"."late_cancel_percent" between 0 and 100);