import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { moneyHolds, type LedgerTransactionKind, type WithdrawalStatus } from '#server/db/schema/index';

export type DueHoldRow = {
  id: string;
  coachId: string;
  referenceType: string;
  referenceId: string;
  amount: number;
  capturedCoachAmount: number | null;
  refundedAmount: number;
};

export type SessionRow = {
  id: string;
  reference_type: string;
  reference_id: string;
  settled_at: Date;
  format: 'text' | 'audio' | 'video' | null;
  duration_minutes: number | null;
  amount: string;
  captured_coach_amount: string;
  refunded_amount: string;
  earnings_available_at: Date | null;
  client_name: string | null;
};

export type CoachTransactionRow = {
  id: string;
  kind: LedgerTransactionKind;
  reference_type: string;
  reference_id: string;
  created_at: Date;
  /** Net change of the coach's pending + available accounts (cents as text; never 0). */
  net: string;
  format: 'text' | 'audio' | 'video' | null;
  duration_minutes: number | null;
  client_name: string | null;
  method_label: string | null;
  rejection_reason: string | null;
};

/** The coach's share of `refunded` cents of a capture, as settlement computes it: floor(refunded × coach / amount). */
const COACH_REFUND_SHARE = sql`(${moneyHolds.refundedAmount} * ${moneyHolds.capturedCoachAmount}) / ${moneyHolds.amount}`;

const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

/**
 * Reads for coach earnings: captured money_holds (a coach's paid sessions until chat_sessions exist)
 * and the ledger entries of the coach's own pending and available accounts. Balances are not read
 * here: they come from the ledger service.
 */
/** What the release job reads of a captured hold. */
const dueHoldColumns = {
  id: moneyHolds.id,
  coachId: moneyHolds.coachId,
  referenceType: moneyHolds.referenceType,
  referenceId: moneyHolds.referenceId,
  amount: moneyHolds.amount,
  capturedCoachAmount: moneyHolds.capturedCoachAmount,
  refundedAmount: moneyHolds.refundedAmount,
};

export function createEarningsRepository() {
  return {
    /**
     * Captured holds whose earnings are due (settled at or before `cutoff`, not yet available), locked
     * FOR UPDATE SKIP LOCKED: several instances running the job take disjoint batches, and a hold being
     * refunded right now is left for the next run.
     */
    async lockDueHolds(executor: DbExecutor, cutoff: Date, limit: number): Promise<DueHoldRow[]> {
      return executor
        .select(dueHoldColumns)
        .from(moneyHolds)
        .where(
          and(
            eq(moneyHolds.status, 'captured'),
            isNull(moneyHolds.earningsAvailableAt),
            lte(moneyHolds.settledAt, cutoff),
          ),
        )
        .orderBy(asc(moneyHolds.settledAt), asc(moneyHolds.id))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /** Compare-and-set: stamps earnings_available_at once; undefined when it was already set. */
    async markEarningsAvailable(
      executor: DbExecutor,
      id: string,
      now: Date,
    ): Promise<DueHoldRow | undefined> {
      const [row] = await executor
        .update(moneyHolds)
        .set({ earningsAvailableAt: now, updatedAt: now })
        .where(
          and(
            eq(moneyHolds.id, id),
            eq(moneyHolds.status, 'captured'),
            isNull(moneyHolds.earningsAvailableAt),
          ),
        )
        .returning(dueHoldColumns);
      return row;
    },

    /** Sum of the coach's withdrawals per status (cents as text). */
    async withdrawalTotals(
      executor: DbExecutor,
      coachId: string,
    ): Promise<{ status: WithdrawalStatus; amount: string }[]> {
      const result = await executor.execute<{ status: WithdrawalStatus; amount: string }>(sql`
        select status, coalesce(sum(amount), 0)::text as amount
          from withdrawals
         where coach_id = ${coachId}
         group by status`);
      return result.rows;
    },

    /**
     * Net earnings per UTC day or month since `from`: captures into, and refunds out of, the coach's
     * pending and available accounts (moves between the two, and withdrawals, are not earnings).
     */
    async series(
      executor: DbExecutor,
      coachId: string,
      unit: 'day' | 'month',
      from: Date,
    ): Promise<{ period: string; amount: string }[]> {
      const result = await executor.execute<{ period: string; amount: string }>(sql`
        select to_char(date_trunc(${unit}, t.created_at at time zone 'UTC'), 'YYYY-MM-DD') as period,
               sum(e.amount)::text as amount
          from ledger_accounts a
          join ledger_entries e on e.account_id = a.id
          join ledger_transactions t on t.id = e.transaction_id
         where a.owner_user_id = ${coachId}
           and a.kind in ('coach_pending', 'coach_available')
           and t.kind in ('capture', 'refund')
           and t.created_at >= ${from.toISOString()}
         group by 1`);
      return result.rows;
    },

    /** Sessions paid since `from`, per format: how many, and the coach's earnings net of refunds. */
    async byFormat(
      executor: DbExecutor,
      coachId: string,
      from: Date,
    ): Promise<{ format: 'text' | 'audio' | 'video'; sessions: number; amount: string }[]> {
      const result = await executor.execute<{
        format: 'text' | 'audio' | 'video';
        sessions: number;
        amount: string;
      }>(sql`
        select ${moneyHolds.format} as format,
               count(*)::int as sessions,
               coalesce(sum(${moneyHolds.capturedCoachAmount} - ${COACH_REFUND_SHARE}), 0)::text as amount
          from ${moneyHolds}
         where ${moneyHolds.coachId} = ${coachId}
           and ${moneyHolds.status} = 'captured'
           and ${moneyHolds.format} is not null
           and ${moneyHolds.settledAt} >= ${from.toISOString()}
         group by 1`);
      return result.rows;
    },

    async countSessions(executor: DbExecutor, coachId: string): Promise<number> {
      const result = await executor.execute<{ total: number }>(sql`
        select count(*)::int as total from money_holds where coach_id = ${coachId} and status = 'captured'`);
      return result.rows[0]?.total ?? 0;
    },

    /** The coach's paid sessions, newest first. */
    async sessions(
      executor: DbExecutor,
      coachId: string,
      limit: number,
      offset: number,
    ): Promise<SessionRow[]> {
      const result = await executor.execute<SessionRow>(sql`
        select h.id, h.reference_type, h.reference_id, h.settled_at, h.format, h.duration_minutes,
               h.amount::text as amount,
               h.captured_coach_amount::text as captured_coach_amount,
               h.refunded_amount::text as refunded_amount,
               h.earnings_available_at,
               p.full_name as client_name
          from money_holds h
          left join profiles p on p.user_id = h.client_id
         where h.coach_id = ${coachId} and h.status = 'captured'
         order by h.settled_at desc, h.id desc
         limit ${limit} offset ${offset}`);
      return result.rows.map((row) => ({
        ...row,
        settled_at: toDate(row.settled_at),
        earnings_available_at: row.earnings_available_at === null ? null : toDate(row.earnings_available_at),
      }));
    },

    /**
     * The coach's transactions, newest first: every ledger transaction that changed the total of their
     * pending + available accounts (captures, refunds, withdrawals, rejected withdrawals), with what it
     * was for. A pending -> available move nets to 0 and is not listed. `limit` null: all of them.
     */
    async transactions(
      executor: DbExecutor,
      coachId: string,
      limit: number | null,
    ): Promise<CoachTransactionRow[]> {
      const result = await executor.execute<CoachTransactionRow>(sql`
        with moved as (
          select t.id, t.kind, t.reference_type, t.reference_id, t.created_at, sum(e.amount) as net
            from ledger_accounts a
            join ledger_entries e on e.account_id = a.id
            join ledger_transactions t on t.id = e.transaction_id
           where a.owner_user_id = ${coachId}
             and a.kind in ('coach_pending', 'coach_available')
           group by t.id
          having sum(e.amount) <> 0
           order by t.created_at desc, t.id desc
           ${limit === null ? sql`` : sql`limit ${limit}`}
        )
        select m.id, m.kind, m.reference_type, m.reference_id, m.created_at, m.net::text as net,
               h.format, h.duration_minutes, cp.full_name as client_name,
               pm.label as method_label, w.rejection_reason
          from moved m
          left join money_holds h
            on m.reference_type <> 'withdrawal'
           and h.reference_type = m.reference_type and h.reference_id = m.reference_id
          left join profiles cp on cp.user_id = h.client_id
          left join withdrawals w on m.reference_type = 'withdrawal' and w.id::text = m.reference_id
          left join payout_methods pm on pm.id = w.payout_method_id
         order by m.created_at desc, m.id desc`);
      return result.rows.map((row) => ({ ...row, created_at: toDate(row.created_at) }));
    },
  };
}

export type EarningsRepository = ReturnType<typeof createEarningsRepository>;
