import type { Clock } from '#domain/clock';
import { refundedCoachShare } from '#domain/ledger/postings';
import { cents } from '#domain/money/cents';
import { formatDecimalDollars } from '#domain/money/format';
import {
  EARNINGS_RECENT_TRANSACTIONS,
  SESSION_FORMATS,
  type Earnings,
  type EarningsRange,
  type EarningsSession,
  type EarningsTransaction,
} from '#contracts/earnings';
import type { Database } from '#server/db/client';
import type { LedgerService } from '../ledger/ledger.service';
import type { PlatformSettingsService } from '../platform-settings/platform-settings.service';
import type { CoachTransactionRow, EarningsRepository, SessionRow } from './earnings.repository';
import { FORMAT_ADJECTIVES } from '#domain/coaching/format-labels';

export const EARNINGS_CURRENCY = 'usd';
const DAY_MS = 86_400_000;
/** Holds made available per database transaction by the release job. */
export const RELEASE_BATCH_SIZE = 100;

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const pad = (value: number) => String(value).padStart(2, '0');
const utcDay = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** The periods of a range, oldest first, and the instant the first one starts (UTC). */
export function periodsOf(
  range: EarningsRange,
  now: Date,
): { unit: 'day' | 'month'; periods: string[]; from: Date } {
  if (range === '30d') {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const periods = Array.from({ length: 30 }, (_, index) => utcDay(new Date(today - (29 - index) * DAY_MS)));
    return { unit: 'day', periods, from: new Date(today - 29 * DAY_MS) };
  }
  const periods = Array.from({ length: 12 }, (_, index) =>
    utcDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (11 - index), 1))),
  );
  return {
    unit: 'month',
    periods,
    from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)),
  };
}

function sessionDescription(row: Pick<CoachTransactionRow, 'format' | 'duration_minutes' | 'client_name'>) {
  const what = row.format ? `${FORMAT_ADJECTIVES[row.format]} session` : 'Session';
  const who = row.client_name ? ` with ${row.client_name}` : '';
  const length = row.duration_minutes ? ` (${row.duration_minutes} min)` : '';
  return `${what}${who}${length}`;
}

function describe(row: CoachTransactionRow): string {
  switch (row.kind) {
    case 'capture':
      return sessionDescription(row);
    case 'refund':
      return `Refund: ${sessionDescription(row).replace(/^./, (first) => first.toLowerCase())}`;
    case 'withdrawal':
      return row.method_label ? `Withdrawal to ${row.method_label}` : 'Withdrawal';
    case 'withdrawal_rejected':
      return row.rejection_reason
        ? `Withdrawal returned (rejected: ${row.rejection_reason})`
        : 'Withdrawal returned (rejected)';
    case 'correction':
      return 'Correction';
    default:
      return row.kind.replace(/_/g, ' ');
  }
}

export function toTransaction(coachId: string, row: CoachTransactionRow): EarningsTransaction {
  const net = Number(row.net);
  const withdrawal = row.reference_type === 'withdrawal';
  return {
    id: row.id,
    coach_id: coachId,
    source_type: withdrawal ? 'withdrawal' : 'session',
    source_id: row.reference_id,
    amount: Math.abs(net),
    transaction_type: net >= 0 ? 'credit' : 'debit',
    description: describe(row),
    client_name: withdrawal ? null : row.client_name,
    created_at: row.created_at.toISOString(),
  };
}

function toSession(row: SessionRow, holdDays: number): EarningsSession {
  const amount = Number(row.amount);
  const coach = Number(row.captured_coach_amount);
  const refunded = Number(row.refunded_amount);
  const availableAt = row.earnings_available_at ?? new Date(row.settled_at.getTime() + holdDays * DAY_MS);
  return {
    id: row.id,
    source_type: row.reference_type,
    source_id: row.reference_id,
    date: row.settled_at.toISOString(),
    client_name: row.client_name,
    format: row.format,
    duration: row.duration_minutes,
    price: amount,
    earnings: coach - refundedCoachShare(refunded, coach, amount),
    refunded,
    status: row.earnings_available_at === null ? 'pending' : 'available',
    available_at: availableAt.toISOString(),
  };
}

// ---- CSV

const CSV_HEADER = [
  'id',
  'created_at',
  'source_type',
  'source_id',
  'transaction_type',
  'amount',
  'description',
  'client_name',
] as const;

/**
 * One CSV cell: quoted when needed (RFC 4180), and never read as a formula by a spreadsheet: a cell
 * starting with = + - @ tab or CR gets a leading apostrophe (OWASP CSV injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function transactionsCsv(transactions: EarningsTransaction[]): string {
  const lines = [CSV_HEADER.join(',')];
  for (const transaction of transactions)
    lines.push(
      [
        transaction.id,
        transaction.created_at,
        transaction.source_type,
        transaction.source_id,
        transaction.transaction_type,
        formatDecimalDollars(transaction.amount),
        transaction.description,
        transaction.client_name ?? '',
      ]
        .map(csvCell)
        .join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * A coach's earnings: balances from the ledger, the chart series, per format, paid
 * sessions and SPEC §3 transactions, the CSV export, and `releaseDue`, which makes captured earnings
 * available `earnings_hold_days` after the session (run by server/jobs/earnings-release.job.ts).
 */
export function createEarningsService(deps: {
  db: Database;
  repository: EarningsRepository;
  ledger: LedgerService;
  settings: PlatformSettingsService;
  clock: Clock;
}) {
  const { db, repository, ledger, settings, clock } = deps;

  return {
    async summary(
      coachId: string,
      query: { range: EarningsRange; page: number; page_size: number },
    ): Promise<Earnings> {
      const now = clock.now();
      const { unit, periods, from } = periodsOf(query.range, now);
      const [money, pendingAccount, availableAccount] = await Promise.all([
        settings.getMoneySettings(db),
        ledger.ensureAccount(db, 'coach_pending', coachId),
        ledger.ensureAccount(db, 'coach_available', coachId),
      ]);
      const [pending, available, withdrawals, series, byFormat, total, sessionRows, transactionRows] =
        await Promise.all([
          ledger.balanceOf(db, pendingAccount.id),
          ledger.balanceOf(db, availableAccount.id),
          repository.withdrawalTotals(db, coachId),
          repository.series(db, coachId, unit, from),
          repository.byFormat(db, coachId, from),
          repository.countSessions(db, coachId),
          repository.sessions(db, coachId, query.page_size, (query.page - 1) * query.page_size),
          repository.transactions(db, coachId, EARNINGS_RECENT_TRANSACTIONS),
        ]);
      const withdrawn = (...statuses: string[]) =>
        withdrawals
          .filter((row) => statuses.includes(row.status))
          .reduce((sum, row) => sum + Number(row.amount), 0);
      const inPayout = withdrawn('requested', 'approved');
      const paidOut = withdrawn('paid');
      const byPeriod = new Map(series.map((row) => [row.period, Number(row.amount)]));
      return {
        currency: EARNINGS_CURRENCY,
        pending,
        available,
        in_payout: inPayout,
        paid_out: paidOut,
        lifetime: pending + available + inPayout + paidOut,
        withdrawal_minimum: money.withdrawalMinimumCents,
        earnings_hold_days: money.earningsHoldDays,
        range: query.range,
        series: periods.map((period) => ({ period, amount: byPeriod.get(period) ?? 0 })),
        by_format: SESSION_FORMATS.map((format) => {
          const row = byFormat.find((candidate) => candidate.format === format);
          return { format, sessions: row?.sessions ?? 0, amount: Number(row?.amount ?? 0) };
        }),
        sessions: {
          items: sessionRows.map((row) => toSession(row, money.earningsHoldDays)),
          page: query.page,
          page_size: query.page_size,
          total,
        },
        transactions: transactionRows.map((row) => toTransaction(coachId, row)),
      };
    },

    /** Every transaction as CSV, with the file name of the day (UTC). */
    async exportCsv(coachId: string): Promise<{ filename: string; body: string }> {
      const rows = await repository.transactions(db, coachId, null);
      return {
        filename: `wellspring-earnings-${utcDay(clock.now())}.csv`,
        body: transactionsCsv(rows.map((row) => toTransaction(coachId, row))),
      };
    },

    /**
     * Makes due earnings available: every captured hold settled at least `earnings_hold_days` before
     * `now` whose earnings are still pending. Per hold, in one transaction with a compare-and-set of
     * earnings_available_at: the coach's share net of refunds so far moves coach_pending ->
     * coach_available ('earnings_available', reference ('money_hold', id)); no posting when it is 0.
     * Batches are claimed FOR UPDATE SKIP LOCKED, so concurrent runs release each hold once. Returns
     * how many holds were released.
     */
    async releaseDue(now: Date, batchSize = RELEASE_BATCH_SIZE): Promise<number> {
      const { earningsHoldDays } = await settings.getMoneySettings(db);
      const cutoff = new Date(now.getTime() - earningsHoldDays * DAY_MS);
      let released = 0;
      for (;;) {
        const claimed = await db.transaction(async (tx) => {
          const due = await repository.lockDueHolds(tx, cutoff, batchSize);
          // One coach after another, in id order: concurrent runs then create and lock coaches' ledger
          // accounts in the same order, so they queue instead of deadlocking.
          const ordered = [...due].sort((a, b) =>
            a.coachId === b.coachId ? compare(a.id, b.id) : compare(a.coachId, b.coachId),
          );
          for (const hold of ordered) {
            const row = await repository.markEarningsAvailable(tx, hold.id, now);
            if (!row) continue;
            released += 1;
            const coach = row.capturedCoachAmount ?? 0;
            const share = coach - refundedCoachShare(row.refundedAmount, coach, row.amount);
            if (share <= 0) continue;
            const pendingAccount = await ledger.ensureAccount(tx, 'coach_pending', row.coachId);
            // What is still pending is at least this hold's share unless the ledger was corrected by
            // hand; never move more than is there (a person's account may not go negative).
            const pendingBalance = await ledger.balanceOf(tx, pendingAccount.id);
            const amount = Math.min(share, pendingBalance);
            if (amount <= 0) continue;
            await ledger.post(tx, {
              kind: 'earnings_available',
              reference: { type: 'money_hold', id: row.id },
              entries: [
                { account: 'coach_pending', owner: row.coachId, amount: cents(-amount) },
                { account: 'coach_available', owner: row.coachId, amount: cents(amount) },
              ],
              metadata: {
                coachId: row.coachId,
                holdReference: { type: row.referenceType, id: row.referenceId },
                ...(amount < share ? { shortfall: share - amount } : {}),
              },
            });
          }
          return due.length;
        });
        if (claimed < batchSize) return released;
      }
    },
  };
}

export type EarningsService = ReturnType<typeof createEarningsService>;
