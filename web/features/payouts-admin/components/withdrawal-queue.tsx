import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  WITHDRAWAL_STATUS_VALUES,
  type AdminWithdrawalList,
  type WithdrawalStatusName,
} from '#contracts/payouts';
import { LoadError } from '#web/components/load-error';
import { formatCents } from '#web/lib/money';
import { adminWithdrawalsQueryOptions } from '../api/admin-withdrawals';
import { cardClasses } from '#web/components/card';
import { DecisionDialog, type Pending } from './decision-dialog';
import { WithdrawalCard } from './withdrawal-card';
import { LoadingStatus } from '#web/components/loading-status';
import { TabStrip } from '#web/components/tab-strip';

const STATUS_LABELS: Record<WithdrawalStatusName, string> = {
  requested: 'Requested',
  approved: 'Approved',
  paid: 'Paid',
  rejected: 'Rejected',
};
const EMPTY_TEXT: Record<WithdrawalStatusName, string> = {
  requested: 'No withdrawal is waiting for approval.',
  approved: 'Nothing to pay: no approved withdrawal is waiting.',
  paid: 'No withdrawal has been paid yet.',
  rejected: 'No withdrawal has been rejected.',
};
const TAB_CLASSES =
  'inline-flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-[6px] px-2 text-sm font-semibold whitespace-nowrap text-text-muted hover:text-text data-[state=active]:bg-surface data-[state=active]:text-text data-[state=active]:shadow-soft';

const isStatus = (value: string | null): value is WithdrawalStatusName =>
  (WITHDRAWAL_STATUS_VALUES as readonly string[]).includes(value ?? '');

function Totals({ totals }: { totals: AdminWithdrawalList['totals'] }) {
  const tile = (label: string, total: { count: number; amount: number }, note: string) => (
    <div className={`${cardClasses} p-4 sm:p-5`}>
      <dt className="text-sm font-medium text-text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight tabular-nums">{formatCents(total.amount)}</dd>
      <dd className="mt-1 text-xs text-text-muted">
        {total.count} {total.count === 1 ? 'withdrawal' : 'withdrawals'} {note}
      </dd>
    </div>
  );
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {tile('Waiting for approval', totals.requested, 'requested')}
      {tile('Approved, to pay', totals.approved, 'to send')}
      {tile('Paid out', totals.paid, 'paid')}
      {tile('Rejected', totals.rejected, 'returned to coaches')}
    </dl>
  );
}

/**
 * /admin/revenue: the coaches' withdrawal queue for financial admins. Tabs Requested / Approved / Paid /
 * Rejected (kept in the URL, ?withdrawals=approved), totals of every status on top, Approve and Reject
 * (with a reason) for requested ones, the full payout details and Mark paid (with the payment reference)
 * for approved ones. `canDecide`: the admin holds manage_payouts (the server checks it again).
 */
export function WithdrawalQueue({ canDecide }: { canDecide: boolean }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('withdrawals');
  const status: WithdrawalStatusName = isStatus(raw) ? raw : 'requested';
  const queue = useQuery(adminWithdrawalsQueryOptions(status));
  const [pending, setPending] = useState<Pending | null>(null);

  let content: ReactNode;
  if (queue.isPending) content = <LoadingStatus className="py-12">Loading withdrawals…</LoadingStatus>;
  else if (queue.isError)
    content = (
      <LoadError title="Withdrawals did not load" error={queue.error} onRetry={() => void queue.refetch()} />
    );
  else if (queue.data.withdrawals.length === 0 || queue.data.status !== status)
    content =
      queue.data.status !== status ? (
        <LoadingStatus className="py-12">Loading withdrawals…</LoadingStatus>
      ) : (
        <div
          className={`${cardClasses} flex flex-col items-center gap-2 px-6 py-10 text-center text-text-muted`}
        >
          <Inbox aria-hidden="true" className="size-8" />
          <p>{EMPTY_TEXT[status]}</p>
        </div>
      );
  else
    content = (
      <ul className="flex flex-col gap-3" aria-label={`${STATUS_LABELS[status]} withdrawals`}>
        {queue.data.withdrawals.map((withdrawal) => (
          <WithdrawalCard
            key={withdrawal.id}
            withdrawal={withdrawal}
            canDecide={canDecide}
            onDecide={setPending}
          />
        ))}
      </ul>
    );

  const totals = queue.data?.totals;
  return (
    <section aria-labelledby="withdrawals-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="withdrawals-heading" className="text-xl font-semibold">
          Coach withdrawals
        </h2>
        <p className="mt-1 text-sm text-text-muted">
          Approve a request, send the money to the coach&apos;s payout method outside Wellspring, then mark it
          paid with the transfer&apos;s reference.
        </p>
      </div>
      {totals ? <Totals totals={totals} /> : null}
      <Tabs.Root
        value={status}
        onValueChange={(value) => {
          if (!isStatus(value)) return;
          const next = new URLSearchParams(params);
          if (value === 'requested') next.delete('withdrawals');
          else next.set('withdrawals', value);
          setParams(next);
        }}
      >
        <TabStrip
          label="Withdrawal status"
          values={WITHDRAWAL_STATUS_VALUES}
          labels={STATUS_LABELS}
          className="mb-4 grid grid-cols-2 min-[520px]:flex"
          triggerClassName={TAB_CLASSES}
          badge={(entry) =>
            totals ? (
              <span className="rounded-full bg-surface-sunken px-1.5 text-xs tabular-nums">
                {totals[entry].count}
              </span>
            ) : null
          }
        />
        <Tabs.Content value={status} className="outline-none">
          {content}
        </Tabs.Content>
      </Tabs.Root>
      {pending ? (
        <DecisionDialog
          key={`${pending.withdrawal.id}-${pending.action}`}
          pending={pending}
          onClose={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}
