CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" text NOT NULL,
	"discount_amount" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "coupon_redemptions_reference_uq" UNIQUE("reference_type","reference_id"),
	CONSTRAINT "coupon_redemptions_amount_ck" CHECK ("coupon_redemptions"."discount_amount" > 0),
	CONSTRAINT "coupon_redemptions_status_ck" CHECK ("coupon_redemptions"."status" in ('active', 'released'))
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"coach_id" uuid,
	"created_by" uuid NOT NULL,
	"discount_type" text NOT NULL,
	"value" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone,
	"max_redemptions" integer,
	"max_redemptions_per_client" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupons_code_ck" CHECK ("coupons"."code" ~ '^[A-Z0-9_-]{3,32}$'),
	CONSTRAINT "coupons_discount_type_ck" CHECK ("coupons"."discount_type" in ('percent', 'fixed')),
	CONSTRAINT "coupons_value_ck" CHECK (("coupons"."discount_type" = 'percent' and "coupons"."value" between 1 and 100) or ("coupons"."discount_type" = 'fixed' and "coupons"."value" > 0)),
	CONSTRAINT "coupons_window_ck" CHECK ("coupons"."valid_until" is null or "coupons"."valid_until" > "coupons"."valid_from"),
	CONSTRAINT "coupons_limits_ck" CHECK (("coupons"."max_redemptions" is null or "coupons"."max_redemptions" > 0) and ("coupons"."max_redemptions_per_client" is null or "coupons"."max_redemptions_per_client" > 0))
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"recipient_email" text NOT NULL,
	"recipient_user_id" uuid,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"coach_id" uuid,
	"format" text,
	"duration_minutes" integer,
	"message" text DEFAULT '' NOT NULL,
	"deliver_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"claimed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gifts_kind_ck" CHECK ("gifts"."kind" in ('credit', 'session')),
	CONSTRAINT "gifts_status_ck" CHECK ("gifts"."status" in ('pending', 'claimed', 'cancelled')),
	CONSTRAINT "gifts_amount_ck" CHECK ("gifts"."amount" > 0),
	CONSTRAINT "gifts_message_ck" CHECK (char_length("gifts"."message") <= 500),
	CONSTRAINT "gifts_session_ck" CHECK (("gifts"."kind" = 'session') = ("gifts"."coach_id" is not null and "gifts"."format" is not null and "gifts"."duration_minutes" is not null)),
	CONSTRAINT "gifts_format_ck" CHECK ("gifts"."format" is null or "gifts"."format" in ('text', 'audio', 'video')),
	CONSTRAINT "gifts_claim_ck" CHECK (("gifts"."status" = 'claimed') = ("gifts"."recipient_user_id" is not null and "gifts"."claimed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coach_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"details" jsonb NOT NULL,
	"label" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "payout_methods_kind_ck" CHECK ("payout_methods"."kind" in ('bank_account', 'paypal'))
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "session_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hold_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"refunded_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "session_refunds_amount_ck" CHECK ("session_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coach_id" uuid NOT NULL,
	"payout_method_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"paid_by" uuid,
	"paid_at" timestamp with time zone,
	"payment_reference" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdrawals_amount_ck" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_status_ck" CHECK ("withdrawals"."status" in ('requested', 'approved', 'paid', 'rejected')),
	CONSTRAINT "withdrawals_paid_ck" CHECK (("withdrawals"."status" = 'paid') = ("withdrawals"."paid_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_ck";--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_ck";--> statement-breakpoint
ALTER TABLE "money_holds" ADD COLUMN "format" text;--> statement-breakpoint
ALTER TABLE "money_holds" ADD COLUMN "duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "money_holds" ADD COLUMN "earnings_available_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_refunds" ADD CONSTRAINT "session_refunds_hold_id_money_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."money_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_refunds" ADD CONSTRAINT "session_refunds_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_method_id_payout_methods_id_fk" FOREIGN KEY ("payout_method_id") REFERENCES "public"."payout_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_idx" ON "coupon_redemptions" USING btree ("coupon_id","status","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_uq" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "coupons_coach_idx" ON "coupons" USING btree ("coach_id","created_at");--> statement-breakpoint
CREATE INDEX "gifts_sender_idx" ON "gifts" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "gifts_recipient_idx" ON "gifts" USING btree ("recipient_email","status");--> statement-breakpoint
CREATE INDEX "payout_methods_coach_idx" ON "payout_methods" USING btree ("coach_id","created_at");--> statement-breakpoint
CREATE INDEX "session_refunds_hold_idx" ON "session_refunds" USING btree ("hold_id");--> statement-breakpoint
CREATE INDEX "withdrawals_coach_idx" ON "withdrawals" USING btree ("coach_id","requested_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "money_holds_earnings_due_idx" ON "money_holds" USING btree ("settled_at") WHERE "money_holds"."status" = 'captured' and "money_holds"."earnings_available_at" is null;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_ck" CHECK ("ledger_accounts"."kind" in ('client_wallet', 'client_held', 'coach_pending', 'coach_available', 'platform_revenue', 'provider_clearing', 'payouts', 'gift_escrow'));--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_ck" CHECK ("ledger_transactions"."kind" in ('top_up', 'hold', 'release', 'capture', 'refund', 'withdrawal', 'payout', 'gift', 'gift_claim', 'gift_cancel', 'earnings_available', 'withdrawal_rejected', 'correction'));--> statement-breakpoint
-- Hand-written: the platform's money settings, with their defaults (admins change them later).
INSERT INTO "platform_settings" ("key", "value", "updated_at") VALUES
	('withdrawal_minimum_cents', '2000'::jsonb, now()),
	('earnings_hold_days', '7'::jsonb, now())
ON CONFLICT ("key") DO NOTHING;
