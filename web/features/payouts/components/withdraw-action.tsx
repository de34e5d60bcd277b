import { useQuery } from '@tanstack/react-query';
import { ArrowUpRight, CreditCard, ShieldAlert } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Withdrawal } from '#contracts/payouts';
import { Button, buttonClasses } from '#web/components/button';
import { Dialog } from '#web/components/dialog';
import { FieldError } from '#web/components/field';
import { FormError } from '#web/components/form-error';
import { FormActions } from '#web/components/form-actions';
import { Spinner } from '#web/components/spinner';
import { inputClasses, TextField } from '#web/components/text-field';
import { ApiError } from '#web/lib/api-client';
import { centsToInput, formatCents, inputToCents } from '#web/lib/money';
import { newIdempotencyKey, payoutMethodsQueryOptions, useRequestWithdrawal } from '../api/payouts';

/** The second-factor step the route supplies (from the auth feature). */
export type SecondFactorSlot = (props: { onVerified: () => void; onCancel: () => void }) => ReactNode;

type Step = 'form' | 'second_factor' | 'no_factor';
type Attempt = { key: string; amount: number; methodId: string };

export function amountProblem(
  cents: number | null | undefined,
  limits: { minimum: number; available: number },
): string | null {
  if (cents === null) return 'Enter the amount to withdraw.';
  if (cents === undefined) return 'Enter an amount in dollars, like 40 or 40.50.';
  if (cents < limits.minimum) return `The smallest withdrawal is ${formatCents(limits.minimum)}.`;
  if (cents > limits.available) return `You can withdraw at most ${formatCents(limits.available)} now.`;
  return null;
}

const fieldMessage = (error: unknown, path: string) =>
  error instanceof ApiError ? error.details.find((detail) => detail.path === path)?.message : undefined;

function WithdrawForm({
  userId,
  available,
  minimum,
  hasVerifiedFactor,
  renderSecondFactor,
  onWithdrawn,
  onClose,
}: {
  userId: string;
  available: number;
  minimum: number;
  hasVerifiedFactor: boolean;
  renderSecondFactor: SecondFactorSlot;
  onWithdrawn?: (withdrawal: Withdrawal) => void;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const methods = useQuery(payoutMethodsQueryOptions(userId));
  const request = useRequestWithdrawal(userId);
  const [amount, setAmount] = useState(centsToInput(available));
  const [chosenMethod, setChosenMethod] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [methodError, setMethodError] = useState<string | null>(null);
  const [formError, setFormError] = useState<unknown>(null);
  const [step, setStep] = useState<Step>('form');
  // One key per attempt: reused to retry the same amount and method (after the second factor or a lost
  // answer), so a withdrawal is never requested twice; a changed request gets a new key.
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const selectId = useId();

  const list = methods.data?.payout_methods ?? [];
  const methodId =
    chosenMethod && list.some((method) => method.id === chosenMethod)
      ? chosenMethod
      : (list.find((method) => method.is_default)?.id ?? list[0]?.id ?? '');

  function send(next: Attempt) {
    setAttempt(next);
    setFormError(null);
    request.mutate(
      { body: { amount: next.amount, payout_method_id: next.methodId }, key: next.key },
      {
        onSuccess: (withdrawal) => {
          onWithdrawn?.(withdrawal);
          void navigate(`/withdrawal/success?id=${encodeURIComponent(withdrawal.id)}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'INSUFFICIENT_AAL') {
            setStep(hasVerifiedFactor ? 'second_factor' : 'no_factor');
            return;
          }
          const amountMessage =
            fieldMessage(error, 'body.amount') ??
            (error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS' ? error.message : undefined);
          const methodMessage = fieldMessage(error, 'body.payout_method_id');
          if (amountMessage) setAmountError(amountMessage);
          if (methodMessage) setMethodError(methodMessage);
          if (!amountMessage && !methodMessage) setFormError(error);
        },
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const cents = inputToCents(amount);
    const amountIssue = amountProblem(cents, { minimum, available });
    const methodIssue = methodId ? null : 'Choose where the money should go.';
    setAmountError(amountIssue);
    setMethodError(methodIssue);
    if (amountIssue || methodIssue || typeof cents !== 'number') return;
    const previous = attempt;
    const same = previous && previous.amount === cents && previous.methodId === methodId;
    send(same ? previous : { key: newIdempotencyKey(), amount: cents, methodId });
  }

  if (step === 'second_factor')
    return renderSecondFactor({
      onVerified: () => {
        setStep('form');
        // The same attempt again, with the same key, now that the session has the second factor.
        if (attempt) send(attempt);
      },
      onCancel: () => setStep('form'),
    });

  if (step === 'no_factor')
    return (
      <section aria-labelledby="withdraw-factor-heading" className="flex flex-col gap-4">
        <span className="inline-flex size-11 items-center justify-center rounded-full bg-warning-soft text-warning">
          <ShieldAlert aria-hidden="true" className="size-6" />
        </span>
        <h3 id="withdraw-factor-heading" className="text-lg font-semibold">
          Set up your authenticator app first
        </h3>
        <p className="text-sm text-text-muted">
          Withdrawals need a code from an authenticator app, so nobody else can move your earnings. Add one
          under two-factor authentication in Settings, then come back to withdraw.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose}>
            Not now
          </Button>
          <Link to="/settings" className={buttonClasses('primary')}>
            Open Settings
          </Link>
        </div>
      </section>
    );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <TextField
        label="Amount (USD)"
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setAmountError(null);
        }}
        hint={`From ${formatCents(minimum)} up to ${formatCents(available)}.`}
        error={amountError}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="text-sm font-medium text-text">
          Pay to
        </label>
        {methods.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-text-muted">
            <Spinner className="size-4 border-2" /> Loading your payout methods…
          </p>
        ) : methods.isError ? (
          <FormError error={methods.error} />
        ) : list.length === 0 ? (
          <div className="flex flex-col items-start gap-2 rounded-[var(--radius-control)] border border-dashed border-border p-3">
            <p className="text-sm text-text-muted">
              You have no payout method yet. Add where the money should go.
            </p>
            <Link
              to="/cards"
              className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
            >
              Add a payout method
            </Link>
          </div>
        ) : (
          <>
            <select
              id={selectId}
              className={inputClasses}
              value={methodId}
              aria-invalid={methodError ? true : undefined}
              aria-describedby={methodError ? `${selectId}-error` : undefined}
              onChange={(event) => {
                setChosenMethod(event.target.value);
                setMethodError(null);
              }}
            >
              {list.map((method) => (
                <option key={method.id} value={method.id}>
                  {method.label}
                  {method.is_default ? ' (default)' : ''}
                </option>
              ))}
            </select>
            <Link to="/cards" className="self-start text-sm text-primary underline-offset-4 hover:underline">
              Manage payout methods
            </Link>
          </>
        )}
        <FieldError id={`${selectId}-error`} error={methodError} />
      </div>
      <FormActions
        submitLabel="Request withdrawal"
        pending={request.isPending}
        pendingLabel={
          <>
            <Spinner className="size-4 border-2" />
            Request withdrawal
          </>
        }
        disabled={list.length === 0}
        onCancel={onClose}
        className="mt-1"
        error={formError}
      />
    </form>
  );
}

/**
 * "Withdraw" on /revenue: a dialog with the amount (prefilled with everything available) and the payout
 * method; the server checks the minimum, the balance and the second factor. When it asks for the second
 * factor the route's step is shown in the dialog and the same attempt is sent again with the same key.
 * Success lands on /withdrawal/success?id=.
 */
export function WithdrawAction({
  userId,
  available,
  minimum,
  holdDays,
  hasVerifiedFactor,
  renderSecondFactor,
  onWithdrawn,
}: {
  userId: string;
  available: number;
  minimum: number;
  holdDays: number;
  hasVerifiedFactor: boolean;
  renderSecondFactor: SecondFactorSlot;
  onWithdrawn?: (withdrawal: Withdrawal) => void;
}) {
  const [open, setOpen] = useState(false);
  const enough = available >= minimum;
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={!enough} className="w-full sm:w-auto">
        <ArrowUpRight aria-hidden="true" className="size-4" />
        Withdraw
      </Button>
      {!enough ? (
        <p className="mt-2 max-w-xs text-xs text-text-muted sm:text-right">
          Earnings become available {holdDays} {holdDays === 1 ? 'day' : 'days'} after a session.
        </p>
      ) : null}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Withdraw earnings"
        description={
          <>
            <CreditCard aria-hidden="true" className="mr-1 inline size-4 align-[-2px]" />A finance admin
            reviews each withdrawal and sends it to your payout method.
          </>
        }
      >
        {open ? (
          <WithdrawForm
            userId={userId}
            available={available}
            minimum={minimum}
            hasVerifiedFactor={hasVerifiedFactor}
            renderSecondFactor={renderSecondFactor}
            onWithdrawn={onWithdrawn}
            onClose={() => setOpen(false)}
          />
        ) : null}
      </Dialog>
    </>
  );
}
