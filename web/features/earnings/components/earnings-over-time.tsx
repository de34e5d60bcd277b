import type { Earnings, EarningsRange } from '#contracts/earnings';
import { BarChart } from '#web/components/bar-chart';
import { formatCents } from '#web/lib/money';
import { formatDayMonth, formatShortMonthShortYear, UTC } from '#web/lib/dates';
import { FORMAT_ADJECTIVES } from '#domain/coaching/format-labels';
import { plural, RANGE_LABELS } from './earnings-labels';

/** Whole dollars on the chart's axis when the amount is round, cents otherwise. */
const axisMoney = (cents: number) =>
  cents % 100 === 0 ? `$${(cents / 100).toLocaleString('en-US')}` : formatCents(cents);

function periodLabel(period: string, range: EarningsRange) {
  const date = new Date(`${period}T00:00:00Z`);
  return range === '30d' ? formatDayMonth(date, UTC) : formatShortMonthShortYear(date, UTC);
}

export function EarningsOverTime({ earnings }: { earnings: Earnings }) {
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
