import {
  RECENT_CAPTURES_LIMIT,
  SESSION_PAYMENTS_PAGE_SIZE,
  type PaymentFormat,
  type PlatformRevenue,
  type RefundResult,
  type RevenueAmounts,
  type RevenueRange,
  type SessionPayment,
  type SessionPaymentsPage,
  type SessionPaymentsQuery,
  type SessionRefund,
} from '#contracts/admin-money';
import { PAYMENT_FORMATS } from '#contracts/admin-money';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import { formatCents } from '#domain/money/format';
import type { Database, DbExecutor } from '#server/db/client';
import type { ActiveAdmin, AdminService } from '../admin/admin.service';
import type { SettlementService } from '../settlement/settlement.service';
import type {
  AdminMoneyRepository,
  RevenueBucketRow,
  SessionPaymentRow,
  SessionRefundRow,
} from './admin-money.repository';
import { centsCell, integerCell, textCell, toCsv } from './csv';
import { dailyPeriodsSince, revenuePeriods } from './revenue-periods';

const CURRENCY = 'usd';

const CURSOR_PATTERN =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

const encodeCursor = (row: Pick<SessionPaymentRow, 'settledKey' | 'id'>) =>
  Buffer.from(`${row.settledKey}|${row.id}`, 'utf8').toString('base64url');

function decodeCursor(cursor: string): { settledKey: string; id: string } {
  const match = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1] || !match[2])
    throw new AppError('VALIDATION_ERROR', 'This page of the list is no longer valid. Reload the list.', {
      details: [{ path: 'cursor', message: 'Reload the list to start again from the newest payments.' }],
    });
  return { settledKey: match[1], id: match[2] };
}

const person = (id: string, name: string | null, email: string | null) => ({
  user_id: id,
  name: name ?? email ?? 'Unknown',
  email,
});

const toRefund = (row: SessionRefundRow): SessionRefund => ({
  id: row.id,
  amount: row.amount,
  reason: row.reason,
  refunded_by: { user_id: row.refundedBy, name: row.refundedByName ?? row.refundedByEmail ?? 'An admin' },
  created_at: row.createdAt.toISOString(),
});

const toPayment = (row: SessionPaymentRow, refunds: SessionRefundRow[]): SessionPayment => ({
  id: row.id,
  reference: { type: row.referenceType, id: row.referenceId },
  client: person(row.clientId, row.clientName, row.clientEmail),
  coach: person(row.coachId, row.coachName, row.coachEmail),
  format: row.format,
  duration_minutes: row.durationMinutes,
  amount: row.amount,
  coach_amount: row.coachAmount,
  platform_amount: row.platformAmount,
  refunded_amount: row.refundedAmount,
  refundable_amount: row.amount - row.refundedAmount,
  settled_at: row.settledAt.toISOString(),
  refunds: refunds.filter((refund) => refund.holdId === row.id).map(toRefund),
});

const ZERO: RevenueAmounts = { fees_earned: 0, refunded: 0, other_debits: 0, net: 0 };
const amountsOf = (row: RevenueBucketRow | undefined): RevenueAmounts =>
  row
    ? { fees_earned: row.feesEarned, refunded: row.refunded, other_debits: row.otherDebits, net: row.net }
    : ZERO;

function leftToRefund(amount: number, refunded: number): AppError {
  const left = amount - refunded;
  const message =
    left <= 0
      ? 'This session was already refunded in full: nothing is left to refund.'
      : `At most ${formatCents(left)} is left to refund for this session.`;
  return new AppError('REFUND_EXCEEDS_CAPTURED', message, { details: [{ path: 'amount', message }] });
}

/**
 * Admin money: session payments (captured holds) and their refunds by
 * financial admins, and the platform's own revenue read from the ledger. Permissions are checked by
 * the routes (admin.authorize) before anything here runs; every refund is audit-logged in the same
 * transaction as its money.
 */
export function createAdminMoneyService(deps: {
  db: Database;
  repository: AdminMoneyRepository;
  settlement: SettlementService;
  admin: AdminService;
  clock: Clock;
}) {
  const { db, repository, settlement, admin, clock } = deps;

  async function paymentWithRefunds(executor: DbExecutor, holdId: string): Promise<SessionPayment> {
    const [row] = await repository.listSessionPayments(executor, { q: null, after: null, limit: 1, holdId });
    if (!row) throw new AppError('NOT_FOUND', 'This session payment could not be found.');
    return toPayment(row, await repository.refundsOf(executor, [row.id]));
  }

  async function revenueReport(range: RevenueRange): Promise<PlatformRevenue> {
    const now = clock.now();
    const periods = revenuePeriods(range, now);
    const accountId = await repository.platformRevenueAccountId(db);
    const [buckets, formats, balance, recent] = accountId
      ? await Promise.all([
          repository.revenueByPeriod(db, {
            accountId,
            from: periods.from,
            to: periods.to,
            unit: periods.unit,
          }),
          repository.revenueByFormat(db, { accountId, from: periods.from, to: periods.to }),
          repository.balanceOf(db, accountId),
          repository.recentCaptures(db, accountId, RECENT_CAPTURES_LIMIT),
        ])
      : [[], [], 0, []];
    const byKey = new Map(buckets.map((bucket) => [bucket.key, bucket]));
    const sum = (pick: (row: RevenueBucketRow) => number) =>
      buckets.reduce((total, row) => total + pick(row), 0);
    return {
      range,
      currency: CURRENCY,
      from: periods.from.toISOString(),
      to: now.toISOString(),
      totals: {
        fees_earned: sum((row) => row.feesEarned),
        refunded: sum((row) => row.refunded),
        other_debits: sum((row) => row.otherDebits),
        net: sum((row) => row.net),
        captures: sum((row) => row.captures),
      },
      balance,
      series: periods.keys.map((key) => ({ period: key, ...amountsOf(byKey.get(key)) })),
      by_format: PAYMENT_FORMATS.flatMap((format: PaymentFormat) => {
        const row = formats.find((entry) => entry.key === format);
        return row ? [{ format, captures: row.captures, ...amountsOf(row) }] : [];
      }),
      recent_captures: recent.map((row) => ({
        transaction_id: row.transactionId,
        hold_id: row.holdId,
        captured_at: row.capturedAt.toISOString(),
        client_name: row.clientName,
        coach_name: row.coachName,
        format: row.format,
        duration_minutes: row.durationMinutes,
        amount: row.amount ?? row.platformFee,
        platform_fee: row.platformFee,
      })),
    };
  }

  return {
    /** Captured holds, newest first, 20 per page, searchable by client or coach name or email. */
    async listPayments(query: SessionPaymentsQuery): Promise<SessionPaymentsPage> {
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const rows = await repository.listSessionPayments(db, {
        q: query.q ? query.q : null,
        after,
        limit: SESSION_PAYMENTS_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, SESSION_PAYMENTS_PAGE_SIZE);
      const refunds = await repository.refundsOf(
        db,
        page.map((row) => row.id),
      );
      const last = page.at(-1);
      return {
        payments: page.map((row) => toPayment(row, refunds)),
        next_cursor: rows.length > SESSION_PAYMENTS_PAGE_SIZE && last ? encodeCursor(last) : null,
      };
    },

    /**
     * Refunds part or all of a session payment to the client's wallet, in the caller's transaction
     * (the idempotency key's): settlement.refund (its compare-and-set on refunded_amount keeps the sum
     * of refunds at most the amount, whatever races), a session_refunds row and an audit row commit
     * together or not at all.
     */
    async refund(
      executor: DbExecutor,
      actor: ActiveAdmin,
      input: { holdId: string; amount: number; reason: string; requestId: string },
    ): Promise<RefundResult> {
      const hold = await repository.findHold(executor, input.holdId);
      if (!hold) throw new AppError('NOT_FOUND', 'This session payment could not be found.');
      if (hold.status !== 'captured') throw new AppError('HOLD_NOT_CAPTURED');
      if (input.amount > hold.amount - hold.refundedAmount)
        throw leftToRefund(hold.amount, hold.refundedAmount);

      const reference = { type: hold.referenceType, id: hold.referenceId };
      let result: Awaited<ReturnType<SettlementService['refund']>>;
      try {
        result = await settlement.refund(executor, { reference, amount: input.amount, reason: input.reason });
      } catch (error) {
        // Another refund got there first: say how much is left now.
        if (error instanceof AppError && error.code === 'REFUND_EXCEEDS_CAPTURED') {
          const current = await repository.findHold(executor, input.holdId);
          if (current) throw leftToRefund(current.amount, current.refundedAmount);
        }
        throw error;
      }
      const refund = await repository.insertRefund(executor, {
        holdId: hold.id,
        amount: input.amount,
        reason: input.reason,
        refundedBy: actor.userId,
        now: clock.now(),
      });
      await admin.logActivity(executor, actor, {
        actionType: 'session_refund',
        targetType: 'money_hold',
        targetId: hold.id,
        details: {
          amount: input.amount,
          reason: input.reason,
          fromCoach: result.fromCoach,
          fromPlatform: result.fromPlatform,
          refundId: refund.id,
          clientId: hold.clientId,
          coachId: hold.coachId,
        },
        requestId: input.requestId,
      });
      const payment = await paymentWithRefunds(executor, hold.id);
      const made = payment.refunds.find((entry) => entry.id === refund.id);
      if (!made) throw new Error('The new refund was not read back');
      return { refund: made, from_coach: result.fromCoach, from_platform: result.fromPlatform, payment };
    },

    platformRevenue: revenueReport,

    /** Platform revenue per UTC day over the range, as CSV; the export is audit-logged. */
    async exportPlatformRevenueCsv(
      actor: ActiveAdmin,
      range: RevenueRange,
      requestId: string,
    ): Promise<{ filename: string; csv: string }> {
      const now = clock.now();
      // Every day of the range up to today (for 12m: from the first day of the first month).
      const periods = dailyPeriodsSince(revenuePeriods(range, now).from, now);
      const accountId = await repository.platformRevenueAccountId(db);
      const buckets = accountId
        ? await repository.revenueByPeriod(db, { accountId, from: periods.from, to: periods.to, unit: 'day' })
        : [];
      const byKey = new Map(buckets.map((bucket) => [bucket.key, bucket]));
      const rows = [
        ['date', 'fees_earned', 'refunded', 'other_debits', 'net', 'captures', 'currency'].map(textCell),
        ...periods.keys.map((key) => {
          const bucket = byKey.get(key);
          const amounts = amountsOf(bucket);
          return [
            textCell(key),
            centsCell(amounts.fees_earned),
            centsCell(amounts.refunded),
            centsCell(amounts.other_debits),
            centsCell(amounts.net),
            integerCell(bucket?.captures ?? 0),
            textCell(CURRENCY.toUpperCase()),
          ];
        }),
      ];
      await admin.logActivity(db, actor, {
        actionType: 'export_platform_revenue',
        targetType: 'platform_revenue',
        details: { range, days: periods.keys.length },
        requestId,
      });
      return {
        filename: `platform-revenue-${range}-${periods.keys.at(-1) ?? 'empty'}.csv`,
        csv: toCsv(rows),
      };
    },
  };
}

export type AdminMoneyService = ReturnType<typeof createAdminMoneyService>;
