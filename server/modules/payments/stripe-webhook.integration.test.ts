import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { payments } from '#server/db/schema/index';
import { errorCode, signUp } from '#test/support/auth';
import { useTestApp } from '#test/support/test-app';

/**
 * Webhooks: deliveries through the real route (raw body, real Stripe signatures from the
 * SDK's own test helper) into the real wallet and ledger on PostgreSQL.
 */
const SECRET = 'whsec_integration_0123456789abcdef';
const URL = '/api/payments/stripe/webhook';

/** A small seeded PRNG (mulberry32): the shuffle is random but reproducible from the seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Delivery = { body: string; header: string; expectStatus: 200 | 400; eventId: string };

describe('POST /api/payments/stripe/webhook', () => {
  const t = useTestApp({
    STRIPE_WEBHOOK_SECRET: SECRET,
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
  });

  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
  const sign = (payload: string, options: { timestamp?: number; secret?: string } = {}) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? SECRET,
      timestamp: options.timestamp ?? nowSeconds(),
    });
  const deliver = (body: string | Buffer, header?: string) =>
    t.app.inject({
      method: 'POST',
      url: URL,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(header ? { 'stripe-signature': header } : {}),
      },
      payload: body,
    });

  const succeeded = (eventId: string, providerPaymentId: string, amount: number) =>
    JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'payment_intent.succeeded',
      api_version: '2026-10-28.endive',
      created: nowSeconds(),
      livemode: false,
      data: {
        object: {
          id: providerPaymentId,
          object: 'payment_intent',
          amount,
          amount_received: amount,
          currency: 'usd',
          status: 'succeeded',
          metadata: {},
          last_payment_error: null,
        },
      },
    });

  /** Stripe payments as the wallet creates them: one row per PaymentIntent, not yet credited. */
  async function createPayments(count: number, userIds: string[], amountOf: (index: number) => number) {
    const now = t.clock.now();
    const rows = Array.from({ length: count }, (_, index) => ({
      id: randomUUID(),
      userId: userIds[index % userIds.length]!,
      provider: 'stripe' as const,
      providerPaymentId: `pi_${randomUUID().replaceAll('-', '')}`,
      amount: amountOf(index),
      currency: 'usd',
      status: 'created' as const,
      createdAt: now,
      updatedAt: now,
    }));
    await t.db.insert(payments).values(rows);
    return rows;
  }

  /** Ledger transactions posted for each payment, and the sum of every client wallet. */
  async function ledgerState(paymentIds: string[]) {
    const perPayment = await t.pool.query<{ reference_id: string; count: string }>(
      `select reference_id, count(*)::text as count from ledger_transactions
        where reference_type = 'payment' and reference_id = any($1::text[]) group by reference_id`,
      [paymentIds],
    );
    const wallets = await t.pool.query<{ total: string | null }>(
      `select sum(e.amount)::text as total from ledger_entries e
         join ledger_accounts a on a.id = e.account_id where a.kind = 'client_wallet'`,
    );
    return {
      transactionsByPayment: new Map(perPayment.rows.map((row) => [row.reference_id, Number(row.count)])),
      walletTotal: Number(wallets.rows[0]?.total ?? 0),
    };
  }

  it('credits each of 200 events exactly once over 1,000 shuffled deliveries; bad deliveries change nothing', async () => {
    const seed = 20261121;
    const next = random(seed);
    const users = await Promise.all(
      Array.from(
        { length: 8 },
        async (_, index) => (await signUp(t.app, { data: { full_name: `Payer ${index}` } })).session.user.id,
      ),
    );
    const good = await createPayments(200, users, (index) => 500 + ((index * 7919) % 20_000));
    // Payments that only ever receive refused deliveries: they must stay uncredited.
    const poisoned = await createPayments(20, users, () => 4_200);

    const deliveries: Delivery[] = [];
    good.forEach((payment, index) => {
      const eventId = `evt_good_${index}`;
      const body = succeeded(eventId, payment.providerPaymentId, payment.amount);
      const times = 1 + (index % 5); // 40 events each delivered 1, 2, 3, 4 and 5 times: 600 deliveries
      for (let time = 0; time < times; time += 1)
        deliveries.push({ body, header: sign(body), expectStatus: 200, eventId });
    });
    const badKinds = ['forged', 'wrong_secret', 'stale', 'future', 'reserialised'] as const;
    const bad = (eventId: string, body: string, kind: (typeof badKinds)[number]): Delivery => {
      const base = { eventId, expectStatus: 400 as const };
      switch (kind) {
        case 'forged':
          return { ...base, body, header: `t=${nowSeconds()},v1=${'ab'.repeat(32)}` };
        case 'wrong_secret':
          return { ...base, body, header: sign(body, { secret: 'whsec_not_ours_0123456789' }) };
        case 'stale':
          return { ...base, body, header: sign(body, { timestamp: nowSeconds() - 301 }) };
        case 'future':
          return { ...base, body, header: sign(body, { timestamp: nowSeconds() + 301 }) };
        case 'reserialised':
          return { ...base, body: JSON.stringify(JSON.parse(body), null, 1), header: sign(body) };
      }
    };
    // 20 poisoned payments × 5 kinds × 2 = 200 bad deliveries for events nobody ever delivers well.
    poisoned.forEach((payment, index) => {
      const eventId = `evt_poisoned_${index}`;
      const body = succeeded(eventId, payment.providerPaymentId, payment.amount);
      for (const kind of badKinds) deliveries.push(bad(eventId, body, kind), bad(eventId, body, kind));
    });
    // 200 more bad deliveries of the good events (a tampered amount, and each refused kind).
    while (deliveries.length < 1000) {
      const index = Math.floor(next() * good.length);
      const payment = good[index]!;
      const eventId = `evt_good_${index}`;
      const kind = badKinds[deliveries.length % badKinds.length]!;
      if (deliveries.length % 10 === 0) {
        // The good event's signature over a body that credits 100× more.
        const honest = succeeded(eventId, payment.providerPaymentId, payment.amount);
        const inflated = succeeded(eventId, payment.providerPaymentId, payment.amount * 100);
        deliveries.push({ eventId, expectStatus: 400, body: inflated, header: sign(honest) });
      } else
        deliveries.push(bad(eventId, succeeded(eventId, payment.providerPaymentId, payment.amount), kind));
    }
    expect(deliveries).toHaveLength(1000);
    for (let i = deliveries.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
    }

    // Deliveries arrive concurrently, as Stripe's do: duplicates of one event race each other.
    const outcomes = new Map<string, string[]>();
    const mismatches: string[] = [];
    const CONCURRENCY = 8;
    for (let start = 0; start < deliveries.length; start += CONCURRENCY) {
      const batch = deliveries.slice(start, start + CONCURRENCY);
      const responses = await Promise.all(batch.map((delivery) => deliver(delivery.body, delivery.header)));
      responses.forEach((response, index) => {
        const delivery = batch[index]!;
        if (response.statusCode !== delivery.expectStatus)
          mismatches.push(`${delivery.eventId}: ${response.statusCode} ${response.body.slice(0, 160)}`);
        if (response.statusCode === 200) {
          const { outcome } = response.json<{ outcome: string }>();
          outcomes.set(delivery.eventId, [...(outcomes.get(delivery.eventId) ?? []), outcome]);
        } else
          expect(response.json<{ error: { code: string } }>().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
      });
    }
    expect(mismatches, `seed ${seed}`).toEqual([]);

    // Every good event: applied exactly once, every other delivery of it a duplicate.
    good.forEach((_, index) => {
      const seen = outcomes.get(`evt_good_${index}`) ?? [];
      expect(seen.length, `evt_good_${index}`).toBe(1 + (index % 5));
      expect(
        seen.filter((outcome) => outcome === 'applied'),
        `evt_good_${index}`,
      ).toEqual(['applied']);
      expect(seen.filter((outcome) => outcome !== 'applied' && outcome !== 'duplicate')).toEqual([]);
    });
    expect([...outcomes.keys()].filter((eventId) => eventId.startsWith('evt_poisoned'))).toEqual([]);

    // The ledger: one transaction per good payment, none for the poisoned ones; wallets hold the sum.
    const state = await ledgerState([...good, ...poisoned].map((payment) => payment.id));
    for (const payment of good) expect(state.transactionsByPayment.get(payment.id), payment.id).toBe(1);
    for (const payment of poisoned)
      expect(state.transactionsByPayment.get(payment.id), payment.id).toBeUndefined();
    expect(state.walletTotal).toBe(good.reduce((sum, payment) => sum + payment.amount, 0));
    const events = await t.pool.query<{ count: string }>(
      `select count(*)::text as count from payment_provider_events where provider = 'stripe'`,
    );
    expect(Number(events.rows[0]!.count)).toBe(200);
    const statuses = await t.pool.query<{ status: string; count: string }>(
      `select status, count(*)::text as count from payments where id = any($1::uuid[]) group by status order by status`,
      [[...good, ...poisoned].map((payment) => payment.id)],
    );
    expect(statuses.rows).toEqual([
      { status: 'created', count: '20' },
      { status: 'succeeded', count: '200' },
    ]);
  }, 180_000);

  it('refuses a delivery without a signature, or with an empty body, and applies nothing', async () => {
    const [payment] = await createPayments(1, [(await signUp(t.app)).session.user.id], () => 1_000);
    const body = succeeded('evt_unsigned', payment!.providerPaymentId, 1_000);
    const unsigned = await deliver(body);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'WEBHOOK_SIGNATURE_INVALID',
      message: expect.stringMatching(/signing secret/),
    });
    expect((await deliver('', sign(''))).statusCode).toBe(400);
    expect((await ledgerState([payment!.id])).transactionsByPayment.size).toBe(0);
  });

  it('acknowledges event types it does not act on, and asks for redelivery of an unknown payment', async () => {
    const other = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1' } },
    });
    const ignored = await deliver(other, sign(other));
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json()).toEqual({ received: true, outcome: 'ignored' });

    const unknown = succeeded('evt_unknown', 'pi_nobody_knows', 1_000);
    const response = await deliver(unknown, sign(unknown));
    expect(response.statusCode).toBe(409);
    const recorded = await t.pool.query(
      `select 1 from payment_provider_events where event_id = 'evt_unknown'`,
    );
    expect(recorded.rowCount).toBe(0);
  });

  it('credits a refund once, whichever of refund.created / refund.updated arrives (dedup by refund id)', async () => {
    const userId = (await signUp(t.app)).session.user.id;
    const [payment] = await createPayments(1, [userId], () => 3_000);
    const paid = succeeded('evt_paid_for_refund', payment!.providerPaymentId, 3_000);
    expect((await deliver(paid, sign(paid))).statusCode).toBe(200);
    const refundEvent = (eventId: string, type: string) =>
      JSON.stringify({
        id: eventId,
        object: 'event',
        type,
        data: {
          object: {
            id: 're_once',
            object: 'refund',
            amount: 1_200,
            currency: 'usd',
            status: 'succeeded',
            payment_intent: payment!.providerPaymentId,
          },
        },
      });
    const outcomes = [];
    for (const [eventId, type] of [
      ['evt_refund_created', 'refund.created'],
      ['evt_refund_updated', 'refund.updated'],
      ['evt_refund_updated_2', 'refund.updated'],
    ] as const) {
      const body = refundEvent(eventId, type);
      const response = await deliver(body, sign(body));
      expect(response.statusCode).toBe(200);
      outcomes.push(response.json<{ outcome: string }>().outcome);
    }
    expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate']);
    expect((await t.app.wallet.getWallet(userId)).balance).toBe(1_800);
  });

  it('leaves the JSON parsing of other routes alone', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: 'nobody@example.com', password: 'wrong-password-123' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('INVALID_CREDENTIALS');
  });
});

describe('without STRIPE_WEBHOOK_SECRET', () => {
  const t = useTestApp();
  it('has no Stripe webhook route', async () => {
    expect(t.app.registeredRoutes.some((route) => route.url === URL)).toBe(false);
    const response = await t.app.inject({ method: 'POST', url: URL, payload: {} });
    expect(response.statusCode).toBe(404);
  });
});
