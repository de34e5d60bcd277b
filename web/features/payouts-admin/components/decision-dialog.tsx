import { useState, type FormEvent } from 'react';
import type { AdminWithdrawal } from '#contracts/payouts';
import { Button } from '#web/components/button';
import { Dialog } from '#web/components/dialog';
import { FormError } from '#web/components/form-error';
import { TextField } from '#web/components/text-field';
import { TextareaField } from '#web/components/textarea-field';
import { useToast } from '#web/components/toast';
import { ApiError } from '#web/lib/api-client';
import { formatCents } from '#web/lib/money';
import { newIdempotencyKey, useDecideWithdrawal, type WithdrawalDecision } from '../api/admin-withdrawals';
import { PayoutDetails } from './payout-details';

export type Pending = { withdrawal: AdminWithdrawal; action: WithdrawalDecision['action'] };

export function DecisionDialog({ pending, onClose }: { pending: Pending; onClose: () => void }) {
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
          <Button type="submit" busy={decide.isPending} variant={action === 'reject' ? 'danger' : 'primary'}>
            {copy.button}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
