import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { EARNINGS_RANGES } from '#contracts/earnings';
import { LoadError } from '#web/components/load-error';
import { PeriodTabsList } from '#web/components/tab-strip';
import { useRangeParam } from '#web/lib/use-range-param';
import { earningsQueryOptions } from '../api/earnings';
import { cardClasses } from '#web/components/card';
import { EarningsOverTime } from './earnings-over-time';
import { EarningsSessions } from './earnings-sessions';
import { EarningsSummary, type WithdrawSlot } from './earnings-summary';
import { EarningsTransactions } from './earnings-transactions';
import { RANGE_LABELS } from './earnings-labels';
import { LoadingSkeleton } from '#web/components/loading-skeleton';

export type { WithdrawSlot } from './earnings-summary';

function Skeleton() {
  return (
    <LoadingSkeleton label="Loading your earnings…">
      <div className={`${cardClasses} h-36`} />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        {[0, 1, 2].map((tile) => (
          <div key={tile} className={`${cardClasses} h-24`} />
        ))}
      </div>
      <div className={`${cardClasses} h-80`} />
    </LoadingSkeleton>
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
  const [range, setRange] = useRangeParam(EARNINGS_RANGES);
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
      <EarningsSummary earnings={data} withdraw={withdraw} />
      {belowSummary}
      <Tabs.Root value={range} onValueChange={setRange}>
        <section aria-labelledby="over-time-heading" className={`${cardClasses} p-4 sm:p-6`}>
          <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <h2 id="over-time-heading" className="text-lg font-semibold">
              Earnings over time
            </h2>
            <PeriodTabsList ranges={EARNINGS_RANGES} labels={RANGE_LABELS} />
          </div>
          <Tabs.Content value={range} className="outline-none">
            {/* The range of the data on screen (the previous one while the next loads). */}
            <EarningsOverTime earnings={data} />
          </Tabs.Content>
        </section>
      </Tabs.Root>
      <EarningsSessions earnings={data} page={page} onPage={setPage} />
      <EarningsTransactions transactions={data.transactions} />
    </div>
  );
}
