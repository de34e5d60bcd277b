import { useQuery } from '@tanstack/react-query';
import { AtSign, Check, CircleDollarSign, Inbox, Landmark, X } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  WITHDRAWAL_STATUS_VALUES,
  type AdminWithdrawal,
  type AdminWithdrawalList,
  type WithdrawalStatusName,
} from '../../../../contracts/payouts';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FormError } from '../../../components/form-error';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { TextareaField } from '../../../components/textarea-field';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import {
  adminWithdrawalsQueryOptions,
  newIdempotencyKey,
  useDecideWithdrawal,
  type WithdrawalDecision,
} from '../api/admin-withdrawals';
import { formatDateTime, localTimeZone } from '../../../lib/dates';
import { cardClasses } from '../../../components/card';

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

function PayoutDetails({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const details = withdrawal.payout_details;
  if (!details) return null;
  const row = (label: string, value: string) => (
    <div className="flex flex-wrap justify-between gap-x-3">
      <dt className="text-text-muted">{label}</dt>
      <dd className="font-medium wrap-anywhere tabular-nums select-all">{value}</dd>
    </div>
  );
  return (
    <div className="rounded-[var(--radius-control)] border border-warning/30 bg-warning-soft/60 p-3 text-sm">
      <p className="mb-2 flex items-center gap-2 font-semibold">
        {details.kind === 'bank_account' ? (
          <Landmark aria-hidden="true" className="size-4" />
        ) : (
          <AtSign aria-hidden="true" className="size-4" />
        )}
        Pay {formatCents(withdrawal.amount)} to
      </p>
      <dl className="flex flex-col gap-1">
        {details.kind === 'bank_account' ? (
          <>
            {row('Account holder', details.holder_name)}
            {row('Bank', details.bank_name)}
            {row('Routing number', details.routing_number)}
            {row('Account number', details.account_number)}
          </>
        ) : (
          row('PayPal email', details.email)
        )}
      </dl>
    </div>
  );
}

type Pending = { withdrawal: AdminWithdrawal; action: WithdrawalDecision['action'] };

function DecisionDialog({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const { withdrawal, action } = pending;
  const { toast } = useToast();
  const decide = useDecideWithdrawal();
  // One key for this decision: a retry after a lost answer is the same decision.
  const [key] = useState(newIdempotencyKey);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const who = withdrawal.coach.name ?? withdrawal.coach.email ?? 'the coach';
  const amount = formatCents(withdrawal.amount);

  const copy = {
    approve: {
      title: 'Approve this withdrawal?',
      description: `${amount} to ${who} (${withdrawal.payout_method.label}). After approving, send the money and mark it paid.`,
      button: 'Approve',
      done: 'Withdrawal approved',
    },
    reject: {
      title: 'Reject this withdrawal?',
      description: `${amount} goes back to ${who}'s available earnings. The coach sees your reason.`,
      button: 'Reject',
      done: 'Withdrawal rejected',
    },
    'mark-paid': {
      title: 'Mark as paid',
      description: `Send ${amount} to ${who} first, then record the transfer's reference here.`,
      button: 'Mark paid',
      done: 'Withdrawal marked paid',
    },
  }[action];

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (action !== 'approve' && value === '') {
      setFieldError(
        action === 'reject'
          ? 'Tell the coach why the withdrawal is rejected.'
          : 'Enter the reference of the bank transfer or PayPal payment.',
      );
      return;
    }
    const decision: WithdrawalDecision =
      action === 'approve'
        ? { action }
        : action === 'reject'
          ? { action, reason: value }
          : { action, payment_reference: value };
    decide.mutate(
      { id: withdrawal.id, decision, key },
      {
        onSuccess: () => {
          toast({ title: copy.done, description: `${amount} · ${who}` });
          onClose();
        },
        onError: (error) => {
          const detail = error instanceof ApiError ? error.details[0]?.message : undefined;
          if (detail) setFieldError(detail);
        },
      },
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={copy.title}
      description={copy.description}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {action === 'mark-paid' ? <PayoutDetails withdrawal={withdrawal} /> : null}
        {action === 'reject' ? (
          <TextareaField
            label="Reason"
            value={text}
            maxLength={500}
            rows={3}
            onChange={(event) => {
              setText(event.target.value);
              setFieldError(null);
            }}
            error={fieldError}
          />
        ) : action === 'mark-paid' ? (
          <TextField
            label="Payment reference"
            hint="The bank transfer or PayPal transaction reference."
            value={text}
            maxLength={120}
            autoComplete="off"
            onChange={(event) => {
              setText(event.target.value);
              setFieldError(null);
            }}
            error={fieldError}
          />
        ) : null}
        {decide.error && !(decide.error instanceof ApiError && decide.error.details.length > 0) ? (
          <FormError error={decide.error} />
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={decide.isPending}
            className={action === 'reject' ? 'bg-danger! text-background! hover:bg-danger/90!' : ''}
          >
            {decide.isPending ? <Spinner className="size-4 border-2" /> : null}
            {copy.button}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function WithdrawalCard({
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
  if (queue.isPending)
    content = (
      <div role="status" className="flex items-center justify-center gap-3 py-12 text-text-muted">
        <Spinner className="size-6 border-[3px]" />
        Loading withdrawals…
      </div>
    );
  else if (queue.isError)
    content = (
      <LoadError title="Withdrawals did not load" error={queue.error} onRetry={() => void queue.refetch()} />
    );
  else if (queue.data.withdrawals.length === 0 || queue.data.status !== status)
    content =
      queue.data.status !== status ? (
        <div role="status" className="flex items-center justify-center gap-3 py-12 text-text-muted">
          <Spinner className="size-6 border-[3px]" />
          Loading withdrawals…
        </div>
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
        <Tabs.List
          aria-label="Withdrawal status"
          className="mb-4 grid grid-cols-2 gap-1 rounded-[var(--radius-control)] bg-surface-sunken p-1 min-[520px]:flex"
        >
          {WITHDRAWAL_STATUS_VALUES.map((entry) => (
            <Tabs.Trigger key={entry} value={entry} className={TAB_CLASSES}>
              {STATUS_LABELS[entry]}
              {totals ? (
                <span className="rounded-full bg-surface-sunken px-1.5 text-xs tabular-nums">
                  {totals[entry].count}
                </span>
              ) : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
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
