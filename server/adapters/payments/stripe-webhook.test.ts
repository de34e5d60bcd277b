import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '#domain/clock';
import {
  createStripeWebhookVerifier,
  paymentEventFromStripe,
  StripeWebhookRejected,
  STRIPE_WEBHOOK_TOLERANCE_SECONDS,
} from './stripe-webhook';

const SECRET = 'whsec_test_wellspring_0123456789abcdef';
const NOW = new Date('2026-11-21T09:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);

function succeededEvent(overrides: { id?: string; amount?: number } = {}) {
  return {
    id: overrides.id ?? 'evt_1',
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2026-10-28.endive',
    created: nowSeconds,
    livemode: false,
    data: {
      object: {
        id: 'pi_1',
        object: 'payment_intent',
        amount: overrides.amount ?? 2500,
        amount_received: overrides.amount ?? 2500,
        currency: 'usd',
        metadata: { payment_id: 'p1' },
        last_payment_error: null,
      },
    },
  };
}

/** A delivery as Stripe sends it: the exact body bytes and their Stripe-Signature header. */
function sign(payload: string, options: { timestamp?: number; secret?: string } = {}) {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp ?? nowSeconds,
  });
}

const verifier = () => createStripeWebhookVerifier({ webhookSecret: SECRET, clock: createManualClock(NOW) });

function rejection(run: () => unknown): StripeWebhookRejected {
  try {
    run();
  } catch (error) {
    if (error instanceof StripeWebhookRejected) return error;
    throw error;
  }
  throw new Error('expected the delivery to be refused');
}

describe('Stripe webhook verification', () => {
  const body = JSON.stringify(succeededEvent());

  it('accepts a good delivery and maps it to a PaymentEvent', () => {
    const delivery = verifier().verify(Buffer.from(body), sign(body));
    expect(delivery).toEqual({
      stripeEventId: 'evt_1',
      type: 'payment_intent.succeeded',
      event: {
        provider: 'stripe',
        eventId: 'evt_1',
        type: 'payment.succeeded',
        providerPaymentId: 'pi_1',
        amount: 2500,
        currency: 'usd',
      },
    });
  });

  it('accepts deliveries signed up to 300 s in the past or the future', () => {
    const v = verifier();
    expect(v.verify(Buffer.from(body), sign(body, { timestamp: nowSeconds - 300 })).stripeEventId).toBe(
      'evt_1',
    );
    expect(v.verify(Buffer.from(body), sign(body, { timestamp: nowSeconds + 300 })).stripeEventId).toBe(
      'evt_1',
    );
  });

  it('refuses a forged signature', () => {
    const header = sign(body).replace(
      /v1=([0-9a-f])/,
      (_match, first: string) => `v1=${first === '0' ? '1' : '0'}`,
    );
    expect(header).not.toBe(sign(body));
    expect(rejection(() => verifier().verify(Buffer.from(body), header)).reason).toBe('bad_signature');
  });

  it('refuses a delivery signed with another secret', () => {
    const header = sign(body, { secret: 'whsec_someone_else' });
    expect(rejection(() => verifier().verify(Buffer.from(body), header)).reason).toBe('bad_signature');
  });

  it('refuses a tampered body (another amount under the original signature)', () => {
    const header = sign(body);
    const tampered = JSON.stringify(succeededEvent({ amount: 999_999 }));
    expect(rejection(() => verifier().verify(Buffer.from(tampered), header)).reason).toBe('bad_signature');
  });

  it('refuses a stale delivery (more than 300 s old)', () => {
    const header = sign(body, { timestamp: nowSeconds - STRIPE_WEBHOOK_TOLERANCE_SECONDS - 1 });
    expect(rejection(() => verifier().verify(Buffer.from(body), header)).reason).toBe('bad_signature');
  });

  it('refuses a future-dated delivery (more than 300 s ahead), which the SDK alone would accept', () => {
    const header = sign(body, { timestamp: nowSeconds + STRIPE_WEBHOOK_TOLERANCE_SECONDS + 1 });
    // The SDK checks only the past: on its own it accepts this header.
    expect(() =>
      Stripe.webhooks.constructEvent(body, header, SECRET, 300, undefined, NOW.getTime()),
    ).not.toThrow();
    expect(rejection(() => verifier().verify(Buffer.from(body), header)).reason).toBe('future_timestamp');
  });

  it('refuses a re-serialised body: the same JSON with other bytes', () => {
    const header = sign(body);
    const respaced = JSON.stringify(JSON.parse(body), null, 2);
    expect(JSON.parse(respaced)).toEqual(JSON.parse(body));
    expect(rejection(() => verifier().verify(Buffer.from(respaced), header)).reason).toBe('bad_signature');
  });

  it('refuses a missing header, a header without timestamp, and two different timestamps', () => {
    const v = verifier();
    expect(rejection(() => v.verify(Buffer.from(body), undefined)).reason).toBe('missing_signature');
    const signature = sign(body).split(',')[1]!;
    expect(rejection(() => v.verify(Buffer.from(body), signature)).reason).toBe('bad_signature');
    expect(rejection(() => v.verify(Buffer.from(body), `t=${nowSeconds + 3600},${sign(body)}`)).reason).toBe(
      'bad_signature',
    );
  });

  it('acknowledges event types it does not act on with no PaymentEvent', () => {
    const other = JSON.stringify({
      ...succeededEvent(),
      type: 'customer.created',
      data: { object: { id: 'cus_1' } },
    });
    expect(verifier().verify(Buffer.from(other), sign(other)).event).toBeNull();
  });

  it('refuses a verified event whose object lacks what we need', () => {
    const broken = JSON.stringify({ ...succeededEvent(), data: { object: { id: 'pi_1' } } });
    expect(rejection(() => verifier().verify(Buffer.from(broken), sign(broken))).reason).toBe(
      'malformed_event',
    );
  });
});

describe('Stripe event mapping', () => {
  it('maps payment_intent.payment_failed with the decline message', () => {
    expect(
      paymentEventFromStripe({
        id: 'evt_f',
        type: 'payment_intent.payment_failed',
        data: {
          object: {
            id: 'pi_2',
            amount: 1000,
            amount_received: 0,
            currency: 'USD',
            last_payment_error: { message: 'Your card was declined.' },
          },
        },
      }),
    ).toEqual({
      provider: 'stripe',
      eventId: 'evt_f',
      type: 'payment.failed',
      providerPaymentId: 'pi_2',
      amount: 1000,
      currency: 'usd',
      failureReason: 'Your card was declined.',
    });
  });

  const refund = (type: string, status: string, id = 'evt_r') => ({
    id,
    type,
    data: {
      object: { id: 're_1', object: 'refund', amount: 700, currency: 'usd', status, payment_intent: 'pi_1' },
    },
  });

  it('maps a succeeded refund from refund.created or refund.updated to ONE dedup key: the refund id', () => {
    const created = paymentEventFromStripe(refund('refund.created', 'succeeded', 'evt_a'));
    const updated = paymentEventFromStripe(refund('refund.updated', 'succeeded', 'evt_b'));
    expect(created).toEqual({
      provider: 'stripe',
      eventId: 'refund:re_1',
      type: 'refund.succeeded',
      providerPaymentId: 'pi_1',
      amount: 700,
      currency: 'usd',
    });
    expect(updated).toEqual(created);
  });

  it('ignores refunds that have not succeeded, and charge.refunded', () => {
    expect(paymentEventFromStripe(refund('refund.created', 'pending'))).toBeNull();
    expect(paymentEventFromStripe(refund('refund.updated', 'failed'))).toBeNull();
    expect(paymentEventFromStripe(refund('charge.refunded', 'succeeded'))).toBeNull();
  });
});
