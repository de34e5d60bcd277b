import { CreditCard } from 'lucide-react';
import { Button } from '#web/components/button';
import { FormError } from '#web/components/form-error';
import { Spinner } from '#web/components/spinner';
import { formatCents } from '#web/lib/money';

/**
 * The end of a card form (demo or Stripe): the decline (nothing was charged), any other error, then
 * "Change amount" and "Pay $x" (Paying… while `paying`; `canPay` false keeps it disabled).
 */
export function CardPaymentFooter({
  declined,
  error,
  amount,
  paying,
  canPay = true,
  onCancel,
}: {
  declined: string | null | undefined;
  error: unknown;
  amount: number;
  paying: boolean;
  canPay?: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      {declined ? (
        <div
          role="alert"
          className="rounded-[var(--radius-control)] border border-danger/30 bg-danger/5 p-3 text-sm"
        >
          <p className="font-semibold text-danger">{declined}</p>
          <p className="mt-1 text-text-muted">
            Nothing was charged. Try another card, or choose a different amount.
          </p>
        </div>
      ) : null}
      <FormError error={error} />

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={paying}>
          Change amount
        </Button>
        <Button type="submit" disabled={paying || !canPay}>
          {paying ? (
            <Spinner className="size-4 border-2" />
          ) : (
            <CreditCard aria-hidden="true" className="size-4" />
          )}
          {paying ? 'Paying…' : `Pay ${formatCents(amount)}`}
        </Button>
      </div>
    </>
  );
}
