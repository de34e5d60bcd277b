import type { Stripe, StripeCardElement, StripeElementStyle } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';
import { Lock, RotateCcw } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Payment } from '#contracts/wallet';
import { Button } from '#web/components/button';
import { Spinner } from '#web/components/spinner';
import { formatCents } from '#web/lib/money';
import { topUpQueryOptions } from '../api/wallet';
import { loadStripeJs } from '../lib/stripe';
import { CardPaymentFooter } from './card-payment-footer';

const CARD_INCOMPLETE = 'Enter your card number, expiry date, CVC and ZIP code.';
const STRIPE_UNREACHABLE =
  'The payment could not reach Stripe. Check your connection and try again; nothing was charged.';

/** Stripe's card field draws inside its own frame: it gets the theme's colours as values. */
function cardStyle(): StripeElementStyle {
  const css = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const text = token('--text', '#1d2421');
  const muted = token('--text-muted', '#57615c');
  const danger = token('--danger', '#b42318');
  return {
    base: {
      color: text,
      iconColor: muted,
      fontFamily: "'Inter Variable', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', sans-serif",
      fontSize: '16px',
      fontSmoothing: 'antialiased',
      '::placeholder': { color: muted },
    },
    invalid: { color: danger, iconColor: danger },
  };
}

const isSettled = (payment: Payment | undefined) =>
  payment?.status === 'succeeded' || payment?.status === 'refunded';

/**
 * The Stripe card step of Add funds (PAYMENTS_PROVIDER=stripe): loads Stripe.js on demand, mounts
 * Stripe's card field, confirms the PaymentIntent the server created (its client secret) in the
 * browser, then polls GET /api/wallet/top-ups/:id until the signed webhook has credited the wallet —
 * the browser's word is never what credits it.
 */
export function StripeCardForm({
  userId,
  publishableKey,
  clientSecret,
  paymentId,
  amount,
  onSucceeded,
  onCancel,
  pollIntervalMs = 1500,
  slowAfterMs = 60_000,
}: {
  userId: string;
  publishableKey: string;
  clientSecret: string;
  paymentId: string;
  amount: number;
  /** The webhook credited the wallet. */
  onSucceeded: (payment: Payment) => void;
  onCancel: () => void;
  pollIntervalMs?: number;
  /** After this long without the webhook, say so (and keep a "Check again" button). */
  slowAfterMs?: number;
}) {
  const labelId = useId();
  const hintId = useId();
  const [loaded, setLoaded] = useState<{ stripe: Stripe | null; error: unknown }>({
    stripe: null,
    error: null,
  });
  const [loadAttempt, setLoadAttempt] = useState(0);
  const mountRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<StripeCardElement | null>(null);
  const [cardReady, setCardReady] = useState(false);
  const [card, setCard] = useState<{ complete: boolean; error: string | null }>({
    complete: false,
    error: null,
  });
  const [phase, setPhase] = useState<'entering' | 'paying' | 'confirming'>('entering');
  // Each confirmation polls under its own query key (topUpQueryOptions).
  const [attempt, setAttempt] = useState(0);
  const [stripeSucceeded, setStripeSucceeded] = useState(false);
  const [slow, setSlow] = useState(false);
  const [declined, setDeclined] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    loadStripeJs(publishableKey).then(
      (stripe) => {
        if (live) setLoaded({ stripe, error: null });
      },
      (error: unknown) => {
        if (live) setLoaded({ stripe: null, error });
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey, loadAttempt]);

  const { stripe } = loaded;
  useEffect(() => {
    const container = mountRef.current;
    if (!stripe || !container) return;
    const element = stripe.elements({ locale: 'en' }).create('card', { style: cardStyle() });
    element.on('ready', () => setCardReady(true));
    element.on('change', (event) =>
      setCard({ complete: event.complete, error: event.error?.message ?? null }),
    );
    element.mount(container);
    cardRef.current = element;
    // The theme can change while the form is open: give the frame the new colours.
    const themeWatch = new MutationObserver(() => element.update({ style: cardStyle() }));
    themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      themeWatch.disconnect();
      cardRef.current = null;
      element.destroy();
    };
  }, [stripe]);

  const confirming = phase === 'confirming';
  useEffect(() => {
    if (!confirming) return;
    const timer = window.setTimeout(() => setSlow(true), slowAfterMs);
    return () => window.clearTimeout(timer);
  }, [confirming, attempt, slowAfterMs]);

  // A failure counts only when Stripe did not already say the card was charged (a processing
  // payment can still fail; after success a "failed" row is an earlier attempt's).
  const failureCounts = (found: Payment | undefined) => !stripeSucceeded && found?.status === 'failed';
  const payment = useQuery({
    ...topUpQueryOptions(userId, paymentId, attempt),
    enabled: confirming,
    refetchInterval: (query) =>
      isSettled(query.state.data) || failureCounts(query.state.data) || slow ? false : pollIntervalMs,
  });
  const landed = confirming && isSettled(payment.data) ? payment.data : undefined;
  const failedReason =
    confirming && payment.data && failureCounts(payment.data)
      ? (payment.data.failure_reason ?? 'The payment did not go through.')
      : null;

  const reported = useRef(false);
  useEffect(() => {
    if (!landed || reported.current) return;
    reported.current = true;
    onSucceeded(landed);
  }, [landed, onSucceeded]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const element = cardRef.current;
    if (!stripe || !element || phase === 'paying' || (confirming && !failedReason)) return;
    if (!card.complete) {
      setCard((current) => ({ ...current, error: current.error ?? CARD_INCOMPLETE }));
      element.focus();
      return;
    }
    setDeclined(null);
    setProblem(null);
    setPhase('paying');
    let result: Awaited<ReturnType<Stripe['confirmCardPayment']>>;
    try {
      result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card: element } });
    } catch {
      setProblem(STRIPE_UNREACHABLE);
      setPhase('entering');
      return;
    }
    const intent = result.error ? result.error.payment_intent : result.paymentIntent;
    if (!result.error || intent?.status === 'succeeded') {
      // Charged (or, after a lost answer, already charged): wait for the webhook to credit it.
      setStripeSucceeded(intent?.status === 'succeeded');
      setSlow(false);
      setAttempt((current) => current + 1);
      setPhase('confirming');
      return;
    }
    const { error } = result;
    if (error.type === 'card_error') setDeclined(error.message ?? 'Your card was declined.');
    else if (error.type === 'validation_error')
      setCard({ complete: false, error: error.message ?? CARD_INCOMPLETE });
    else setProblem(error.message ?? STRIPE_UNREACHABLE);
    setPhase('entering');
  };

  if (loaded.error)
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-sm text-text">
          The secure card form could not load. Check your connection, or allow js.stripe.com if a blocker is
          on, then try again. Nothing was charged.
        </p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <Button variant="secondary" onClick={onCancel}>
            Change amount
          </Button>
          <Button
            onClick={() => {
              setLoaded({ stripe: null, error: null });
              setLoadAttempt((current) => current + 1);
            }}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Try again
          </Button>
        </div>
      </div>
    );

  const waiting = confirming && !failedReason;
  // Stripe's card field stays mounted (hidden) while waiting, so a failed payment can be retried in it.
  const waitingView = waiting ? (
    <div role="status" className="flex flex-col items-start gap-3">
      <p className="flex items-center gap-3 font-medium">
        <Spinner className="size-5 border-2" />
        Confirming your payment…
      </p>
      {slow ? (
        <>
          <p className="text-sm text-text-muted">
            This is taking longer than usual. You can leave this page: the {formatCents(amount)} appears in
            your wallet as soon as Stripe confirms the payment.
          </p>
          <Button variant="secondary" onClick={() => void payment.refetch()}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Check again
          </Button>
        </>
      ) : (
        <p className="text-sm text-text-muted">
          Your card was accepted. The money appears in your wallet as soon as Stripe confirms the payment,
          usually within a few seconds.
        </p>
      )}
    </div>
  ) : null;

  const paying = phase === 'paying';
  const shownDecline = declined ?? failedReason;
  return (
    <>
      {waitingView}
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        hidden={waiting}
        className="flex flex-col gap-4"
      >
        <p className="flex items-start gap-2 text-sm text-text-muted">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Card payments are processed by Stripe. Your card details go straight to Stripe; Wellspring never
            sees them.
          </span>
        </p>

        <div className="flex flex-col gap-1.5">
          {/* Not a <label>: the field is Stripe's frame. A click on it still focuses the card number. */}
          <span
            id={labelId}
            className="text-sm font-medium text-text"
            onClick={() => cardRef.current?.focus()}
          >
            Card details
          </span>
          {/* Stripe marks its container StripeElement--focus; the field around it shows the focus ring. */}
          <div
            role="group"
            aria-labelledby={labelId}
            aria-describedby={hintId}
            aria-busy={!cardReady}
            className={`relative flex min-h-11 w-full flex-col justify-center rounded-[var(--radius-control)] border bg-surface px-3 py-3 has-[.StripeElement--focus]:outline-3 has-[.StripeElement--focus]:outline-offset-2 has-[.StripeElement--focus]:outline-ring ${
              card.error ? 'border-danger' : 'border-border'
            }`}
          >
            <div ref={mountRef} data-testid="stripe-card-element" className="w-full" />
            {!cardReady ? (
              <div className="absolute inset-0 flex items-center gap-2 rounded-[var(--radius-control)] bg-surface px-3 text-sm text-text-muted">
                <Spinner className="size-4 border-2" />
                Loading the secure card form…
              </div>
            ) : null}
          </div>
          {card.error ? (
            <p id={hintId} role="alert" className="text-sm font-medium text-danger">
              {card.error}
            </p>
          ) : (
            <p id={hintId} className="text-sm text-text-muted">
              Card number, expiry date, CVC and ZIP code.
            </p>
          )}
        </div>

        <CardPaymentFooter
          declined={shownDecline}
          error={problem}
          amount={amount}
          paying={paying}
          canPay={cardReady}
          onCancel={onCancel}
        />
      </form>
    </>
  );
}
