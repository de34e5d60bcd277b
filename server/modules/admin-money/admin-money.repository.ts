import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { moneyHolds, sessionRefunds } from '#server/db/schema/index';
import { containsPattern, insertRow } from '#server/lib/row-queries';

export type HoldRow = typeof moneyHolds.$inferSelect;

export type SessionPaymentRow = {
  id: string;
  referenceType: string;
  referenceId: string;
  clientId: string;
  clientName: string | null;
  clientEmail: string | null;
  coachId: string;
  coachName: string | null;
  coachEmail: string | null;
  format: 'text' | 'audio' | 'video' | null;
  durationMinutes: number | null;
  amount: number;
  coachAmount: number;
  platformAmount: number;
  refundedAmount: number;
  settledAt: Date;
  /** settled_at at microsecond precision, UTC: the keyset position (a JS Date keeps only milliseconds). */
  settledKey: string;
};

export type SessionRefundRow = {
  id: string;
  holdId: string;
  amount: number;
  reason: string;
  refundedBy: string;
  refundedByName: string | null;
  refundedByEmail: string | null;
  createdAt: Date;
};

export type RevenueBucketRow = {
  key: string;
  feesEarned: number;
  refunded: number;
  otherDebits: number;
  net: number;
  captures: number;
};

export type RecentCaptureRow = {
  transactionId: string;
  holdId: string | null;
  capturedAt: Date;
  clientName: string | null;
  coachName: string | null;
  format: 'text' | 'audio' | 'video' | null;
  durationMinutes: number | null;
  amount: number | null;
  platformFee: number;
};

const num = (value: unknown) => Number(value ?? 0);

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */

/** A person's display name: the profile's full name, else null (the caller falls back to the email). */
const nameOf = (userColumn: SQL) =>
  sql`(select nullif(btrim(p.full_name), '') from profiles p where p.user_id = ${userColumn})`;

/** Sums of platform_revenue entries (e: ledger_entries, t: ledger_transactions). */
const REVENUE_SUMS = sql`
  coalesce(sum(e.amount) filter (where e.amount > 0), 0)::text as fees_earned,
  coalesce(sum(-e.amount) filter (where e.amount < 0 and t.kind = 'refund'), 0)::text as refunded,
  coalesce(sum(-e.amount) filter (where e.amount < 0 and t.kind <> 'refund'), 0)::text as other_debits,
  coalesce(sum(e.amount), 0)::text as net,
  count(distinct t.id) filter (where t.kind = 'capture')::text as captures`;

type RevenueSumsRaw = {
  fees_earned: string;
  refunded: string;
  other_debits: string;
  net: string;
  captures: string;
};

const toBucket = (key: string, row: RevenueSumsRaw): RevenueBucketRow => ({
  key,
  feesEarned: num(row.fees_earned),
  refunded: num(row.refunded),
  otherDebits: num(row.other_debits),
  net: num(row.net),
  captures: num(row.captures),
});

export function createAdminMoneyRepository() {
  return {
    async findHold(executor: DbExecutor, holdId: string): Promise<HoldRow | undefined> {
      const [row] = await executor.select().from(moneyHolds).where(eq(moneyHolds.id, holdId));
      return row;
    },

    /**
     * Captured holds, newest settlement first (settled_at desc, id desc), after the keyset position
     * `after` when given; `q` matches the client's or coach's name or email (contains, any case).
     */
    async listSessionPayments(
      executor: DbExecutor,
      input: {
        q: string | null;
        after: { settledKey: string; id: string } | null;
        limit: number;
        holdId?: string;
      },
    ): Promise<SessionPaymentRow[]> {
      const conditions: SQL[] = [sql`h.status = 'captured'`];
      if (input.holdId) conditions.push(sql`h.id = ${input.holdId}`);
      if (input.after)
        conditions.push(
          sql`(h.settled_at, h.id) < (${input.after.settledKey}::timestamptz, ${input.after.id}::uuid)`,
        );
      if (input.q) {
        const pattern = containsPattern(input.q);
        conditions.push(sql`(
          cu.email ilike ${pattern} or ku.email ilike ${pattern}
          or exists (select 1 from profiles p where p.user_id in (h.client_id, h.coach_id) and p.full_name ilike ${pattern})
        )`);
      }
      const result = await executor.execute<{
        id: string;
        reference_type: string;
        reference_id: string;
        client_id: string;
        client_name: string | null;
        client_email: string | null;
        coach_id: string;
        coach_name: string | null;
        coach_email: string | null;
        format: 'text' | 'audio' | 'video' | null;
        duration_minutes: number | null;
        amount: string;
        captured_coach_amount: string;
        captured_platform_amount: string;
        refunded_amount: string;
        settled_at: Date;
        settled_key: string;
      }>(sql`
        select h.id, h.reference_type, h.reference_id, h.client_id, ${nameOf(sql`h.client_id`)} as client_name,
               cu.email as client_email, h.coach_id, ${nameOf(sql`h.coach_id`)} as coach_name, ku.email as coach_email,
               h.format, h.duration_minutes, h.amount::text, h.captured_coach_amount::text,
               h.captured_platform_amount::text, h.refunded_amount::text, h.settled_at,
               to_char(h.settled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as settled_key
          from money_holds h
          join users cu on cu.id = h.client_id
          join users ku on ku.id = h.coach_id
         where ${sql.join(conditions, sql` and `)}
         order by h.settled_at desc, h.id desc
         limit ${input.limit}`);
      return result.rows.map((row) => ({
        id: row.id,
        referenceType: row.reference_type,
        referenceId: row.reference_id,
        clientId: row.client_id,
        clientName: row.client_name,
        clientEmail: row.client_email,
        coachId: row.coach_id,
        coachName: row.coach_name,
        coachEmail: row.coach_email,
        format: row.format,
        durationMinutes: row.duration_minutes,
        amount: num(row.amount),
        coachAmount: num(row.captured_coach_amount),
        platformAmount: num(row.captured_platform_amount),
        refundedAmount: num(row.refunded_amount),
        settledAt: new Date(row.settled_at),
        settledKey: row.settled_key,
      }));
    },

    /** The refunds of these holds, oldest first, with who made them. */
    async refundsOf(executor: DbExecutor, holdIds: string[]): Promise<SessionRefundRow[]> {
      if (holdIds.length === 0) return [];
      const result = await executor.execute<{
        id: string;
        hold_id: string;
        amount: string;
        reason: string;
        refunded_by: string;
        refunded_by_name: string | null;
        refunded_by_email: string | null;
        created_at: Date;
      }>(sql`
        select r.id, r.hold_id, r.amount::text, r.reason, r.refunded_by,
               ${nameOf(sql`r.refunded_by`)} as refunded_by_name, u.email as refunded_by_email, r.created_at
          from session_refunds r
          join users u on u.id = r.refunded_by
         where r.hold_id in (${sql.join(
           holdIds.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})
         order by r.created_at, r.id`);
      return result.rows.map((row) => ({
        id: row.id,
        holdId: row.hold_id,
        amount: num(row.amount),
        reason: row.reason,
        refundedBy: row.refunded_by,
        refundedByName: row.refunded_by_name,
        refundedByEmail: row.refunded_by_email,
        createdAt: new Date(row.created_at),
      }));
    },

    async insertRefund(
      executor: DbExecutor,
      values: { holdId: string; amount: number; reason: string; refundedBy: string; now: Date },
    ) {
      return insertRow(executor, sessionRefunds, {
        holdId: values.holdId,
        amount: values.amount,
        reason: values.reason,
        refundedBy: values.refundedBy,
        createdAt: values.now,
      });
    },

    /** The platform's revenue account, when it exists yet (created by the first capture). */
    async platformRevenueAccountId(executor: DbExecutor): Promise<string | null> {
      const result = await executor.execute<{ id: string }>(
        sql`select id from ledger_accounts where kind = 'platform_revenue' and owner_user_id is null`,
      );
      return result.rows[0]?.id ?? null;
    },

    async balanceOf(executor: DbExecutor, accountId: string): Promise<number> {
      const result = await executor.execute<{ total: string }>(
        sql`select coalesce(sum(amount), 0)::text as total from ledger_entries where account_id = ${accountId}`,
      );
      return num(result.rows[0]?.total);
    },

    /** The account's entries in [from, to) summed per UTC day or month ('YYYY-MM-DD' / 'YYYY-MM'). */
    async revenueByPeriod(
      executor: DbExecutor,
      input: { accountId: string; from: Date; to: Date; unit: 'day' | 'month' },
    ): Promise<RevenueBucketRow[]> {
      const format = input.unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
      const result = await executor.execute<RevenueSumsRaw & { period: string }>(sql`
        select to_char(t.created_at at time zone 'UTC', ${format}) as period, ${REVENUE_SUMS}
          from ledger_entries e
          join ledger_transactions t on t.id = e.transaction_id
         where e.account_id = ${input.accountId}
           and t.created_at >= ${input.from.toISOString()}::timestamptz
           and t.created_at < ${input.to.toISOString()}::timestamptz
         group by 1
         order by 1`);
      return result.rows.map((row) => toBucket(row.period, row));
    },

    /** The account's entries in [from, to) by the format of the hold they came from ('other': none). */
    async revenueByFormat(
      executor: DbExecutor,
      input: { accountId: string; from: Date; to: Date },
    ): Promise<RevenueBucketRow[]> {
      const result = await executor.execute<RevenueSumsRaw & { format: string }>(sql`
        select coalesce(h.format, 'other') as format, ${REVENUE_SUMS}
          from ledger_entries e
          join ledger_transactions t on t.id = e.transaction_id
          left join money_holds h on h.reference_type = t.reference_type and h.reference_id = t.reference_id
         where e.account_id = ${input.accountId}
           and t.created_at >= ${input.from.toISOString()}::timestamptz
           and t.created_at < ${input.to.toISOString()}::timestamptz
         group by 1`);
      return result.rows.map((row) => toBucket(row.format, row));
    },

    /** The newest capture postings that credited the account, newest first. */
    async recentCaptures(
      executor: DbExecutor,
      accountId: string,
      limit: number,
    ): Promise<RecentCaptureRow[]> {
      const result = await executor.execute<{
        transaction_id: string;
        hold_id: string | null;
        captured_at: Date;
        client_name: string | null;
        client_email: string | null;
        coach_name: string | null;
        coach_email: string | null;
        format: 'text' | 'audio' | 'video' | null;
        duration_minutes: number | null;
        amount: string | null;
        platform_fee: string;
      }>(sql`
        select t.id as transaction_id, h.id as hold_id, t.created_at as captured_at,
               ${nameOf(sql`h.client_id`)} as client_name, cu.email as client_email,
               ${nameOf(sql`h.coach_id`)} as coach_name, ku.email as coach_email,
               h.format, h.duration_minutes, h.amount::text as amount, e.amount::text as platform_fee
          from ledger_entries e
          join ledger_transactions t on t.id = e.transaction_id
          left join money_holds h on h.reference_type = t.reference_type and h.reference_id = t.reference_id
          left join users cu on cu.id = h.client_id
          left join users ku on ku.id = h.coach_id
         where e.account_id = ${accountId} and t.kind = 'capture'
         order by t.created_at desc, t.id desc
         limit ${limit}`);
      return result.rows.map((row) => ({
        transactionId: row.transaction_id,
        holdId: row.hold_id,
        capturedAt: new Date(row.captured_at),
        clientName: row.client_name ?? row.client_email,
        coachName: row.coach_name ?? row.coach_email,
        format: row.format,
        durationMinutes: row.duration_minutes,
        amount: row.amount === null ? null : num(row.amount),
        platformFee: num(row.platform_fee),
      }));
    },
  };
}

export type AdminMoneyRepository = ReturnType<typeof createAdminMoneyRepository>;
