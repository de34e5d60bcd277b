import { randomUUID } from 'node:crypto';
import type { PaymentEvent, PaymentProvider } from './payment-provider';

/**
 * The demo payment provider: the embedded default, "Demo payments — no real money". Nothing leaves the
 * server; a documented test card number decides the outcome deterministically, and the outcome becomes a
 * PaymentEvent applied through the same path as a Stripe webhook (WalletService.applyPaymentEvent).
 *
 * Test cards (any future expiry, any 3-digit CVC):
 *   4242 4242 4242 4242  succeeds
 *   4000 0000 0000 0002  declined: "Your card was declined."
 *   4000 0000 0000 9995  declined: "Your card has insufficient funds."
 * Any other number is refused as not a demo test card (no event, the payment stays open).
 */
export const DEMO_TEST_CARDS = [
  { number: '4242424242424242', outcome: 'succeeds' },
  { number: '4000000000000002', outcome: 'declined', reason: 'Your card was declined.' },
  { number: '4000000000009995', outcome: 'declined', reason: 'Your card has insufficient funds.' },
] as const;

export type DemoCardOutcome = { ok: true } | { ok: false; reason: string } | { ok: 'unknown_card' };

/** The outcome of a demo card number (spaces and dashes ignored). */
export function demoCardOutcome(cardNumber: string): DemoCardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '');
  const card = DEMO_TEST_CARDS.find((candidate) => candidate.number === digits);
  if (!card) return { ok: 'unknown_card' };
  return card.outcome === 'succeeds' ? { ok: true } : { ok: false, reason: card.reason };
}

export const demoProviderPaymentId = (paymentId: string) => `demo_pi_${paymentId}`;

/**
 * `deliver` receives the events the provider emits on its own (refunds); the wallet wires it to
 * applyPaymentEvent. Confirmation events are built by the wallet service with `demoPaymentEvent`.
 */
export function createDemoPaymentProvider(
  options: { deliver?: (event: PaymentEvent) => Promise<unknown> } = {},
): PaymentProvider {
  return {
    name: 'demo',
    async createPayment({ paymentId }) {
      return {
        providerPaymentId: demoProviderPaymentId(paymentId),
        clientSecret: `demo_secret_${paymentId}`,
      };
    },
    async refund({ providerPaymentId, amount, refundId }) {
      await options.deliver?.({
        provider: 'demo',
        eventId: `demo_evt_refund_${refundId}`,
        type: 'refund.succeeded',
        providerPaymentId,
        amount,
        currency: 'usd',
      });
    },
  };
}

/** The event a demo confirmation produces; its id is fixed per payment, so a repeat dedupes. */
export function demoPaymentEvent(input: {
  providerPaymentId: string;
  amount: number;
  currency: string;
  outcome: { ok: true } | { ok: false; reason: string };
}): PaymentEvent {
  return input.outcome.ok
    ? {
        provider: 'demo',
        eventId: `demo_evt_succeeded_${input.providerPaymentId}`,
        type: 'payment.succeeded',
        providerPaymentId: input.providerPaymentId,
        amount: input.amount,
        currency: input.currency,
      }
    : {
        provider: 'demo',
        // A declined attempt may be followed by another card: every attempt is its own event.
        eventId: `demo_evt_failed_${input.providerPaymentId}_${randomUUID()}`,
        type: 'payment.failed',
        providerPaymentId: input.providerPaymentId,
        amount: input.amount,
        currency: input.currency,
        failureReason: input.outcome.reason,
      };
}
