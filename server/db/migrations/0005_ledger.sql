CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"owner_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_owner_uq" UNIQUE NULLS NOT DISTINCT("kind","owner_user_id"),
	CONSTRAINT "ledger_accounts_kind_ck" CHECK ("ledger_accounts"."kind" in ('client_wallet', 'client_held', 'coach_pending', 'coach_available', 'platform_revenue', 'provider_clearing', 'payouts')),
	CONSTRAINT "ledger_accounts_owner_ck" CHECK (("ledger_accounts"."owner_user_id" is not null) = ("ledger_accounts"."kind" in ('client_wallet', 'client_held', 'coach_pending', 'coach_available')))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_ck" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_kind_ck" CHECK ("ledger_transactions"."kind" in ('top_up', 'hold', 'release', 'capture', 'refund', 'withdrawal', 'payout', 'gift', 'gift_claim', 'gift_cancel', 'earnings_available', 'correction'))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","amount");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_reference_idx" ON "ledger_transactions" USING btree ("reference_type","reference_id");--> statement-breakpoint
-- The ledger is history: no UPDATE, DELETE or TRUNCATE for any role (a correction is a reversing transaction).
CREATE TRIGGER "ledger_accounts_append_only" BEFORE UPDATE OR DELETE ON "ledger_accounts" FOR EACH ROW EXECUTE FUNCTION "refuse_history_rewrite"();--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_no_truncate" BEFORE TRUNCATE ON "ledger_accounts" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_history_rewrite"();--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions" FOR EACH ROW EXECUTE FUNCTION "refuse_history_rewrite"();--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_no_truncate" BEFORE TRUNCATE ON "ledger_transactions" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_history_rewrite"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "refuse_history_rewrite"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_history_rewrite"();--> statement-breakpoint
-- Checked at COMMIT (deferred): the transaction named by TG_ARGV[0] of the new row has >= 2 entries summing to 0.
-- Fires for a new ledger_transactions row (catches a transaction with no entries) and for every new entry
-- (catches entries added to an existing transaction later).
CREATE FUNCTION "ledger_check_transaction_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx uuid := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
  entry_count bigint;
  total numeric;
BEGIN
  SELECT count(*), coalesce(sum(amount), 0) INTO entry_count, total FROM ledger_entries WHERE transaction_id = tx;
  IF entry_count < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: % entries summing to %', tx, entry_count, total
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_transactions_balanced" AFTER INSERT ON "ledger_transactions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_transaction_balanced"('id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_transaction_balanced"('transaction_id');--> statement-breakpoint
-- A person's accounts (client wallet and held funds, coach pending and available earnings) never end a
-- commit below zero. Defence in depth: the ledger service also locks the debited account row
-- (SELECT ... FOR UPDATE) before reading its balance, which is what serialises concurrent debits.
CREATE FUNCTION "ledger_check_account_not_negative"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  balance numeric;
BEGIN
  IF NEW.amount >= 0 THEN RETURN NULL; END IF;
  IF NOT EXISTS (SELECT 1 FROM ledger_accounts WHERE id = NEW.account_id AND owner_user_id IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum(amount), 0) INTO balance FROM ledger_entries WHERE account_id = NEW.account_id;
  IF balance < 0 THEN
    RAISE EXCEPTION 'ledger account % would be negative: %', NEW.account_id, balance
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_not_negative" AFTER INSERT ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_account_not_negative"();
