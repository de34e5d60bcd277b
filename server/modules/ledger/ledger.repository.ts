import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { preparedStatement } from '#server/db/prepared';
import {
  ledgerAccounts,
  ledgerEntries,
  type LedgerAccountKind,
  type LedgerTransactionKind,
} from '#server/db/schema/index';
import { insertRowIfNew } from '#server/lib/row-queries';

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;

/** What the invariant queries found; empty lists and a zero total mean a healthy ledger. */
export type InvariantFindings = {
  total: string;
  unbalancedTransactions: { transactionId: string; entryCount: number; sum: string }[];
  negativeAccounts: {
    accountId: string;
    kind: LedgerAccountKind;
    ownerUserId: string | null;
    balance: string;
  }[];
};

/** How many offending rows the checker lists (the log line stays readable; the count is what matters). */
const FINDINGS_LIMIT = 20;

/** ledger_post, prepared (server/db/prepared.ts): every money path posts through it. */
const postStatement = preparedStatement<{ posted_id: string | null; refused: boolean }>(
  'ledger_post',
  () => sql`
    select posted_id, refused from ledger_post(
      ${sql.placeholder('kind')}::text, ${sql.placeholder('referenceType')}::text,
      ${sql.placeholder('referenceId')}::text, ${sql.placeholder('metadata')}::jsonb,
      ${sql.placeholder('accounts')}::text[], ${sql.placeholder('owners')}::uuid[],
      ${sql.placeholder('amounts')}::bigint[], ${sql.placeholder('now')}::timestamptz)`,
);

export function createLedgerRepository() {
  return {
    /** Creates the account if missing (races resolve on the (kind, owner) unique key) and returns it. */
    async ensureAccount(
      executor: DbExecutor,
      kind: LedgerAccountKind,
      ownerUserId: string | null,
      now: Date,
    ): Promise<LedgerAccountRow> {
      const find = async () => {
        const [row] = await executor
          .select()
          .from(ledgerAccounts)
          .where(
            and(
              eq(ledgerAccounts.kind, kind),
              ownerUserId === null
                ? isNull(ledgerAccounts.ownerUserId)
                : eq(ledgerAccounts.ownerUserId, ownerUserId),
            ),
          );
        return row;
      };
      // Almost always the account exists: one indexed read. Otherwise create it (a concurrent creator
      // wins the unique key and we read theirs).
      const existing = await find();
      if (existing) return existing;
      const row =
        (await insertRowIfNew(executor, ledgerAccounts, { kind, ownerUserId, createdAt: now })) ??
        (await find());
      if (!row) throw new Error(`Ledger account ${kind} could not be created or found`);
      return row;
    },

    /** SUM(amount) of the account's entries as a decimal string (bigint sums arrive as text). */
    async balanceOf(executor: DbExecutor, accountId: string): Promise<string> {
      const [row] = await executor
        .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.accountId, accountId));
      return row?.balance ?? '0';
    },

    /**
     * One posting in one statement (migration 0016's ledger_post): the accounts made on first use, the
     * debited accounts of a person locked in id order and checked under the lock, then the transaction
     * and its entries; or refused, writing no entry.
     */
    async post(
      executor: DbExecutor,
      input: {
        kind: LedgerTransactionKind;
        referenceType: string;
        referenceId: string;
        metadata: Record<string, unknown>;
        entries: readonly { account: LedgerAccountKind; owner: string | null; amount: number }[];
        now: Date;
      },
    ): Promise<{ transactionId: string | null; refused: boolean }> {
      const rows = await postStatement(executor, {
        kind: input.kind,
        referenceType: input.referenceType,
        referenceId: input.referenceId,
        metadata: JSON.stringify(input.metadata),
        accounts: input.entries.map((entry) => entry.account),
        owners: input.entries.map((entry) => entry.owner),
        amounts: input.entries.map((entry) => entry.amount),
        now: input.now,
      });
      const [row] = rows;
      if (!row) throw new Error('ledger_post returned no row');
      return { transactionId: row.posted_id, refused: row.refused };
    },

    /** The three invariants over the whole ledger, in one round trip each (full scans: run hourly, not per request). */
    async findInvariantViolations(executor: DbExecutor): Promise<InvariantFindings> {
      const total = await executor.execute<{ total: string }>(
        sql`select coalesce(sum(amount), 0)::text as total from ledger_entries`,
      );
      const unbalanced = await executor.execute<{
        transaction_id: string;
        entry_count: number;
        sum: string;
      }>(sql`
        select t.id as transaction_id, count(e.id)::int as entry_count, coalesce(sum(e.amount), 0)::text as sum
        from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
        group by t.id
        having count(e.id) < 2 or coalesce(sum(e.amount), 0) <> 0
        order by t.id
        limit ${FINDINGS_LIMIT}`);
      const negative = await executor.execute<{
        account_id: string;
        kind: LedgerAccountKind;
        owner_user_id: string | null;
        balance: string;
      }>(sql`
        select a.id as account_id, a.kind, a.owner_user_id, sum(e.amount)::text as balance
        from ledger_accounts a join ledger_entries e on e.account_id = a.id
        where a.owner_user_id is not null
        group by a.id
        having sum(e.amount) < 0
        order by a.id
        limit ${FINDINGS_LIMIT}`);
      return {
        total: total.rows[0]?.total ?? '0',
        unbalancedTransactions: unbalanced.rows.map((row) => ({
          transactionId: row.transaction_id,
          entryCount: row.entry_count,
          sum: row.sum,
        })),
        negativeAccounts: negative.rows.map((row) => ({
          accountId: row.account_id,
          kind: row.kind,
          ownerUserId: row.owner_user_id,
          balance: row.balance,
        })),
      };
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
