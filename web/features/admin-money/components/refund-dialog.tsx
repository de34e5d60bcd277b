import { useMemo, useRef } from 'react';
import { z } from 'zod';
import {
  REFUND_MESSAGES,
  REFUND_REASON_MAX,
  refundBodySchema,
  type SessionPayment,
} from '#contracts/admin-money';
import { Button } from '#web/components/button';
import { Dialog, DialogFooter } from '#web/components/dialog';
import { fieldError, Form, serverFieldErrors, useZodForm } from '#web/components/form';
import { FormError } from '#web/components/form-error';
import { TextField } from '#web/components/text-field';
import { TextareaField } from '#web/components/textarea-field';
import { useToast } from '#web/components/toast';
import { ApiError } from '#web/lib/api-client';
import { centsToInput, formatCents, inputToCents } from '#web/lib/money';
import { MoneyFigure } from './money-figure';
import { newIdempotencyKey, useRefundSessionPayment } from '../api/session-payments';

/** The server's fields that have one here (its other details are not shown on a field). */
const SERVER_FIELDS = { amount: 'amount', reason: 'reason' } as const;

/** The amount typed, checked against what is left; cents or the sentence to show. */
export function checkRefundAmount(text: string, refundable: number): number | string {
  const amount = inputToCents(text);
  if (amount === null) return 'Enter the amount to refund.';
  if (amount === undefined) return 'Enter an amount in dollars and cents, like 12.50.';
  if (amount < 1) return 'The refund must be at least $0.01.';
  if (amount > refundable) return `At most ${formatCents(refundable)} is left to refund for this session.`;
  return amount;
}

/** The amount (checked against what is left) and the reason (the contract's rule) into the refund body. */
const refundFormSchema = (refundable: number) =>
  z.object({ amount: z.string(), reason: z.string() }).transform((values, issues) => {
    const amount = checkRefundAmount(values.amount, refundable);
    const reason = refundBodySchema.shape.reason.safeParse(values.reason);
    if (typeof amount === 'string') issues.addIssue({ code: 'custom', path: ['amount'], message: amount });
    if (!reason.success)
      issues.addIssue({
        code: 'custom',
        path: ['reason'],
        message: reason.error.issues[0]?.message ?? REFUND_MESSAGES.reasonRequired,
      });
    return typeof amount === 'string' || !reason.success ? z.NEVER : { amount, reason: reason.data };
  });

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
  // Checked against what is left when it is sent (the list may have been read again since opening).
  const schema = useMemo(() => refundFormSchema(payment.refundable_amount), [payment.refundable_amount]);
  // The reason has the focus from the start; a refused submit does not move it (as before the form library).
  const form = useZodForm(schema, {
    defaultValues: { amount: centsToInput(payment.refundable_amount), reason: '' },
    shouldFocusError: false,
  });
  const reason = form.watch('reason');
  const amountError = fieldError(form, 'amount');
  const reasonError = fieldError(form, 'reason');
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const refund = useRefundSessionPayment();
  const { toast } = useToast();
  const clientName = payment.client.name;

  function change(next: boolean) {
    if (refund.isPending) return;
    if (!next) {
      form.reset({ amount: centsToInput(payment.refundable_amount), reason: '' });
      attempt.current = null;
      refund.reset();
    }
    onOpenChange(next);
  }

  function submit(body: z.output<typeof schema>) {
    if (refund.isPending) return;
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
          form.setValue('reason', '');
          form.clearErrors();
          refund.reset();
          onOpenChange(false);
        },
        onError: (error) => {
          // A refused request changed nothing: the next try is a new attempt.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) attempt.current = null;
          // The server's messages replace the form's, without moving the focus.
          form.clearErrors();
          for (const [field, message] of Object.entries(serverFieldErrors(error, SERVER_FIELDS)))
            form.setError(field as keyof typeof SERVER_FIELDS, { type: 'server', message });
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
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-3 rounded-[var(--radius-control)] bg-surface-sunken px-4 py-3 text-sm">
          <MoneyFigure term="Paid" weight="semibold">
            {formatCents(payment.amount)}
          </MoneyFigure>
          <MoneyFigure term="Left to refund" weight="semibold">
            {formatCents(payment.refundable_amount)}
          </MoneyFigure>
        </dl>
        <TextField
          label="Amount to refund (USD)"
          inputMode="decimal"
          autoComplete="off"
          error={amountError ?? null}
          hint={`Up to ${formatCents(payment.refundable_amount)}.`}
          {...form.register('amount', { onChange: () => form.clearErrors('amount') })}
        />
        <TextareaField
          label="Reason"
          hint="Kept with the refund and in the audit log."
          value={reason}
          maxLength={REFUND_REASON_MAX}
          rows={3}
          required
          autoFocus
          error={reasonError ?? null}
          {...form.register('reason', { onChange: () => form.clearErrors('reason') })}
        />
        {refund.isError && !amountError && !reasonError ? <FormError error={refund.error} /> : null}
        <DialogFooter>
          <Button variant="ghost" disabled={refund.isPending} onClick={() => change(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={refund.isPending}>
            {refund.isPending ? 'Refunding…' : 'Refund to wallet'}
          </Button>
        </DialogFooter>
      </Form>
    </Dialog>
  );
}
