import { Check, CircleDollarSign, X } from 'lucide-react';
import type { AdminWithdrawal } from '#contracts/payouts';
import { Button } from '#web/components/button';
import { formatCents } from '#web/lib/money';
import { localTimeZone } from '#web/lib/dates';
import { formatDateTime } from '#web/lib/date-times';
import { cardClasses } from '#web/components/card';
import type { Pending } from './decision-dialog';
import { PayoutDetails } from './payout-details';

export function WithdrawalCard({
  withdrawal,
  canDecide,
  onDecide,
}: {
  withdrawal: AdminWithdrawal;
  canDecide: boolean;
  onDecide: (pending: Pending) => void;
}) {
  const { coach } = withdrawal;
  const label = `${formatCents(withdrawal.amount)} for ${coach.name ?? coach.email ?? 'a coach'}`;
  return (
    <li className={`${cardClasses} flex flex-col gap-3 p-4 sm:p-5`} aria-label={label}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <p className="font-semibold wrap-anywhere">{coach.name ?? 'Coach without a name'}</p>
          {coach.email ? <p className="text-sm text-text-muted wrap-anywhere">{coach.email}</p> : null}
        </div>
        <p className="text-2xl font-semibold tracking-tight tabular-nums">{formatCents(withdrawal.amount)}</p>
      </div>
      <p className="text-sm text-text-muted">
        To <span className="font-medium text-text">{withdrawal.payout_method.label}</span> · requested{' '}
        <time dateTime={withdrawal.requested_at}>
          {formatDateTime(withdrawal.requested_at, localTimeZone())}
        </time>
      </p>
      {withdrawal.status === 'approved' ? <PayoutDetails withdrawal={withdrawal} /> : null}
      {withdrawal.status === 'paid' ? (
        <p className="text-sm text-text-muted">
          Paid{' '}
          {withdrawal.paid_at ? (
            <time dateTime={withdrawal.paid_at}>{formatDateTime(withdrawal.paid_at, localTimeZone())}</time>
          ) : null}
          {withdrawal.payment_reference ? (
            <>
              {' '}
              · reference <span className="font-medium text-text">{withdrawal.payment_reference}</span>
            </>
          ) : null}
        </p>
      ) : null}
      {withdrawal.status === 'rejected' ? (
        <p className="text-sm text-text-muted">
          Rejected
          {withdrawal.decided_at ? (
            <>
              {' '}
              <time dateTime={withdrawal.decided_at}>
                {formatDateTime(withdrawal.decided_at, localTimeZone())}
              </time>
            </>
          ) : null}
          {withdrawal.rejection_reason ? `: ${withdrawal.rejection_reason}` : ''}
        </p>
      ) : null}
      {canDecide && withdrawal.status === 'requested' ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onDecide({ withdrawal, action: 'reject' })}>
            <X aria-hidden="true" className="size-4" />
            Reject
          </Button>
          <Button onClick={() => onDecide({ withdrawal, action: 'approve' })}>
            <Check aria-hidden="true" className="size-4" />
            Approve
          </Button>
        </div>
      ) : null}
      {canDecide && withdrawal.status === 'approved' ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button onClick={() => onDecide({ withdrawal, action: 'mark-paid' })}>
            <CircleDollarSign aria-hidden="true" className="size-4" />
            Mark paid
          </Button>
        </div>
      ) : null}
    </li>
  );
}
