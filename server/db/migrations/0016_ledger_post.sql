-- One balanced ledger transaction in one round trip (server/modules/ledger/ledger.service.ts `post`).
-- Entry i moves p_amounts[i] cents on the account of kind p_account_kinds[i] owned by p_owners[i] (null:
-- the platform's), made on first use (a concurrent creator wins the unique key and its row is used).
-- Every debited account of a person is row-locked in id order (concurrent debits of one wallet queue,
-- two postings never deadlock) and its balance read under the lock: each statement of a volatile
-- function takes a fresh snapshot, so a debit committed while this one waited is counted. Short of
-- money it writes no entry and answers refused (a caller that catches the refusal keeps its transaction);
-- otherwise the transaction and its entries, and its id. The caller validates the posting first (>= 2
-- non-zero entries summing to 0); the deferred triggers of 0005 check both rules again at commit.
CREATE FUNCTION "ledger_post"(
  p_kind text,
  p_reference_type text,
  p_reference_id text,
  p_metadata jsonb,
  p_account_kinds text[],
  p_owners uuid[],
  p_amounts bigint[],
  p_now timestamptz,
  OUT posted_id uuid,
  OUT refused boolean
) LANGUAGE plpgsql AS $$
DECLARE
  account_ids uuid[] := '{}';
  found_id uuid;
  debited record;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_amounts, 1), 0) LOOP
    found_id := NULL;
    FOR attempt IN 1 .. 2 LOOP
      IF p_owners[i] IS NULL THEN
        SELECT a.id INTO found_id FROM ledger_accounts a WHERE a.kind = p_account_kinds[i] AND a.owner_user_id IS NULL;
      ELSE
        SELECT a.id INTO found_id FROM ledger_accounts a WHERE a.kind = p_account_kinds[i] AND a.owner_user_id = p_owners[i];
      END IF;
      EXIT WHEN found_id IS NOT NULL;
      INSERT INTO ledger_accounts (kind, owner_user_id, created_at)
      VALUES (p_account_kinds[i], p_owners[i], p_now)
      ON CONFLICT DO NOTHING
      RETURNING id INTO found_id;
      EXIT WHEN found_id IS NOT NULL;
    END LOOP;
    IF found_id IS NULL THEN
      RAISE EXCEPTION 'ledger account % of % could not be made or found', p_account_kinds[i], p_owners[i];
    END IF;
    account_ids := account_ids || found_id;
  END LOOP;

  FOR debited IN
    SELECT a.id, d.delta
    FROM ledger_accounts a
    JOIN (
      SELECT e.id, sum(e.amount) AS delta FROM unnest(account_ids, p_amounts) AS e(id, amount) GROUP BY e.id
    ) d ON d.id = a.id
    WHERE a.owner_user_id IS NOT NULL AND d.delta < 0
    ORDER BY a.id
    FOR UPDATE OF a
  LOOP
    IF (SELECT coalesce(sum(x.amount), 0) FROM ledger_entries x WHERE x.account_id = debited.id) + debited.delta < 0 THEN
      refused := true;
      RETURN;
    END IF;
  END LOOP;

  INSERT INTO ledger_transactions (kind, reference_type, reference_id, metadata, created_at)
  VALUES (p_kind, p_reference_type, p_reference_id, p_metadata, p_now)
  RETURNING id INTO posted_id;
  INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at)
  SELECT posted_id, e.id, e.amount, p_now FROM unnest(account_ids, p_amounts) AS e(id, amount);
  refused := false;
END $$;
