CREATE TABLE "money_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"coach_id" uuid NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"captured_coach_amount" bigint,
	"captured_platform_amount" bigint,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "money_holds_reference_uq" UNIQUE("reference_type","reference_id"),
	CONSTRAINT "money_holds_amount_ck" CHECK ("money_holds"."amount" > 0),
	CONSTRAINT "money_holds_status_ck" CHECK ("money_holds"."status" in ('held', 'released', 'captured')),
	CONSTRAINT "money_holds_capture_ck" CHECK (("money_holds"."status" = 'captured') = ("money_holds"."captured_coach_amount" is not null and "money_holds"."captured_platform_amount" is not null)),
	CONSTRAINT "money_holds_split_ck" CHECK ("money_holds"."captured_coach_amount" is null or ("money_holds"."captured_coach_amount" >= 0 and "money_holds"."captured_platform_amount" >= 0 and "money_holds"."captured_coach_amount" + "money_holds"."captured_platform_amount" = "money_holds"."amount")),
	CONSTRAINT "money_holds_refund_ck" CHECK ("money_holds"."refunded_amount" >= 0 and "money_holds"."refunded_amount" <= "money_holds"."amount" and ("money_holds"."refunded_amount" = 0 or "money_holds"."status" = 'captured'))
);
--> statement-breakpoint
ALTER TABLE "money_holds" ADD CONSTRAINT "money_holds_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_holds" ADD CONSTRAINT "money_holds_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_holds_client_idx" ON "money_holds" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "money_holds_coach_idx" ON "money_holds" USING btree ("coach_id","created_at");