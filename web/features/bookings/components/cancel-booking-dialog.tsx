import { z } from 'zod';
import { CANCEL_REASON_MAX, cancelBookingSchema, type Booking } from '#contracts/bookings';
import { Button } from '#web/components/button';
import { Dialog, DialogFooter } from '#web/components/dialog';
import { fieldError, Form, serverFieldErrors, useZodForm } from '#web/components/form';
import { FormError } from '#web/components/form-error';
import { TextareaField } from '#web/components/textarea-field';
import { useToast } from '#web/components/toast';
import { useAuth } from '#web/lib/auth/use-auth';
import { formatInZone, localTimeZone } from '#web/lib/dates';
import { formatCents } from '#web/lib/money';
import { useNow } from '#web/lib/use-now';
import { newIdempotencyKey, useCancelBooking } from '../api/bookings';
import { cancelConsequence } from '../lib/booking-form';

/** The typed reason, checked by the contract's rule (blank: none). */
const cancelFormSchema = z.object({ reason: z.string() }).transform((values, issues) => {
  const reason = cancelBookingSchema.shape.reason.safeParse(values.reason);
  if (reason.success) return { reason: reason.data };
  issues.addIssue({ code: 'custom', path: ['reason'], message: reason.error.issues[0]?.message ?? '' });
  return z.NEVER;
});

/**
 * Cancel a booking, saying first what it means for the money (the booking's own policy: free until its
 * window closes, then its share kept; a coach always gives it all back), with an optional reason the
 * other party reads. The server answers a booking already cancelled as it is, so a retry is safe.
 */
export function CancelBookingDialog({
  booking,
  as,
  other,
  open,
  onOpenChange,
}: {
  booking: Booking;
  as: 'client' | 'coach';
  other: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const auth = useAuth();
  const cancel = useCancelBooking(auth.user?.id ?? '');
  const form = useZodForm(cancelFormSchema, { defaultValues: { reason: '' }, shouldFocusError: false });
  const reasonError = fieldError(form, 'reason');
  const { toast } = useToast();
  const zone = localTimeZone();
  const now = useNow(30_000, open);

  function change(next: boolean) {
    if (cancel.isPending) return;
    if (!next) {
      form.reset({ reason: '' });
      cancel.reset();
    }
    onOpenChange(next);
  }

  function submit(body: z.output<typeof cancelFormSchema>) {
    if (cancel.isPending) return;
    cancel.mutate(
      { bookingId: booking.id, body, key: newIdempotencyKey() },
      {
        onSuccess: (cancelled) => {
          const kept = cancelled.cancellation_charge ?? 0;
          toast({
            title: 'Booking cancelled',
            description:
              as === 'client' && cancelled.price > 0
                ? `${other} is told. ${formatCents(kept)} kept, ${formatCents(cancelled.price - kept)} back in your wallet.`
                : `${other} is told.`,
          });
          onOpenChange(false);
        },
        onError: (error) => {
          form.clearErrors();
          for (const [field, message] of Object.entries(serverFieldErrors(error, { reason: 'reason' })))
            form.setError(field as 'reason', { type: 'server', message });
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={`Cancel ${booking.title} with ${other}?`}
      description={`${formatInZone(booking.scheduled_at, zone)}. ${cancelConsequence(booking, as, now, zone)}`}
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <TextareaField
          label="Reason (optional)"
          hint={`${other} reads it with the cancellation.`}
          value={form.watch('reason')}
          maxLength={CANCEL_REASON_MAX}
          rows={3}
          error={reasonError ?? null}
          {...form.register('reason', { onChange: () => form.clearErrors('reason') })}
        />
        {cancel.isError && !reasonError ? <FormError error={cancel.error} /> : null}
        <DialogFooter>
          <Button variant="ghost" disabled={cancel.isPending} onClick={() => change(false)}>
            Keep the booking
          </Button>
          <Button type="submit" variant="danger" busy={cancel.isPending}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel booking'}
          </Button>
        </DialogFooter>
      </Form>
    </Dialog>
  );
}
