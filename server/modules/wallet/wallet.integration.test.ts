import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import type { Payment, TopUp, Wallet } from '#contracts/wallet';
import { bearer, errorOf, signUpWithRole } from '#test/support/auth';
import { recordStatements } from '#test/support/statements';
import { useTestApp } from '#test/support/test-app';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const GOOD_CARD = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };
const DECLINED_CARD = { ...GOOD_CARD, card_number: '4000 0000 0000 0002' };
const NO_FUNDS_CARD = { ...GOOD_CARD, card_number: '4000000000009995' };

const post = (session: AuthSession, url: string, payload: object, key: string | null = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(session), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload,
  });

const getWallet = async (session: AuthSession) =>
  (await t.app.inject({ method: 'GET', url: '/api/wallet', headers: bearer(session) })).json<Wallet>();

async function topUp(session: AuthSession, amount = 2_500): Promise<TopUp> {
  const response = await post(session, '/api/wallet/top-ups', { amount });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TopUp>();
}

async function count(sql: string, params: unknown[]): Promise<number> {
  const result = await t.pool.query<{ n: string }>(sql, params);
  return Number(result.rows[0]?.n ?? '0');
}

const paymentRows = (userId: string) =>
  count('select count(*) as n from payments where user_id = $1', [userId]);
const topUpPostings = (paymentId: string) =>
  count(
    "select count(*) as n from ledger_transactions where kind = 'top_up' and reference_type = 'payment' and reference_id = $1",
    [paymentId],
  );

async function userIdOf(session: AuthSession): Promise<string> {
  return session.user.id;
}

describe('idempotency of money-moving POSTs', () => {
  it('refuses a POST without an Idempotency-Key with a clear code', async () => {
    const session = await signUpWithRole(t.app, 'client');
    const response = await post(session, '/api/wallet/top-ups', { amount: 1_000 }, null);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await paymentRows(await userIdOf(session))).toBe(0);
  });

  it('replays the first response for the same key and body, without a second effect', async () => {
    const session = await signUpWithRole(t.app, 'client');
    const key = randomUUID();
    const { result: first, statements } = await recordStatements(() =>
      post(session, '/api/wallet/top-ups', { amount: 1_000 }, key),
    );
    // A first use: the key's lock and its row in one statement, its answer in one more.
    expect(statements.filter((text) => text.includes('idempotency_keys'))).toHaveLength(2);
    const second = await post(session, '/api/wallet/top-ups', { amount: 1_000 }, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(await paymentRows(await userIdOf(session))).toBe(1);
  });

  it('answers 422 when the key is reused with a different body', async () => {
    const session = await signUpWithRole(t.app, 'client');
    const key = randomUUID();
    expect((await post(session, '/api/wallet/top-ups', { amount: 1_000 }, key)).statusCode).toBe(201);
    const reused = await post(session, '/api/wallet/top-ups', { amount: 2_000 }, key);
    expect(reused.statusCode).toBe(422);
    expect(errorOf(reused).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await paymentRows(await userIdOf(session))).toBe(1);
  });

  it('keys belong to one person: another account may use the same key value', async () => {
    const [alice, bob] = [await signUpWithRole(t.app, 'client'), await signUpWithRole(t.app, 'client')];
    const key = randomUUID();
    const a = await post(alice, '/api/wallet/top-ups', { amount: 1_000 }, key);
    const b = await post(bob, '/api/wallet/top-ups', { amount: 1_000 }, key);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json<TopUp>().payment_id).not.toBe(a.json<TopUp>().payment_id);
  });

  it('answers 409 while a request with the key is still in flight', async () => {
    const session = await signUpWithRole(t.app, 'client');
    const key = randomUUID();
    // Hold the key's lock from another connection, as an in-flight request does.
    const client = await t.pool.connect();
    try {
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `idem:${session.user.id}:${key}`,
      ]);
      const response = await post(session, '/api/wallet/top-ups', { amount: 1_000 }, key);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).code).toBe('IDEMPOTENCY_REQUEST_IN_PROGRESS');
    } finally {
      await client.query('rollback');
      client.release();
    }
    // Once the other request is gone, the key works.
    expect((await post(session, '/api/wallet/top-ups', { amount: 1_000 }, key)).statusCode).toBe(201);
  });

  it('50 simultaneous requests with one key create exactly one payment', async () => {
    const session = await signUpWithRole(t.app, 'client');
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => post(session, '/api/wallet/top-ups', { amount: 1_500 }, key)),
    );
    const statuses = new Set(responses.map((response) => response.statusCode));
    expect([...statuses].every((status) => status === 201 || status === 409)).toBe(true);
    const created = responses.filter((response) => response.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((response) => response.json<TopUp>().payment_id)).size).toBe(1);
    expect(await paymentRows(session.user.id)).toBe(1);
  });

  it('50 simultaneous demo confirmations with one key post exactly one ledger credit', async () => {
    const session = await signUpWithRole(t.app, 'client');
    const { payment_id } = await topUp(session, 3_000);
    const key = randomUUID();
    const url = `/api/wallet/top-ups/${payment_id}/demo-confirm`;
    const responses = await Promise.all(Array.from({ length: 50 }, () => post(session, url, GOOD_CARD, key)));
    expect(responses.every((response) => [200, 409].includes(response.statusCode))).toBe(true);
    expect(await topUpPostings(payment_id)).toBe(1);
    expect((await getWallet(session)).balance).toBe(3_000);
  });

  it('rolls the key back with the effects: a failed request leaves the key usable', async () => {
    const session = await signUpWithRole(t.app, 'client');
    const { payment_id } = await topUp(session);
    const key = randomUUID();
    const url = `/api/wallet/top-ups/${payment_id}/demo-confirm`;
    const unknownCard = await post(session, url, { ...GOOD_CARD, card_number: '5555 5555 5555 4444' }, key);
    expect(unknownCard.statusCode).toBe(400);
    expect(
      await count('select count(*) as n from idempotency_keys where user_id = $1 and key = $2', [
        session.user.id,
        key,
      ]),
    ).toBe(0);
  });
});

describe('demo top-ups', () => {
  it('credits the wallet once with the success card, listed as a top-up', async () => {
    const session = await signUpWithRole(t.app, 'client');
    const { payment_id, provider } = await topUp(session, 2_500);
    expect(provider).toBe('demo');
    expect((await getWallet(session)).balance).toBe(0);

    const confirmed = await post(session, `/api/wallet/top-ups/${payment_id}/demo-confirm`, GOOD_CARD);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<Payment>()).toMatchObject({
      status: 'succeeded',
      amount: 2_500,
      failure_reason: null,
    });

    // A second confirmation with a new key does not credit again.
    const again = await post(session, `/api/wallet/top-ups/${payment_id}/demo-confirm`, GOOD_CARD);
    expect(again.json<Payment>().status).toBe('succeeded');

    const wallet = await getWallet(session);
    expect(wallet.balance).toBe(2_500);
    expect(wallet.held).toBe(0);
    expect(wallet.transactions).toHaveLength(1);
    expect(wallet.transactions[0]).toMatchObject({
      amount: 2_500,
      transaction_type: 'credit',
      source_type: 'payment',
      source_id: payment_id,
      description: 'Wallet top-up',
    });
  });

  it('names session payments in the transactions: held, paid, returned, with the coach', async () => {
    const session = await signUpWithRole(t.app, 'client');
    const coach = await signUpWithRole(t.app, 'coach');
    await t.pool.query("update profiles set full_name = 'Rosa Ibarra' where user_id = $1", [coach.user.id]);
    const { payment_id } = await topUp(session, 10_000);
    await post(session, `/api/wallet/top-ups/${payment_id}/demo-confirm`, GOOD_CARD);
    const paid = { type: 'session_request', id: randomUUID() };
    const open = { type: 'session_request', id: randomUUID() };
    const returned = { type: 'session_request', id: randomUUID() };
    const hold = (reference: typeof paid, format: 'video' | 'audio' | 'text', minutes: number) =>
      t.app.settlement.own.hold({
        clientId: session.user.id,
        coachId: coach.user.id,
        reference,
        amount: 2_000,
        format,
        durationMinutes: minutes,
      });
    await hold(paid, 'video', 30);
    await t.app.settlement.own.capture(paid);
    await hold(open, 'audio', 45);
    await hold(returned, 'text', 15);
    await t.app.settlement.own.release(returned);

    const byReference = new Map(
      (await getWallet(session)).transactions.map((entry) => [
        `${entry.source_id}:${entry.transaction_type}`,
        entry,
      ]),
    );
    expect(byReference.get(`${paid.id}:debit`)).toMatchObject({
      description: 'Video session with Rosa Ibarra (30 min)',
      coach_id: coach.user.id,
      amount: 2_000,
    });
    expect(byReference.get(`${open.id}:debit`)?.description).toBe(
      'Held: Audio session with Rosa Ibarra (45 min)',
    );
    expect(byReference.get(`${returned.id}:debit`)?.description).toBe(
      'Held: Text session with Rosa Ibarra (15 min)',
    );
    expect(byReference.get(`${returned.id}:credit`)?.description).toBe(
      'Returned: Text session with Rosa Ibarra (15 min)',
    );
  });

  it('declines deterministically with the documented messages, then accepts another card', async () => {
    const session = await signUpWithRole(t.app, 'client');
    const { payment_id } = await topUp(session, 1_000);
    const url = `/api/wallet/top-ups/${payment_id}/demo-confirm`;

    const declined = await post(session, url, DECLINED_CARD);
    expect(declined.statusCode).toBe(200);
    expect(declined.json<Payment>()).toMatchObject({
      status: 'failed',
      failure_reason: 'Your card was declined.',
    });
    const noFunds = await post(session, url, NO_FUNDS_CARD);
    expect(noFunds.json<Payment>().failure_reason).toBe('Your card has insufficient funds.');
    expect((await getWallet(session)).balance).toBe(0);

    const retried = await post(session, url, GOOD_CARD);
    expect(retried.json<Payment>().status).toBe('succeeded');
    expect((await getWallet(session)).balance).toBe(1_000);
  });

  it('refuses unknown and expired cards with actionable messages', async () => {
    const session = await signUpWithRole(t.app, 'client');
    const { payment_id } = await topUp(session);
    const url = `/api/wallet/top-ups/${payment_id}/demo-confirm`;
    const unknown = await post(session, url, { ...GOOD_CARD, card_number: '4111 1111 1111 1111' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toMatch(/demo test card/);
    const expired = await post(session, url, { ...GOOD_CARD, exp_year: 2025 });
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired).message).toMatch(/expired/);
  });

  it('validates the top-up amount', async () => {
    const session = await signUpWithRole(t.app, 'client');
    expect((await post(session, '/api/wallet/top-ups', { amount: 499 })).statusCode).toBe(400);
    expect((await post(session, '/api/wallet/top-ups', { amount: 100_001 })).statusCode).toBe(400);
    expect((await post(session, '/api/wallet/top-ups', { amount: 10.5 })).statusCode).toBe(400);
  });

  it("never lets one person see or confirm another's payment", async () => {
    const [owner, other] = [await signUpWithRole(t.app, 'client'), await signUpWithRole(t.app, 'client')];
    const { payment_id } = await topUp(owner);
    const confirm = await post(other, `/api/wallet/top-ups/${payment_id}/demo-confirm`, GOOD_CARD);
    expect(confirm.statusCode).toBe(404);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/wallet/top-ups/${payment_id}`,
      headers: bearer(other),
    });
    expect(read.statusCode).toBe(404);
    expect((await getWallet(owner)).balance).toBe(0);
  });
});

describe('applyPaymentEvent', () => {
  async function openPayment(amount = 4_000) {
    const session = await signUpWithRole(t.app, 'client');
    const { payment_id } = await topUp(session, amount);
    const row = await t.pool.query<{ provider_payment_id: string }>(
      'select provider_payment_id from payments where id = $1',
      [payment_id],
    );
    const providerPaymentId = row.rows[0]?.provider_payment_id;
    if (!providerPaymentId) throw new Error('no provider payment id');
    return { session, paymentId: payment_id, providerPaymentId };
  }

  it('applies the same event delivered 5 times (also concurrently) exactly once', async () => {
    const { session, paymentId, providerPaymentId } = await openPayment(4_000);
    const event = {
      provider: 'demo' as const,
      eventId: `evt_${randomUUID()}`,
      type: 'payment.succeeded' as const,
      providerPaymentId,
      amount: 4_000,
      currency: 'usd',
    };
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => t.app.wallet.applyPaymentEvent(event)),
    );
    const outcomes = results.map((result) =>
      result.status === 'fulfilled' ? result.value.outcome : 'error',
    );
    expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(4);
    // Redelivered later, one by one: still nothing more.
    for (let index = 0; index < 5; index += 1)
      expect((await t.app.wallet.applyPaymentEvent(event)).outcome).toBe('duplicate');
    expect(await topUpPostings(paymentId)).toBe(1);
    expect((await getWallet(session)).balance).toBe(4_000);
  });

  it('refuses an event whose amount or currency does not match the payment, and logs it loudly', async () => {
    const { session, paymentId, providerPaymentId } = await openPayment(4_000);
    const base = { provider: 'demo' as const, type: 'payment.succeeded' as const, providerPaymentId };
    const wrongAmount = await t.app.wallet.applyPaymentEvent({
      ...base,
      eventId: `evt_${randomUUID()}`,
      amount: 40_000,
      currency: 'usd',
    });
    const wrongCurrency = await t.app.wallet.applyPaymentEvent({
      ...base,
      eventId: `evt_${randomUUID()}`,
      amount: 4_000,
      currency: 'eur',
    });
    expect(wrongAmount.outcome).toBe('refused');
    expect(wrongCurrency.outcome).toBe('refused');
    expect(await topUpPostings(paymentId)).toBe(0);
    expect((await getWallet(session)).balance).toBe(0);
    expect(t.logs.text()).toContain('PAYMENT_EVENT_MISMATCH');
    const status = await t.pool.query<{ status: string }>('select status from payments where id = $1', [
      paymentId,
    ]);
    expect(status.rows[0]?.status).toBe('created');
  });

  it('does not record an event for an unknown payment (a later delivery can still apply)', async () => {
    const result = await t.app.wallet.applyPaymentEvent({
      provider: 'stripe',
      eventId: `evt_${randomUUID()}`,
      type: 'payment.succeeded',
      providerPaymentId: 'pi_unknown',
      amount: 1_000,
      currency: 'usd',
    });
    expect(result.outcome).toBe('unknown_payment');
  });

  it('a refund event posts the reverse once; a failure after success changes nothing', async () => {
    const { session, paymentId, providerPaymentId } = await openPayment(5_000);
    const base = { provider: 'demo' as const, providerPaymentId, currency: 'usd' };
    await t.app.wallet.applyPaymentEvent({
      ...base,
      eventId: `evt_${randomUUID()}`,
      type: 'payment.succeeded',
      amount: 5_000,
    });
    const failedLate = await t.app.wallet.applyPaymentEvent({
      ...base,
      eventId: `evt_${randomUUID()}`,
      type: 'payment.failed',
      amount: 5_000,
      failureReason: 'late',
    });
    expect(failedLate.outcome).toBe('ignored');

    const refund = {
      ...base,
      eventId: `evt_${randomUUID()}`,
      type: 'refund.succeeded' as const,
      amount: 2_000,
    };
    expect((await t.app.wallet.applyPaymentEvent(refund)).outcome).toBe('applied');
    expect((await t.app.wallet.applyPaymentEvent(refund)).outcome).toBe('duplicate');
    expect((await getWallet(session)).balance).toBe(3_000);

    const tooMuch = await t.app.wallet.applyPaymentEvent({
      ...refund,
      eventId: `evt_${randomUUID()}`,
      amount: 3_001,
    });
    expect(tooMuch.outcome).toBe('refused');
    const rest = await t.app.wallet.applyPaymentEvent({
      ...refund,
      eventId: `evt_${randomUUID()}`,
      amount: 3_000,
    });
    expect(rest.outcome).toBe('applied');
    expect((await getWallet(session)).balance).toBe(0);
    const status = await t.pool.query<{ status: string }>('select status from payments where id = $1', [
      paymentId,
    ]);
    expect(status.rows[0]?.status).toBe('refunded');
    const report = await t.app.ledger.service.checkInvariants(t.db);
    expect(report.ok).toBe(true);
  });
});
