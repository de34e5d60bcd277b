import { useRef, useState, type FormEvent } from 'react';
import {
  REFUND_MESSAGES,
  REFUND_REASON_MAX,
  refundBodySchema,
  type SessionPayment,
} from '../../../../contracts/admin-money';
import { Button } from '../../../components/button';
import { Dialog, DialogFooter } from '../../../components/dialog';
import { FormError } from '../../../components/form-error';
import { TextField } from '../../../components/text-field';
import { TextareaField } from '../../../components/textarea-field';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { centsToInput, formatCents, inputToCents } from '../../../lib/money';
import { newIdempotencyKey, useRefundSessionPayment } from '../api/session-payments';

type Errors = { amount?: string; reason?: string };

/** The amount typed, checked against what is left; cents or the sentence to show. */
export function checkRefundAmount(text: string, refundable: number): number | string {
  const amount = inputToCents(text);
  if (amount === null) return 'Enter the amount to refund.';
  if (amount === undefined) return 'Enter an amount in dollars and cents, like 12.50.';
  if (amount < 1) return 'The refund must be at least $0.01.';
  if (amount > refundable) return `At most ${formatCents(refundable)} is left to refund for this session.`;
  return amount;
}

/**
 * Refund a session payment (all or part) to the client's wallet, with a reason (5–500 characters)
 * that is kept with the refund and in the audit log. The amount starts at what is left to refund.
 * One Idempotency-Key per attempt: retrying the same amount and reason after a lost answer reuses it,
 * so a refund is never made twice; changing either makes a new attempt.
 */
export function RefundDialog({
  payment,
  open,
  onOpenChange,
}: {
  payment: SessionPayment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [amountText, setAmountText] = useState(() => centsToInput(payment.refundable_amount));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const refund = useRefundSessionPayment();
  const { toast } = useToast();
  const clientName = payment.client.name;

  function change(next: boolean) {
    if (refund.isPending) return;
    if (!next) {
      setAmountText(centsToInput(payment.refundable_amount));
      setReason('');
      setErrors({});
      attempt.current = null;
      refund.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (refund.isPending) return;
    const amount = checkRefundAmount(amountText, payment.refundable_amount);
    const parsedReason = refundBodySchema.shape.reason.safeParse(reason);
    const nextErrors: Errors = {
      ...(typeof amount === 'string' ? { amount } : {}),
      ...(parsedReason.success
        ? {}
        : { reason: parsedReason.error.issues[0]?.message ?? REFUND_MESSAGES.reasonRequired }),
    };
    setErrors(nextErrors);
    if (typeof amount === 'string' || !parsedReason.success) return;

    const body = { amount, reason: parsedReason.data };
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized)
      attempt.current = { key: newIdempotencyKey(), body: serialized };
    refund.mutate(
      { holdId: payment.id, body, key: attempt.current.key },
      {
        onSuccess: (result) => {
          toast({
            title: 'Refund sent',
            description: `${formatCents(result.refund.amount)} is back in ${clientName}'s wallet.`,
          });
          attempt.current = null;
          setReason('');
          setErrors({});
          refund.reset();
          onOpenChange(false);
        },
        onError: (error) => {
          // A refused request changed nothing: the next try is a new attempt.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) attempt.current = null;
          const fieldErrors: Errors = {};
          if (error instanceof ApiError)
            for (const detail of error.details) {
              const field = detail.path.replace(/^body\./, '');
              if (field === 'amount' || field === 'reason') fieldErrors[field] ??= detail.message;
            }
          setErrors(fieldErrors);
        },
      },
    );
  }

  const formatLabel = payment.format ? `${payment.format} session` : 'payment';
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={`Refund ${clientName}`}
      description={
        <>
          The money goes back to {clientName}&apos;s wallet at once. It is taken from the coach&apos;s
          earnings and the platform fee in the same proportion as the {formatLabel} with {payment.coach.name}.
        </>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-3 rounded-[var(--radius-control)] bg-surface-sunken px-4 py-3 text-sm">
          <div>
            <dt className="text-text-muted">Paid</dt>
            <dd className="font-semibold tabular-nums">{formatCents(payment.amount)}</dd>
          </div>
          <div>
            <dt className="text-text-muted">Left to refund</dt>
            <dd className="font-semibold tabular-nums">{formatCents(payment.refundable_amount)}</dd>
          </div>
        </dl>
        <TextField
          label="Amount to refund (USD)"
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          error={errors.amount ?? null}
          hint={`Up to ${formatCents(payment.refundable_amount)}.`}
          onChange={(event) => {
            setAmountText(event.target.value);
            if (errors.amount) setErrors((current) => ({ ...current, amount: undefined }));
          }}
        />
        <TextareaField
          label="Reason"
          hint="Kept with the refund and in the audit log."
          value={reason}
          maxLength={REFUND_REASON_MAX}
          rows={3}
          required
          autoFocus
          error={errors.reason ?? null}
          onChange={(event) => {
            setReason(event.target.value);
            if (errors.reason) setErrors((current) => ({ ...current, reason: undefined }));
          }}
        />
        {refund.isError && !errors.amount && !errors.reason ? <FormError error={refund.error} /> : null}
        <DialogFooter>
          <Button variant="ghost" disabled={refund.isPending} onClick={() => change(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={refund.isPending}>
            {refund.isPending ? 'Refunding…' : 'Refund to wallet'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
