import type { ReactNode } from 'react';
import type { Earnings } from '#contracts/earnings';
import { formatCents } from '#web/lib/money';
import { cardClasses } from '#web/components/card';
import { plural } from './earnings-labels';

/** What the route puts next to the available balance: the Withdraw action (from the payouts feature). */
export type WithdrawSlot = (summary: { available: number; minimum: number; holdDays: number }) => ReactNode;

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

/** The available balance with the Withdraw action, and the pending, in-payout and paid-out tiles. */
export function EarningsSummary({ earnings, withdraw }: { earnings: Earnings; withdraw: WithdrawSlot }) {
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
