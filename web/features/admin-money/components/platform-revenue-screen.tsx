import { useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import {
  REVENUE_RANGES,
  type PaymentFormat,
  type PlatformRevenue,
  type RevenueRange,
} from '#contracts/admin-money';
import { BarChart } from '#web/components/bar-chart';
import { Table } from '#web/components/table';
import { LoadError } from '#web/components/load-error';
import { PeriodTabsList } from '#web/components/tab-strip';
import { useRangeParam } from '#web/lib/use-range-param';
import { formatCents } from '#web/lib/money';
import { MoneyFigure } from './money-figure';
import { downloadPlatformRevenueCsv, platformRevenueQueryOptions } from '../api/platform-revenue';
import { formatDayMonth, formatShortMonthYear, localTimeZone, UTC } from '#web/lib/dates';
import { formatDateTime } from '#web/lib/date-times';
import { FORMAT_ADJECTIVES } from '#domain/coaching/format-labels';
import { cardClasses } from '#web/components/card';
import { ExportCsvButton } from '#web/components/export-csv-button';
import { EmptyNote, SectionCard } from '#web/components/section-card';
import { LoadingSkeleton } from '#web/components/loading-skeleton';

const RANGE_LABELS: Record<RevenueRange, string> = { '30d': '30 days', '12m': '12 months' };
const FORMAT_LABELS: Record<PaymentFormat, string> = { ...FORMAT_ADJECTIVES, other: 'Other' };
/** 'YYYY-MM-DD' -> "Nov 21"; 'YYYY-MM' -> "Nov 2026" (UTC, as the server groups them). */
export function periodLabel(period: string): string {
  return period.length === 7
    ? formatShortMonthYear(`${period}-01T00:00:00Z`, UTC)
    : formatDayMonth(`${period}T00:00:00Z`, UTC);
}

/** Whole dollars on the chart's axis when the amount is round, cents otherwise. */
const axisMoney = (cents: number) =>
  cents % 100 === 0 ? `$${(cents / 100).toLocaleString('en-US')}` : formatCents(cents);

function Tile({
  label,
  value,
  note,
  tone,
}: {
  label: string;
  value: string;
  note?: ReactNode;
  tone?: 'muted';
}) {
  return (
    <div className={`${cardClasses} p-4 sm:p-5`}>
      <dt className="text-sm font-medium text-text-muted">{label}</dt>
      <dd
        className={`mt-1 text-2xl font-semibold tracking-tight tabular-nums ${tone === 'muted' ? 'text-text-muted' : ''}`}
      >
        {value}
      </dd>
      {note ? <dd className="mt-1 text-xs text-text-muted">{note}</dd> : null}
    </div>
  );
}

function Totals({ report }: { report: PlatformRevenue }) {
  const { totals } = report;
  const sessions = `${totals.captures} ${totals.captures === 1 ? 'session' : 'sessions'}`;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Tile label="Fees earned" value={formatCents(totals.fees_earned)} note={`From ${sessions}`} />
      <Tile
        label="Refunded"
        value={totals.refunded === 0 ? formatCents(0) : `−${formatCents(totals.refunded)}`}
        tone={totals.refunded === 0 ? 'muted' : undefined}
        note="Platform share of refunds"
      />
      <Tile
        label="Net revenue"
        value={formatCents(totals.net)}
        note={
          totals.other_debits > 0
            ? `After ${formatCents(totals.other_debits)} of other adjustments`
            : `Last ${RANGE_LABELS[report.range]}`
        }
      />
      <Tile label="Revenue balance" value={formatCents(report.balance)} note="All time, from the ledger" />
    </dl>
  );
}

function ByFormat({ report }: { report: PlatformRevenue }) {
  return (
    <SectionCard id="by-format-heading" title="By format" className={`${cardClasses} p-4 sm:p-6`}>
      {report.by_format.length === 0 ? (
        <p className="mt-2 text-sm text-text-muted">No fees in the last {RANGE_LABELS[report.range]}.</p>
      ) : (
        <>
          {/* Phones: one small card per format. */}
          <ul className="mt-3 flex flex-col divide-y divide-border sm:hidden">
            {report.by_format.map((row) => (
              <li key={row.format} className="py-3">
                <p className="flex items-baseline justify-between gap-3">
                  <span className="font-medium">{FORMAT_LABELS[row.format]}</span>
                  <span className="text-sm text-text-muted">
                    {row.captures} {row.captures === 1 ? 'session' : 'sessions'}
                  </span>
                </p>
                <dl className="mt-1 grid grid-cols-3 gap-2 text-sm">
                  <MoneyFigure term="Fees">{formatCents(row.fees_earned)}</MoneyFigure>
                  <MoneyFigure term="Refunded">
                    {row.refunded === 0 ? '—' : `−${formatCents(row.refunded)}`}
                  </MoneyFigure>
                  <MoneyFigure term="Net" weight="semibold">
                    {formatCents(row.net)}
                  </MoneyFigure>
                </dl>
              </li>
            ))}
          </ul>
          <div className="mt-3 hidden sm:block">
            <Table
              caption={`Platform revenue by format, last ${RANGE_LABELS[report.range]}`}
              rows={report.by_format}
              rowKey={(row) => row.format}
              columns={[
                { header: 'Format', isRowHeader: true, cell: (row) => FORMAT_LABELS[row.format] },
                {
                  header: 'Sessions',
                  align: 'right',
                  className: 'tabular-nums',
                  cell: (row) => row.captures,
                },
                {
                  header: 'Fees',
                  align: 'right',
                  className: 'tabular-nums',
                  cell: (row) => formatCents(row.fees_earned),
                },
                {
                  header: 'Refunded',
                  align: 'right',
                  className: 'tabular-nums',
                  cell: (row) => (row.refunded === 0 ? '—' : `−${formatCents(row.refunded)}`),
                },
                {
                  header: 'Net',
                  align: 'right',
                  className: 'font-semibold tabular-nums',
                  cell: (row) => formatCents(row.net),
                },
              ]}
            />
          </div>
        </>
      )}
    </SectionCard>
  );
}

function RecentCaptures({ report }: { report: PlatformRevenue }) {
  return (
    <SectionCard
      id="recent-captures-heading"
      title="Recent session payments"
      className={`${cardClasses} p-4 sm:p-6`}
    >
      {report.recent_captures.length === 0 ? (
        <EmptyNote icon={Receipt}>
          No session has been paid yet. Each completed session adds its platform fee here.
        </EmptyNote>
      ) : (
        <ul className="mt-2 divide-y divide-border">
          {report.recent_captures.map((capture) => (
            <li key={capture.transaction_id} className="flex items-start gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium wrap-anywhere">
                  {capture.client_name ?? 'A client'} <span className="text-text-muted">with</span>{' '}
                  {capture.coach_name ?? 'a coach'}
                </p>
                <p className="text-sm text-text-muted">
                  {capture.format ? FORMAT_LABELS[capture.format] : 'Payment'}
                  {capture.duration_minutes ? ` · ${capture.duration_minutes} min` : ''} ·{' '}
                  <time dateTime={capture.captured_at}>
                    {formatDateTime(capture.captured_at, localTimeZone())}
                  </time>
                </p>
              </div>
              <div className="shrink-0 text-right">
                <p className="font-semibold tabular-nums">
                  <span className="sr-only">Platform fee </span>+{formatCents(capture.platform_fee)}
                </p>
                <p className="text-xs text-text-muted tabular-nums">of {formatCents(capture.amount)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function Skeleton() {
  return (
    <LoadingSkeleton label="Loading platform revenue…">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((tile) => (
          <div key={tile} className={`${cardClasses} h-24`} />
        ))}
      </div>
      <div className={`${cardClasses} h-72`} />
      <div className={`${cardClasses} h-40`} />
    </LoadingSkeleton>
  );
}

/**
 * /admin/platform-revenue: the platform's own fees from the ledger (platform_revenue account): totals,
 * fees per day (30 days) or month (12 months), by format, the newest session payments, and a per-day
 * CSV export. The range lives in the URL (?range=12m) so reloads keep it.
 */
export function PlatformRevenueScreen() {
  const [range, setRange] = useRangeParam(REVENUE_RANGES);
  const report = useQuery(platformRevenueQueryOptions(range));

  let content: ReactNode;
  if (report.isPending) content = <Skeleton />;
  else if (report.isError)
    content = (
      <LoadError
        title="Platform revenue did not load"
        error={report.error}
        onRetry={() => void report.refetch()}
      />
    );
  else {
    const data = report.data;
    const unit = data.range === '30d' ? 'day' : 'month';
    content = (
      <div
        className={`flex flex-col gap-6 transition-opacity ${report.isPlaceholderData ? 'opacity-60' : ''}`}
        aria-busy={report.isPlaceholderData ? true : undefined}
      >
        <Totals report={data} />
        <section aria-labelledby="fees-chart-heading" className={`${cardClasses} p-4 sm:p-6`}>
          <h2 id="fees-chart-heading" className="sr-only">
            Fees over time
          </h2>
          <BarChart
            title={`Fees earned per ${unit} (UTC)`}
            data={data.series.map((point) => ({
              label: periodLabel(point.period),
              value: point.fees_earned,
            }))}
            formatValue={axisMoney}
            emptyMessage={`No platform fees in the last ${RANGE_LABELS[data.range]}.`}
          />
        </section>
        <ByFormat report={data} />
        <RecentCaptures report={data} />
      </div>
    );
  }

  return (
    <Tabs.Root value={range} onValueChange={setRange}>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <PeriodTabsList ranges={REVENUE_RANGES} labels={RANGE_LABELS} />
        <ExportCsvButton download={(accessToken) => downloadPlatformRevenueCsv(range, accessToken)} />
      </div>
      <Tabs.Content value={range} className="outline-none">
        {content}
      </Tabs.Content>
    </Tabs.Root>
  );
}
