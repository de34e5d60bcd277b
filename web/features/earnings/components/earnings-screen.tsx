import { useQuery } from '@tanstack/react-query';
import { ArrowDownLeft, ArrowUpRight, ChevronLeft, ChevronRight, Download, Receipt } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  EARNINGS_RANGES,
  type Earnings,
  type EarningsRange,
  type EarningsSession,
  type EarningsTransaction,
} from '../../../../contracts/earnings';
import { BarChart } from '../../../components/bar-chart';
import { Button } from '../../../components/button';
import { Table } from '../../../components/table';
import { errorText } from '../../../components/form-error';
import { LoadError } from '../../../components/load-error';
import { useToast } from '../../../components/toast';
import { useAuth } from '../../../lib/auth/use-auth';
import { formatCents } from '../../../lib/money';
import { downloadEarningsCsv, earningsQueryOptions, EARNINGS_SESSIONS_PAGE_SIZE } from '../api/earnings';
import {
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatShortMonthShortYear,
  localTimeZone,
  UTC,
} from '../../../lib/dates';
import { FORMAT_ADJECTIVES } from '../../../../domain/coaching/format-labels';
import { cardClasses } from '../../../components/card';

/** What the route puts next to the available balance: the Withdraw action (from the payouts feature). */
export type WithdrawSlot = (summary: { available: number; minimum: number; holdDays: number }) => ReactNode;

const RANGE_LABELS: Record<EarningsRange, string> = { '30d': '30 days', '12m': '12 months' };
const TAB_CLASSES =
  'inline-flex min-h-11 flex-1 items-center justify-center rounded-[6px] px-3 text-sm font-semibold text-text-muted hover:text-text data-[state=active]:bg-surface data-[state=active]:text-text data-[state=active]:shadow-soft';

const isRange = (value: string | null): value is EarningsRange =>
  (EARNINGS_RANGES as readonly string[]).includes(value ?? '');

/** Whole dollars on the chart's axis when the amount is round, cents otherwise. */
const axisMoney = (cents: number) =>
  cents % 100 === 0 ? `$${(cents / 100).toLocaleString('en-US')}` : formatCents(cents);

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function Tile({
  label,
  value,
  note,
  className = '',
}: {
  label: string;
  value: string;
  note: ReactNode;
  className?: string;
}) {
  return (
    <div className={`${cardClasses} p-4 sm:p-5 ${className}`}>
      <dt className="text-sm font-medium text-text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight tabular-nums">{value}</dd>
      <dd className="mt-1 text-xs text-text-muted">{note}</dd>
    </div>
  );
}

function Summary({ earnings, withdraw }: { earnings: Earnings; withdraw: WithdrawSlot }) {
  const days = plural(earnings.earnings_hold_days, 'day');
  return (
    <div className="flex flex-col gap-3 sm:gap-4">
      <section
        aria-labelledby="available-heading"
        className={`${cardClasses} flex flex-col gap-4 p-5 sm:flex-row sm:items-end sm:justify-between sm:p-6`}
      >
        <div>
          <h2 id="available-heading" className="text-sm font-medium text-text-muted">
            Available to withdraw
          </h2>
          {/* The figure under its h2, not a paragraph styled like a heading (axe p-as-heading). */}
          <div
            className="mt-1 text-4xl font-semibold tracking-tight tabular-nums"
            data-testid="earnings-available"
          >
            {formatCents(earnings.available)}
          </div>
          <p className="mt-2 text-sm text-text-muted">
            {earnings.available >= earnings.withdrawal_minimum
              ? `Withdraw any amount from ${formatCents(earnings.withdrawal_minimum)}.`
              : `You can withdraw once at least ${formatCents(earnings.withdrawal_minimum)} is available.`}
          </p>
        </div>
        <div className="shrink-0">
          {withdraw({
            available: earnings.available,
            minimum: earnings.withdrawal_minimum,
            holdDays: earnings.earnings_hold_days,
          })}
        </div>
      </section>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        <Tile
          label="Pending"
          value={formatCents(earnings.pending)}
          note={`Becomes available ${days} after a session.`}
        />
        <Tile label="In payout" value={formatCents(earnings.in_payout)} note="Requested, not paid yet." />
        <Tile
          className="col-span-2 sm:col-span-1"
          label="Paid out"
          value={formatCents(earnings.paid_out)}
          note={`${formatCents(earnings.lifetime)} earned in all.`}
        />
      </dl>
    </div>
  );
}

function periodLabel(period: string, range: EarningsRange) {
  const date = new Date(`${period}T00:00:00Z`);
  return range === '30d' ? formatDayMonth(date, UTC) : formatShortMonthShortYear(date, UTC);
}

function OverTime({ earnings }: { earnings: Earnings }) {
  const unit = earnings.range === '30d' ? 'day' : 'month';
  const total = earnings.series.reduce((sum, point) => sum + point.amount, 0);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <p className="text-sm text-text-muted">
          <span className="font-semibold text-text tabular-nums">{formatCents(total)}</span> earned in the
          last {RANGE_LABELS[earnings.range]}, after refunds.
        </p>
        <div className="mt-4">
          <BarChart
            title={`Earnings per ${unit} (UTC)`}
            data={earnings.series.map((point) => ({
              label: periodLabel(point.period, earnings.range),
              value: point.amount,
            }))}
            formatValue={axisMoney}
            emptyMessage={`No earnings in the last ${RANGE_LABELS[earnings.range]}. Paid sessions show up here.`}
          />
        </div>
      </div>
      <div>
        <h3 className="text-base font-semibold">By format</h3>
        <ul className="mt-2 grid grid-cols-1 gap-2 min-[480px]:grid-cols-3">
          {earnings.by_format.map((row) => (
            <li
              key={row.format}
              className="flex items-baseline justify-between gap-3 rounded-[var(--radius-control)] bg-surface-sunken px-3 py-2.5 min-[480px]:flex-col min-[480px]:items-start min-[480px]:gap-0.5"
            >
              <span className="font-medium">{FORMAT_ADJECTIVES[row.format]}</span>
              <span className="text-right text-sm text-text-muted min-[480px]:text-left">
                <span className="font-semibold text-text tabular-nums">{formatCents(row.amount)}</span> ·{' '}
                {plural(row.sessions, 'session')}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function StatusBadge({ session }: { session: EarningsSession }) {
  return session.status === 'available' ? (
    <span className="inline-flex rounded-full bg-success/10 px-2 py-0.5 text-xs font-semibold text-success">
      Available
    </span>
  ) : (
    <span className="inline-flex rounded-full bg-warning-soft px-2 py-0.5 text-xs font-semibold text-warning">
      Pending until {formatDate(session.available_at, localTimeZone())}
    </span>
  );
}

const sessionWhat = (session: EarningsSession) =>
  `${session.format ? FORMAT_ADJECTIVES[session.format] : 'Session'}${session.duration ? ` · ${session.duration} min` : ''}`;

function Sessions({
  earnings,
  page,
  onPage,
}: {
  earnings: Earnings;
  page: number;
  onPage: (page: number) => void;
}) {
  const { items, total } = earnings.sessions;
  const pages = Math.max(1, Math.ceil(total / EARNINGS_SESSIONS_PAGE_SIZE));
  return (
    <section aria-labelledby="sessions-heading" className={`${cardClasses} p-4 sm:p-6`}>
      <h2 id="sessions-heading" className="text-lg font-semibold">
        Sessions
      </h2>
      {total === 0 ? (
        <div className="mt-4 flex flex-col items-center gap-2 py-6 text-center text-text-muted">
          <Receipt aria-hidden="true" className="size-8" />
          <p>No paid sessions yet. Each session a client pays for appears here with your earnings.</p>
        </div>
      ) : (
        <>
          {/* Phones: one card per session. */}
          <ul className="mt-3 flex flex-col divide-y divide-border sm:hidden">
            {items.map((session) => (
              <li key={session.id} className="py-3">
                <p className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 font-medium wrap-anywhere">
                    {session.client_name ?? 'A client'}
                  </span>
                  <span className="shrink-0 font-semibold tabular-nums">{formatCents(session.earnings)}</span>
                </p>
                <p className="text-sm text-text-muted">
                  {sessionWhat(session)} ·{' '}
                  <time dateTime={session.date}>{formatDate(session.date, localTimeZone())}</time>
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-text-muted">
                  <span>
                    Price <span className="tabular-nums">{formatCents(session.price)}</span>
                  </span>
                  {session.refunded > 0 ? (
                    <span>
                      Refunded <span className="tabular-nums">{formatCents(session.refunded)}</span>
                    </span>
                  ) : null}
                  <StatusBadge session={session} />
                </p>
              </li>
            ))}
          </ul>
          <div className="mt-3 hidden sm:block">
            <Table
              caption="Your paid sessions, newest first"
              rows={items}
              rowKey={(session) => session.id}
              columns={[
                {
                  header: 'Date',
                  className: 'whitespace-nowrap',
                  cell: (session) => (
                    <time dateTime={session.date}>{formatDate(session.date, localTimeZone())}</time>
                  ),
                },
                {
                  header: 'Client',
                  isRowHeader: true,
                  className: 'wrap-anywhere',
                  cell: (session) => session.client_name ?? 'A client',
                },
                { header: 'Session', className: 'whitespace-nowrap text-text-muted', cell: sessionWhat },
                {
                  header: 'Price',
                  align: 'right',
                  className: 'tabular-nums',
                  cell: (session) => formatCents(session.price),
                },
                {
                  header: 'Refunded',
                  align: 'right',
                  className: 'tabular-nums',
                  cell: (session) => (session.refunded === 0 ? '—' : formatCents(session.refunded)),
                },
                {
                  header: 'Your earnings',
                  align: 'right',
                  className: 'font-semibold tabular-nums',
                  cell: (session) => formatCents(session.earnings),
                },
                { header: 'Status', cell: (session) => <StatusBadge session={session} /> },
              ]}
            />
          </div>
          {pages > 1 ? (
            <nav aria-label="Sessions pages" className="mt-4 flex items-center justify-between gap-3">
              <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
                <ChevronLeft aria-hidden="true" className="size-4" />
                Newer
              </Button>
              <p className="text-sm text-text-muted" aria-live="polite">
                Page {page} of {pages}
              </p>
              <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
                Older
                <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}

function TransactionRow({ transaction }: { transaction: EarningsTransaction }) {
  const credit = transaction.transaction_type === 'credit';
  const Icon = credit ? ArrowDownLeft : ArrowUpRight;
  return (
    <li className="flex items-center gap-3 py-3">
      <span
        className={`hidden size-9 shrink-0 items-center justify-center rounded-full sm:inline-flex ${
          credit ? 'bg-success/10 text-success' : 'bg-surface-sunken text-text-muted'
        }`}
      >
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium wrap-anywhere">{transaction.description}</p>
        <p className="text-sm text-text-muted">
          {transaction.source_type === 'withdrawal' ? 'Withdrawal' : 'Session'} ·{' '}
          <time dateTime={transaction.created_at}>
            {formatDateTime(transaction.created_at, localTimeZone())}
          </time>
        </p>
      </div>
      <p className={`shrink-0 font-semibold tabular-nums ${credit ? 'text-success' : 'text-text'}`}>
        <span className="sr-only">{credit ? 'Credit' : 'Debit'} </span>
        {credit ? '+' : '−'}
        {formatCents(transaction.amount)}
      </p>
    </li>
  );
}

function ExportButton() {
  const { accessToken } = useAuth();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  async function exportCsv() {
    setBusy(true);
    try {
      const filename = await downloadEarningsCsv(accessToken);
      toast({ title: 'Export ready', description: `${filename} was downloaded.` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not export', description: errorText(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" disabled={busy} onClick={() => void exportCsv()}>
      <Download aria-hidden="true" className="size-4" />
      {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}

/** How many transactions show before "Show all". */
const TRANSACTIONS_SHOWN = 10;

function Transactions({ transactions }: { transactions: EarningsTransaction[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? transactions : transactions.slice(0, TRANSACTIONS_SHOWN);
  return (
    <section aria-labelledby="earnings-transactions-heading" className={`${cardClasses} p-4 sm:p-6`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="earnings-transactions-heading" className="text-lg font-semibold">
          Transactions
        </h2>
        <ExportButton />
      </div>
      {transactions.length === 0 ? (
        <div className="mt-4 flex flex-col items-center gap-2 py-6 text-center text-text-muted">
          <Receipt aria-hidden="true" className="size-8" />
          <p>No transactions yet. Session earnings, refunds and withdrawals will appear here.</p>
        </div>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-border">
            {shown.map((transaction) => (
              <TransactionRow key={transaction.id} transaction={transaction} />
            ))}
          </ul>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-text-muted">
              The newest transactions; the CSV export has all of them.
            </p>
            {transactions.length > TRANSACTIONS_SHOWN ? (
              <Button variant="ghost" onClick={() => setAll((value) => !value)} aria-expanded={all}>
                {all ? 'Show fewer' : `Show ${transactions.length - TRANSACTIONS_SHOWN} more`}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}

function Skeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading your earnings…
      </p>
      <div aria-hidden="true" className="flex animate-pulse flex-col gap-6">
        <div className={`${cardClasses} h-36`} />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
          {[0, 1, 2].map((tile) => (
            <div key={tile} className={`${cardClasses} h-24`} />
          ))}
        </div>
        <div className={`${cardClasses} h-80`} />
      </div>
    </div>
  );
}

/**
 * SPEC §2 /revenue and /manage-revenue: available and pending earnings from the ledger, the Withdraw
 * action (given by the route), earnings per day or month with a 30 days / 12 months switch kept in the
 * URL (?range=12m), earnings by format, the paid sessions (cards on phones, a table from 640 px), the
 * newest transactions and a CSV export of all of them.
 */
export function EarningsScreen({
  userId,
  withdraw,
  belowSummary,
}: {
  userId: string;
  withdraw: WithdrawSlot;
  /** Shown under the balances (the route puts the coach's withdrawals there). */
  belowSummary?: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const range: EarningsRange = isRange(params.get('range')) ? (params.get('range') as EarningsRange) : '30d';
  const [page, setPage] = useState(1);
  const earnings = useQuery(earningsQueryOptions(userId, range, page));

  if (earnings.isPending) return <Skeleton />;
  if (earnings.isError)
    return (
      <LoadError
        title="Your earnings did not load"
        error={earnings.error}
        onRetry={() => void earnings.refetch()}
      />
    );

  const data = earnings.data;
  return (
    <div
      className={`flex flex-col gap-6 transition-opacity ${earnings.isPlaceholderData ? 'opacity-60' : ''}`}
      aria-busy={earnings.isPlaceholderData ? true : undefined}
    >
      <Summary earnings={data} withdraw={withdraw} />
      {belowSummary}
      <Tabs.Root
        value={range}
        onValueChange={(value) => {
          if (isRange(value)) setParams(new URLSearchParams(value === '30d' ? {} : { range: value }));
        }}
      >
        <section aria-labelledby="over-time-heading" className={`${cardClasses} p-4 sm:p-6`}>
          <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <h2 id="over-time-heading" className="text-lg font-semibold">
              Earnings over time
            </h2>
            <Tabs.List
              aria-label="Period"
              className="flex w-full gap-1 rounded-[var(--radius-control)] bg-surface-sunken p-1 sm:w-72"
            >
              {EARNINGS_RANGES.map((entry) => (
                <Tabs.Trigger key={entry} value={entry} className={TAB_CLASSES}>
                  {RANGE_LABELS[entry]}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
          </div>
          <Tabs.Content value={range} className="outline-none">
            {/* The range of the data on screen (the previous one while the next loads). */}
            <OverTime earnings={data} />
          </Tabs.Content>
        </section>
      </Tabs.Root>
      <Sessions earnings={data} page={page} onPage={setPage} />
      <Transactions transactions={data.transactions} />
    </div>
  );
}
