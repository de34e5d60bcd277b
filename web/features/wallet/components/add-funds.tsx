import { CircleCheck, Plus } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import {
  TOP_UP_MAX_CENTS,
  TOP_UP_MIN_CENTS,
  TOP_UP_PRESETS_CENTS,
  type DemoConfirmBody,
  type PaymentProviderName,
} from '#contracts/wallet';
import { Button } from '#web/components/button';
import { fieldError, Form, useZodForm } from '#web/components/form';
import { FormError } from '#web/components/form-error';
import { TextField } from '#web/components/text-field';
import { formatCents, inputToCents } from '#web/lib/money';
import { newIdempotencyKey, useCreateTopUp, useDemoConfirm, useRefreshWallet } from '../api/wallet';
import { loadStripeJs } from '../lib/stripe';
import { DemoCardForm } from './demo-card-form';
import { StripeCardForm } from './stripe-card-form';
import { AmountPresets } from '#web/components/amount-presets';

type Step =
  | { name: 'amount' }
  | {
      name: 'card';
      paymentId: string;
      amount: number;
      /** Stripe: the PaymentIntent's client secret, confirmed by Stripe.js in this browser. */
      clientSecret: string | null;
      declined: string | null;
    }
  | { name: 'done'; amount: number };

function amountError(cents: number | null | undefined): string | null {
  if (cents === null) return 'Choose an amount or type one.';
  if (cents === undefined) return 'Enter an amount in dollars, like 40 or 40.50.';
  if (cents < TOP_UP_MIN_CENTS) return `The smallest top-up is ${formatCents(TOP_UP_MIN_CENTS)}.`;
  if (cents > TOP_UP_MAX_CENTS) return `The largest top-up is ${formatCents(TOP_UP_MAX_CENTS)}.`;
  return null;
}

/** The amount chosen: a typed one when there is one, else the preset; checked, then handed on in cents. */
const amountFormSchema = z
  .object({ preset: z.number().nullable(), custom: z.string() })
  .transform(({ preset, custom }, issues) => {
    const chosen = custom.trim() !== '' ? inputToCents(custom) : preset;
    const problem = amountError(chosen);
    if (problem === null && chosen !== null && chosen !== undefined) return chosen;
    issues.addIssue({ code: 'custom', path: ['custom'], message: problem ?? '' });
    return z.NEVER;
  });

/**
 * "Add funds": choose a preset or type an amount, then pay with the provider's card form (the demo form,
 * or Stripe's card field when the server runs with Stripe). The wallet is credited by the provider's
 * event on the server; the screen only shows the outcome.
 */
export function AddFunds({
  userId,
  provider,
  stripePublishableKey = null,
}: {
  userId: string;
  provider: PaymentProviderName;
  /** Set when provider is 'stripe' (GET /api/wallet). */
  stripePublishableKey?: string | null;
}) {
  const [step, setStep] = useState<Step>({ name: 'amount' });
  // A refused amount does not move the focus (as before the form library).
  const form = useZodForm(amountFormSchema, {
    defaultValues: { preset: TOP_UP_PRESETS_CENTS[1], custom: '' },
    shouldFocusError: false,
  });
  const [preset, custom] = form.watch(['preset', 'custom']);
  // One key per attempt; kept while the same attempt is retried after a lost answer.
  const [topUpKey, setTopUpKey] = useState(newIdempotencyKey);
  const createTopUp = useCreateTopUp();
  const confirm = useDemoConfirm(userId);
  const refreshWallet = useRefreshWallet(userId);

  const chosen = custom.trim() !== '' ? inputToCents(custom) : preset;

  const startPayment = (amount: number) => {
    // Stripe.js starts loading now, while the server creates the payment (failures show on the card step).
    if (provider === 'stripe' && stripePublishableKey)
      loadStripeJs(stripePublishableKey).catch(() => undefined);
    createTopUp.mutate(
      { body: { amount }, key: topUpKey },
      {
        onSuccess: (topUp) => {
          setTopUpKey(newIdempotencyKey());
          setStep({
            name: 'card',
            paymentId: topUp.payment_id,
            amount: topUp.amount,
            clientSecret: topUp.client_secret,
            declined: null,
          });
        },
      },
    );
  };

  const pay = (body: DemoConfirmBody) => {
    if (step.name !== 'card') return;
    confirm.mutate(
      { paymentId: step.paymentId, body, key: newIdempotencyKey() },
      {
        onSuccess: (payment) => {
          if (payment.status === 'succeeded') setStep({ name: 'done', amount: payment.amount });
          else
            setStep({
              ...step,
              declined: payment.failure_reason ?? 'The payment did not go through.',
            });
        },
      },
    );
  };

  const restart = () => {
    createTopUp.reset();
    confirm.reset();
    setStep({ name: 'amount' });
  };

  return (
    <section
      aria-labelledby="add-funds-heading"
      className="rounded-[var(--radius-card)] border border-border bg-surface p-5 shadow-soft sm:p-6"
    >
      <h2 id="add-funds-heading" className="text-lg font-semibold">
        Add funds
      </h2>

      {step.name === 'done' ? (
        <div role="status" className="mt-4 flex flex-col items-start gap-4">
          <p className="flex items-center gap-2 font-medium text-success">
            <CircleCheck aria-hidden="true" className="size-5" />
            {formatCents(step.amount)} was added to your wallet.
          </p>
          <Button variant="secondary" onClick={restart}>
            <Plus aria-hidden="true" className="size-4" />
            Add more funds
          </Button>
        </div>
      ) : step.name === 'card' ? (
        <div className="mt-4">
          <p className="mb-4 text-sm text-text-muted">
            Paying <span className="font-semibold text-text">{formatCents(step.amount)}</span> into your
            wallet.
          </p>
          {provider === 'demo' ? (
            <DemoCardForm
              amount={step.amount}
              pending={confirm.isPending}
              error={confirm.error}
              declined={step.declined}
              onSubmit={pay}
              onCancel={restart}
            />
          ) : provider === 'stripe' && stripePublishableKey && step.clientSecret ? (
            <StripeCardForm
              userId={userId}
              publishableKey={stripePublishableKey}
              clientSecret={step.clientSecret}
              paymentId={step.paymentId}
              amount={step.amount}
              onSucceeded={(payment) => {
                void refreshWallet();
                setStep({ name: 'done', amount: payment.amount });
              }}
              onCancel={restart}
            />
          ) : (
            <p role="alert" className="text-sm text-text-muted">
              Card payments are not available right now. Please try again later.
            </p>
          )}
        </div>
      ) : (
        <Form form={form} onSubmit={startPayment} className="mt-4 flex flex-col gap-4">
          <AmountPresets
            amounts={TOP_UP_PRESETS_CENTS}
            chosen={custom.trim() === '' ? preset : null}
            onPick={(amount) => {
              form.setValue('preset', amount);
              form.setValue('custom', '');
              form.clearErrors('custom');
            }}
          />
          <div className="max-w-xs">
            <TextField
              label="Or another amount"
              inputMode="decimal"
              placeholder="$40.00"
              {...form.register('custom', { onChange: () => form.clearErrors('custom') })}
              hint={`From ${formatCents(TOP_UP_MIN_CENTS)} to ${formatCents(TOP_UP_MAX_CENTS)}.`}
              error={fieldError(form, 'custom') ?? null}
            />
          </div>
          <FormError error={createTopUp.error} />
          <div>
            <Button type="submit" busy={createTopUp.isPending}>
              {chosen && amountError(chosen) === null ? `Continue with ${formatCents(chosen)}` : 'Continue'}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}
