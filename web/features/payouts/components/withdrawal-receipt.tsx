import { useQuery } from '@tanstack/react-query';
import { CircleCheck, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import type { Withdrawal, WithdrawalStatusName } from '#contracts/payouts';
import { MessageCard } from '#web/components/message-card';
import { buttonClasses } from '#web/components/button';
import { LoadError } from '#web/components/load-error';
import { TitledPage } from '#web/components/page-shell';
import { ApiError } from '#web/lib/api-client';
import { formatCents } from '#web/lib/money';
import { withdrawalQueryOptions, withdrawalsQueryOptions } from '../api/payouts';
import { localTimeZone } from '#web/lib/dates';
import { formatDateTime } from '#web/lib/date-times';
import { LoadingStatus } from '#web/components/loading-status';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatusName, string> = {
  requested: 'Requested',
  approved: 'Approved',
  paid: 'Paid',
  rejected: 'Rejected',
};

function nextStep(withdrawal: Withdrawal): string {
  const to = withdrawal.payout_method.label;
  switch (withdrawal.status) {
    case 'requested':
      return `A Wellspring finance admin reviews it and sends the money to ${to}; it shows as paid in Revenue.`;
    case 'approved':
      return `Approved: a Wellspring finance admin is sending the money to ${to}; it shows as paid in Revenue.`;
    case 'paid':
      return `Paid to ${to}${withdrawal.payment_reference ? ` (reference ${withdrawal.payment_reference})` : ''}.`;
    case 'rejected':
      return `Rejected${withdrawal.rejection_reason ? `: ${withdrawal.rejection_reason}` : ''}. The amount is back in your available earnings.`;
  }
}

function NotFound() {
  return (
    <MessageCard
      as="section"
      icon={SearchX}
      tone="muted"
      title="We could not find this withdrawal"
      action={
        <Link to="/revenue" className={buttonClasses('primary')}>
          Go to Revenue
        </Link>
      }
    >
      Your withdrawals and their status are listed in Revenue.
    </MessageCard>
  );
}

/** The page heading says only what is true: "Withdrawal requested" once there is one to confirm. */
export const WITHDRAWAL_PAGE_TITLES = {
  found: 'Withdrawal requested',
  notFound: 'Withdrawal not found',
  loading: 'Your withdrawal',
} as const;

/**
 * /withdrawal/success?id=: what was requested, to where, its status and what happens next — in the
 * page's frame, whose title follows what was found.
 */
export function WithdrawalReceipt({ userId, id }: { userId: string; id: string | null }) {
  const valid = id !== null && UUID.test(id);
  const withdrawal = useQuery({ ...withdrawalQueryOptions(userId, id ?? ''), enabled: valid });

  if (!valid)
    return (
      <TitledPage title={WITHDRAWAL_PAGE_TITLES.notFound}>
        <NotFound />
      </TitledPage>
    );
  if (withdrawal.isPending)
    return (
      <TitledPage title={WITHDRAWAL_PAGE_TITLES.loading}>
        <LoadingStatus>Loading your withdrawal…</LoadingStatus>
      </TitledPage>
    );
  if (withdrawal.isError)
    return withdrawal.error instanceof ApiError && withdrawal.error.code === 'NOT_FOUND' ? (
      <TitledPage title={WITHDRAWAL_PAGE_TITLES.notFound}>
        <NotFound />
      </TitledPage>
    ) : (
      <TitledPage title={WITHDRAWAL_PAGE_TITLES.loading}>
        <LoadError
          title="Your withdrawal did not load"
          error={withdrawal.error}
          onRetry={() => void withdrawal.refetch()}
        />
      </TitledPage>
    );

  return (
    <TitledPage title={WITHDRAWAL_PAGE_TITLES.found}>
      <Receipt data={withdrawal.data} />
    </TitledPage>
  );
}

function Receipt({ data }: { data: Withdrawal }) {
  return (
    <section
      aria-labelledby="receipt-heading"
      className="rounded-[var(--radius-card)] border border-border bg-surface p-5 shadow-soft sm:p-8"
    >
      <div className="flex items-center gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-success/10 text-success">
          <CircleCheck aria-hidden="true" className="size-6" />
        </span>
        <h2 id="receipt-heading" className="text-lg font-semibold">
          {data.status === 'requested' ? 'We received your request' : 'Your withdrawal'}
        </h2>
      </div>
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-text-muted">Amount</dt>
          <dd
            className="mt-0.5 text-3xl font-semibold tracking-tight tabular-nums"
            data-testid="withdrawal-amount"
          >
            {formatCents(data.amount)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-text-muted">To</dt>
          <dd className="mt-0.5 font-medium wrap-anywhere">{data.payout_method.label}</dd>
        </div>
        <div>
          <dt className="text-sm text-text-muted">Status</dt>
          <dd className="mt-0.5">
            <span className="inline-flex rounded-full bg-primary-soft px-2.5 py-0.5 text-sm font-semibold text-primary">
              {WITHDRAWAL_STATUS_LABELS[data.status]}
            </span>
          </dd>
        </div>
      </dl>
      <p className="mt-6 text-text-muted">
        <span className="font-medium text-text">What happens next: </span>
        {nextStep(data)}
      </p>
      <p className="mt-2 text-sm text-text-muted">
        Requested{' '}
        <time dateTime={data.requested_at}>{formatDateTime(data.requested_at, localTimeZone())}</time>.
      </p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        <Link to="/revenue" className={buttonClasses('primary')}>
          Back to Revenue
        </Link>
        <Link to="/cards" className={buttonClasses('secondary')}>
          Payout methods
        </Link>
      </div>
    </section>
  );
}

const STATUS_TONES: Record<WithdrawalStatusName, string> = {
  requested: 'bg-primary-soft text-primary',
  approved: 'bg-warning-soft text-warning',
  paid: 'bg-success/10 text-success',
  rejected: 'bg-danger/10 text-danger',
};

/** The coach's withdrawals on /revenue, newest first, with their status; empty: nothing is shown. */
export function WithdrawalsList({ userId }: { userId: string }) {
  const withdrawals = useQuery(withdrawalsQueryOptions(userId));
  if (withdrawals.isPending || withdrawals.isError || withdrawals.data.withdrawals.length === 0) return null;
  return (
    <section
      aria-labelledby="withdrawals-heading"
      className="rounded-[var(--radius-card)] border border-border bg-surface p-4 shadow-soft sm:p-6"
    >
      <h2 id="withdrawals-heading" className="text-lg font-semibold">
        Withdrawals
      </h2>
      <ul className="mt-2 divide-y divide-border">
        {withdrawals.data.withdrawals.slice(0, 10).map((withdrawal) => (
          <li key={withdrawal.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium wrap-anywhere">
                <span className="tabular-nums">{formatCents(withdrawal.amount)}</span> to{' '}
                {withdrawal.payout_method.label}
              </p>
              <p className="text-sm text-text-muted">
                <time dateTime={withdrawal.requested_at}>
                  {formatDateTime(withdrawal.requested_at, localTimeZone())}
                </time>
                {withdrawal.status === 'rejected' && withdrawal.rejection_reason
                  ? ` · ${withdrawal.rejection_reason}`
                  : ''}
              </p>
            </div>
            <span
              className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONES[withdrawal.status]}`}
            >
              {WITHDRAWAL_STATUS_LABELS[withdrawal.status]}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
