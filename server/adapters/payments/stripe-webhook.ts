import Stripe from 'stripe';
import { z } from 'zod';
import type { Clock } from '#domain/clock';
import type { PaymentEvent } from './payment-provider';

/** Deliveries signed more than this many seconds away from our clock (past or future) are refused. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

/** Why a delivery was refused: safe to log, never money-moving. */
export class StripeWebhookRejected extends Error {
  constructor(
    readonly reason: 'missing_signature' | 'bad_signature' | 'future_timestamp' | 'malformed_event',
    message: string,
  ) {
    super(message);
    this.name = 'StripeWebhookRejected';
  }
}

/** A verified delivery: the PaymentEvent it maps to, or null for event types we do not act on. */
export type VerifiedStripeDelivery = { stripeEventId: string; type: string; event: PaymentEvent | null };

export type StripeWebhookVerifier = {
  verify(rawBody: Buffer, signatureHeader: string | undefined): VerifiedStripeDelivery;
};

/**
 * The `t=` of a Stripe-Signature header, parsed the way the SDK parses it (comma-separated key=value
 * pairs). Several different `t=` values are refused: the SDK would take the last, we take no chances.
 */
function signedAtSeconds(header: string): number | null {
  const values = new Set(
    header
      .split(',')
      .map((pair) => pair.split('='))
      .filter(([key]) => key?.trim() === 't')
      .map(([, value]) => value?.trim() ?? ''),
  );
  if (values.size !== 1) return null;
  const [value] = [...values];
  return value !== undefined && /^\d{1,12}$/.test(value) ? Number(value) : null;
}

const paymentIntentSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int().positive(),
  amount_received: z.number().int().nonnegative().optional(),
  currency: z.string().min(3),
  last_payment_error: z.object({ message: z.string().optional() }).nullish(),
});

const refundSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int().positive(),
  currency: z.string().min(3),
  status: z.string().nullish(),
  payment_intent: z.union([z.string().min(1), z.object({ id: z.string().min(1) })]).nullish(),
});

/**
 * Maps a verified Stripe event to our PaymentEvent.
 *
 * - payment_intent.succeeded → payment.succeeded (amount_received), deduplicated by the event id:
 *   Stripe sends it once per intent and redelivers it under the same id.
 * - payment_intent.payment_failed → payment.failed (one per failed attempt; each its own event).
 * - refund.created / refund.updated with status "succeeded" → refund.succeeded. These are the current
 *   refund events (charge.refunded carries the charge with a cumulative amount_refunded, so several
 *   partial refunds cannot be told apart, and charge.refund.updated is the legacy name). A card refund
 *   usually is "succeeded" already in refund.created; other methods go "pending" first and reach
 *   "succeeded" in a refund.updated; a succeeded refund may be updated again later (e.g. its
 *   reference number). So a refund's dedup key is the REFUND id (re_…), not the event id: whichever
 *   of those events arrives first credits it, every later one is a duplicate.
 * Anything else is acknowledged and ignored (null).
 */
export function paymentEventFromStripe(event: {
  id: string;
  type: string;
  data: { object: unknown };
}): PaymentEvent | null {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = paymentIntentSchema.parse(event.data.object);
      const base = {
        provider: 'stripe' as const,
        eventId: event.id,
        providerPaymentId: intent.id,
        currency: intent.currency.toLowerCase(),
      };
      if (event.type === 'payment_intent.succeeded')
        return {
          ...base,
          type: 'payment.succeeded',
          amount: intent.amount_received ?? intent.amount,
        } as const;
      return {
        ...base,
        type: 'payment.failed',
        amount: intent.amount,
        failureReason: intent.last_payment_error?.message ?? 'The payment was declined.',
      } as const;
    }
    case 'refund.created':
    case 'refund.updated': {
      const refund = refundSchema.parse(event.data.object);
      if (refund.status !== 'succeeded' || !refund.payment_intent) return null;
      return {
        provider: 'stripe',
        eventId: `refund:${refund.id}`,
        type: 'refund.succeeded',
        providerPaymentId:
          typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent.id,
        amount: refund.amount,
        currency: refund.currency.toLowerCase(),
      } as const;
    }
    default:
      return null;
  }
}

/**
 * Verifies Stripe webhook deliveries: the SDK's constructEvent over the RAW body bytes with a 300 s
 * tolerance into the past (measured on our injected clock), plus our own refusal of deliveries signed
 * more than 300 s in the FUTURE, which the SDK does not check. A re-serialised body (same JSON, other
 * bytes) fails the signature, which is why the route hands over the bytes untouched.
 */
export function createStripeWebhookVerifier(options: {
  webhookSecret: string;
  clock: Clock;
}): StripeWebhookVerifier {
  return {
    verify(rawBody, signatureHeader) {
      if (!signatureHeader)
        throw new StripeWebhookRejected('missing_signature', 'The Stripe-Signature header is missing.');
      const nowMs = options.clock.now().getTime();
      const signedAt = signedAtSeconds(signatureHeader);
      if (signedAt === null)
        throw new StripeWebhookRejected(
          'bad_signature',
          'The Stripe-Signature header has no single timestamp.',
        );
      if (signedAt - Math.floor(nowMs / 1000) > STRIPE_WEBHOOK_TOLERANCE_SECONDS)
        throw new StripeWebhookRejected('future_timestamp', 'The delivery is signed too far in the future.');
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          options.webhookSecret,
          STRIPE_WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          nowMs,
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : 'The signature could not be verified.';
        throw new StripeWebhookRejected('bad_signature', message);
      }
      let mapped: PaymentEvent | null;
      try {
        mapped = paymentEventFromStripe(event);
      } catch {
        throw new StripeWebhookRejected(
          'malformed_event',
          `Event ${event.id} (${event.type}) has an unexpected shape.`,
        );
      }
      return { stripeEventId: event.id, type: event.type, event: mapped };
    },
  };
}
