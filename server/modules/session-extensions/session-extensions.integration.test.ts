import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  SESSION_EXTENSION_EVENTS,
  SESSION_EXTENSION_MESSAGES,
  SESSION_EXTENSION_PENDING_MS,
  sessionExtensionEventPayloadSchema,
  sessionExtensionSchema,
  sessionExtensionsResponseSchema,
} from '#contracts/session-extensions';
import { SESSION_EVENTS, sessionEventPayloadSchema } from '#contracts/sessions';
import { walletSchema } from '#contracts/wallet';
import { errorOf, signUpWithRole } from '#test/support/auth';
import { balanceOf } from '#test/factories/money';
import { insertCoach, insertClient } from '#test/factories/people';
import { eventsOf } from '#test/factories/sessions';
import { useTestApp } from '#test/support/test-app';
import { extensionHelpers } from '#test/factories/session-extensions';

const t = useTestApp({ RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
const h = extensionHelpers(t);

const MINUTE = 60_000;
/** A video rate of $33.33 per 15 minutes: 30 minutes cost 6666, 15 more 3333, 30 more 6666. */
const RATE = 3_333;
const FUNDS = 20_000;

async function people(funds = FUNDS) {
  const coach = await insertCoach(t.app, t.pool, { fullName: 'Lena Ortiz', rates: { video: RATE } });
  const client = await insertClient(t.app, t.pool, funds, { fullName: 'Robin Client' });
  return { coach, client };
}

describe('asking for more time', () => {
  it('quotes at the coach rate for the format, holds the price, and prompts the coach', async () => {
    const { coach, client } = await people();
    const session = await h.liveSession(coach, client);

    const before = await t.call(client.session, 'GET', `/api/sessions/${session.id}/extensions`);
    expect(before.statusCode, before.body).toBe(200);
    expect(sessionExtensionsResponseSchema.parse(before.json())).toEqual({
      pending: null,
      extensions: [],
      offers: [
        { minutes: 15, price: 3_333 },
        { minutes: 30, price: 6_666 },
      ],
    });

    const extension = await h.asked(client, session.id, 15);
    expect(extension).toMatchObject({
      session_id: session.id,
      coach_id: coach.id,
      client_id: client.id,
      coach_name: 'Lena Ortiz',
      client_name: 'Robin Client',
      minutes: 15,
      price: 3_333,
      status: 'pending',
      responded_at: null,
    });
    expect(new Date(extension.expires_at).getTime() - new Date(extension.created_at).getTime()).toBe(
      SESSION_EXTENSION_PENDING_MS,
    );
    expect(await h.holdOf(extension.id)).toEqual({ status: 'held', amount: 3_333, coach: null });
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(FUNDS - 6_666 - 3_333);
    expect(await balanceOf(t.pool, 'client_held', client.id)).toBe(6_666 + 3_333);

    for (const who of [coach.id, client.id]) {
      const last = (await eventsOf(t.pool, who)).at(-1);
      expect(last?.type).toBe(SESSION_EXTENSION_EVENTS.created);
      expect(sessionExtensionEventPayloadSchema.parse(last?.payload).extension).toEqual(extension);
    }

    // Both parties see it pending; the wallet says what is held and for what.
    for (const who of [coach, client]) {
      const listed = sessionExtensionsResponseSchema.parse(
        (await t.call(who.session, 'GET', `/api/sessions/${session.id}/extensions`)).json(),
      );
      expect(listed.pending).toEqual(extension);
      expect(listed.extensions).toEqual([extension]);
    }
    const wallet = walletSchema.parse((await t.call(client.session, 'GET', '/api/wallet')).json());
    expect(wallet.held).toBe(6_666 + 3_333);
    expect(wallet.transactions.map((row) => [row.description, row.amount])).toContainEqual([
      'Held: Video session with Lena Ortiz (15 min)',
      3_333,
    ]);
  });

  it('needs an Idempotency-Key, and a retry with the same key holds nothing again', async () => {
    const { coach, client } = await people();
    const session = await h.liveSession(coach, client);
    const missing = await h.ask(client.session, session.id, 30, null);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).code).toBe('IDEMPOTENCY_KEY_REQUIRED');

    const key = randomUUID();
    const first = await h.ask(client.session, session.id, 30, key);
    const again = await h.ask(client.session, session.id, 30, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    const rows = await t.pool.query('select id from session_extensions where session_id = $1', [session.id]);
    expect(rows.rowCount).toBe(1);
    expect(await h.postingsOf('session_extension', first.json<{ id: string }>().id)).toEqual(['hold']);
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(FUNDS - 6_666 - 6_666);
  });

  it('allows one pending ask per session', async () => {
    const { coach, client } = await people();
    const session = await h.liveSession(coach, client);
    const first = await h.asked(client, session.id, 15);
    const second = await h.ask(client.session, session.id, 30);
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatchObject({
      code: 'CONFLICT',
      message: SESSION_EXTENSION_MESSAGES.pendingExists,
      details: [{ path: 'extension_id', message: first.id }],
    });
    // Once answered, another may be asked.
    expect((await h.answer(coach.session, first.id, 'decline')).statusCode).toBe(200);
    await h.asked(client, session.id, 30);
  });

  it('offers 15 or 30 minutes only', async () => {
    const { coach, client } = await people();
    const session = await h.liveSession(coach, client);
    const odd = await h.ask(client.session, session.id, 20);
    expect(odd.statusCode).toBe(400);
    expect(errorOf(odd).code).toBe('VALIDATION_ERROR');
  });

  it('says how much is missing when the wallet is short, and holds nothing', async () => {
    // 6666 for the session leaves 1000; 15 more minutes cost 3333.
    const { coach, client } = await people(7_666);
    const session = await h.liveSession(coach, client);
    const short = await h.ask(client.session, session.id, 15);
    expect(short.statusCode).toBe(402);
    expect(errorOf(short)).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message:
        '15 more minutes cost $33.33 and your wallet has $10.00. Top up at least $23.33, then try again.',
      details: [
        { path: 'price', message: '3333' },
        { path: 'wallet_balance', message: '1000' },
        { path: 'shortfall', message: '2333' },
      ],
    });
    const rows = await t.pool.query('select id from session_extensions where session_id = $1', [session.id]);
    expect(rows.rowCount).toBe(0);
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(1_000);
  });

  it('is the booking client’s: the coach gets 403, anyone else 404, and not once the session is over', async () => {
    const { coach, client } = await people();
    const session = await h.liveSession(coach, client);
    const byCoach = await h.ask(coach.session, session.id, 15);
    expect(byCoach.statusCode).toBe(403);
    expect(errorOf(byCoach).message).toBe(SESSION_EXTENSION_MESSAGES.clientOnly);

    const stranger = await signUpWithRole(t.app, 'client', { fullName: 'Sam Stranger' });
    expect((await h.ask(stranger, session.id, 15)).statusCode).toBe(404);
    expect((await t.call(stranger, 'GET', `/api/sessions/${session.id}/extensions`)).statusCode).toBe(404);
    expect((await t.call(null, 'GET', `/api/sessions/${session.id}/extensions`)).statusCode).toBe(401);

    expect((await h.end(coach, session.id)).statusCode).toBe(200);
    const late = await h.ask(client.session, session.id, 15);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(SESSION_EXTENSION_MESSAGES.notLive);
    const after = sessionExtensionsResponseSchema.parse(
      (await t.call(client.session, 'GET', `/api/sessions/${session.id}/extensions`)).json(),
    );
    expect(after.offers).toEqual([]);
  });

  it('is refused once the time is up, even before the job completed the session', async () => {
    const { coach, client } = await people();
    const session = await h.liveSession(coach, client);
    // Its 30 minutes are up (started 30 minutes ago on the server's clock).
    await t.pool.query(
      `update chat_sessions set start_time = start_time - interval '30 minutes' where id = $1`,
      [session.id],
    );
    const late = await h.ask(client.session, session.id, 15);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(SESSION_EXTENSION_MESSAGES.notLive);
    expect(await h.sessionRow(session.id)).toMatchObject({ status: 'active', duration: 30 });
  });
});

describe('answering', () => {
  it('accept: the session grows by the minutes and the price, both parties hear it, and the end captures both payments', async () => {
    const { coach, client } = await people();
    const session = await h.liveSession(coach, client);
    const extension = await h.asked(client, session.id, 15);

    const { extension: accepted, session: longer } = await h.accepted(coach, extension.id);
    expect(accepted).toMatchObject({ id: extension.id, status: 'accepted' });
    expect(accepted.responded_at).not.toBeNull();
    expect(longer).toMatchObject({ duration_minutes: 45, payment_amount: 6_666 + 3_333 });
    expect(new Date(longer.ends_at).getTime() - new Date(longer.start_time).getTime()).toBe(45 * MINUTE);
    expect(await h.holdOf(extension.id)).toEqual({ status: 'held', amount: 3_333, coach: null });

    // The client sees the outcome and the longer session; the coach too.
    for (const who of [client.id, coach.id]) {
      const events = await eventsOf(t.pool, who);
      const updated = events.filter((event) => event.type === SESSION_EVENTS.sessionUpdated).at(-1);
      expect(sessionEventPayloadSchema.parse(updated?.payload).session).toMatchObject({
        duration_minutes: 45,
        payment_amount: 9_999,
      });
      const outcome = events.at(-1);
      expect(outcome?.type).toBe(SESSION_EXTENSION_EVENTS.updated);
      expect(sessionExtensionEventPayloadSchema.parse(outcome?.payload).extension.status).toBe('accepted');
    }

    // Another, then the coach ends: both asks' holds and the request's are captured, exactly.
    const second = await h.asked(client, session.id, 30);
    await h.accepted(coach, second.id);
    const ended = await h.end(coach, session.id);
    expect(ended.statusCode, ended.body).toBe(200);
    // Each capture is floor(95 %) of its amount: 6332 + 3166 + 6332.
    const earnings = 6_332 + 3_166 + 6_332;
    expect(await h.sessionRow(session.id)).toEqual({
      status: 'completed',
      duration: 75,
      payment: 6_666 + 3_333 + 6_666,
      earnings,
      completedBy: 'coach',
    });
    expect(await h.holdOf(extension.id)).toEqual({ status: 'captured', amount: 3_333, coach: 3_166 });
    expect(await h.holdOf(second.id)).toEqual({ status: 'captured', amount: 6_666, coach: 6_332 });
    expect(await h.postingsOf('session_extension', extension.id)).toEqual(['capture', 'hold']);
    expect(await balanceOf(t.pool, 'coach_pending', coach.id)).toBe(earnings);
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(FUNDS - 16_665);
    expect(await balanceOf(t.pool, 'client_held', client.id)).toBe(0);
    const coachView = sessionEventPayloadSchema.parse(ended.json()).session;
    expect(coachView).toMatchObject({ earnings, payment_amount: 16_665, duration_minutes: 75 });

    // The wallet lists the session's payment and each bought extension.
    const wallet = walletSchema.parse((await t.call(client.session, 'GET', '/api/wallet')).json());
    const payments = wallet.transactions
      .filter((row) => row.transaction_type === 'debit' && !row.description.startsWith('Held'))
      .map((row) => [row.description, row.amount]);
    expect(payments).toEqual(
      expect.arrayContaining([
        ['Video session with Lena Ortiz (30 min)', 6_666],
        ['Video session with Lena Ortiz (15 min)', 3_333],
        ['Video session with Lena Ortiz (30 min)', 6_666],
      ]),
    );
    await h.ledgerConsistent();
  });

  it('the session that runs out on the timer captures accepted extensions too', async () => {
    const { coach, client } = await people();
    const session = await h.liveSession(coach, client);
    const extension = await h.asked(client, session.id, 15);
    await h.accepted(coach, extension.id);
    // At the old end it is still live (other tests' sessions may complete here).
    await t.app.chatSessions.completeDue(new Date(t.clock.now().getTime() + 30 * MINUTE));
    expect(await h.sessionRow(session.id)).toMatchObject({ status: 'active', duration: 45 });
    await t.app.chatSessions.completeDue(new Date(t.clock.now().getTime() + 45 * MINUTE));
    expect(await h.sessionRow(session.id)).toMatchObject({
      status: 'completed',
      completedBy: 'timer',
      earnings: 6_332 + 3_166,
    });
    expect(await h.holdOf(extension.id)).toMatchObject({ status: 'captured' });
    await h.ledgerConsistent();
  });

  it('decline and cancel release the hold; the loser of a second answer gets 409 with the status', async () => {
    const { coach, client } = await people();
    const session = await h.liveSession(coach, client);

    const declined = await h.asked(client, session.id, 15);
    const decline = await h.answer(coach.session, declined.id, 'decline');
    expect(decline.statusCode, decline.body).toBe(200);
    expect(sessionExtensionSchema.parse(decline.json()).status).toBe('declined');
    expect(await h.holdOf(declined.id)).toMatchObject({ status: 'released' });
    expect(await h.postingsOf('session_extension', declined.id)).toEqual(['hold', 'release']);
    const lateAccept = await h.answer(coach.session, declined.id, 'accept');
    expect(lateAccept.statusCode).toBe(409);
    expect(errorOf(lateAccept)).toMatchObject({ details: [{ path: 'status', message: 'declined' }] });
    // The refused accept changed nothing.
    expect(await h.sessionRow(session.id)).toMatchObject({ duration: 30, payment: 6_666 });

    const cancelled = await h.asked(client, session.id, 30);
    const cancel = await h.answer(client.session, cancelled.id, 'cancel');
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(sessionExtensionSchema.parse(cancel.json()).status).toBe('cancelled');
    expect(await h.holdOf(cancelled.id)).toMatchObject({ status: 'released' });
    const coachLast = (await eventsOf(t.pool, coach.id)).at(-1);
    expect(coachLast?.type).toBe(SESSION_EXTENSION_EVENTS.updated);
    expect(sessionExtensionEventPayloadSchema.parse(coachLast?.payload).extension.status).toBe('cancelled');

    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(FUNDS - 6_666);
    await h.ledgerConsistent();
  });

  it('only the coach answers and only the client cancels; anyone else gets 404', async () => {
    const { coach, client } = await people();
    const session = await h.liveSession(coach, client);
    const extension = await h.asked(client, session.id, 15);
    for (const action of ['accept', 'decline'] as const) {
      const byClient = await h.answer(client.session, extension.id, action);
      expect(byClient.statusCode).toBe(403);
      expect(errorOf(byClient).message).toBe(SESSION_EXTENSION_MESSAGES.coachOnly);
    }
    const byCoach = await h.answer(coach.session, extension.id, 'cancel');
    expect(byCoach.statusCode).toBe(403);
    expect(errorOf(byCoach).message).toBe(SESSION_EXTENSION_MESSAGES.clientOnly);
    const otherCoach = await insertCoach(t.app, t.pool, { fullName: 'Other Coach' });
    for (const action of ['accept', 'decline', 'cancel'] as const)
      expect((await h.answer(otherCoach.session, extension.id, action)).statusCode).toBe(404);
    expect((await h.extensionRow(extension.id))?.status).toBe('pending');
  });

  it('expires after two minutes unanswered (released by the job) and cannot be accepted late', async () => {
    const { coach, client } = await people();
    const session = await h.liveSession(coach, client);
    const extension = await h.asked(client, session.id, 15);
    expect(await t.app.sessionExtensions.expireDue(new Date(Date.parse(extension.expires_at) - 1))).toBe(0);

    t.clock.advance(SESSION_EXTENSION_PENDING_MS);
    // Past its expiry but not yet settled: it reads as expired and an accept is refused.
    const late = await h.answer(coach.session, extension.id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(errorOf(late)).toMatchObject({ details: [{ path: 'status', message: 'expired' }] });
    expect(await h.sessionRow(session.id)).toMatchObject({ duration: 30 });

    // (Asks other tests left pending expire with it.)
    expect(await t.app.sessionExtensions.expireDue(t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await t.app.sessionExtensions.expireDue(t.clock.now())).toBe(0);
    expect(await h.extensionRow(extension.id)).toMatchObject({ status: 'expired' });
    expect(await h.holdOf(extension.id)).toMatchObject({ status: 'released' });
    const clientLast = (await eventsOf(t.pool, client.id)).at(-1);
    expect(sessionExtensionEventPayloadSchema.parse(clientLast?.payload).extension.status).toBe('expired');
    await h.end(coach, session.id);
    await h.ledgerConsistent();
  });

  it('a pending ask expires with the session’s end, its hold released in the same transaction', async () => {
    const { coach, client } = await people();
    const session = await h.liveSession(coach, client);
    const extension = await h.asked(client, session.id, 30);
    expect((await h.end(coach, session.id)).statusCode).toBe(200);
    expect(await h.extensionRow(extension.id)).toMatchObject({ status: 'expired' });
    expect(await h.holdOf(extension.id)).toMatchObject({ status: 'released' });
    expect(await h.sessionRow(session.id)).toMatchObject({ payment: 6_666, earnings: 6_332 });
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(FUNDS - 6_666);
    const accept = await h.answer(coach.session, extension.id, 'accept');
    expect(accept.statusCode).toBe(409);
    await h.ledgerConsistent();
  });
});

describe('admin refunds', () => {
  it('list each captured payment of a session on its own, refundable by its hold', async () => {
    const { coach, client } = await people();
    const session = await h.liveSession(coach, client);
    const extension = await h.asked(client, session.id, 15);
    await h.accepted(coach, extension.id);
    await h.end(coach, session.id);
    const hold = await t.pool.query<{ id: string }>(
      `select id from money_holds where reference_type = 'session_extension' and reference_id = $1`,
      [extension.id],
    );
    const refunded = await t.app.settlement.own.refund({
      reference: { type: 'session_extension', id: extension.id },
      amount: 3_333,
      reason: 'The extra time did not happen',
    });
    expect(refunded.hold.id).toBe(hold.rows[0]?.id);
    expect(refunded.fromCoach + refunded.fromPlatform).toBe(3_333);
    expect(refunded.fromCoach).toBe(3_166);
    expect(await balanceOf(t.pool, 'coach_pending', coach.id)).toBe(6_332);
    await h.ledgerConsistent();
  });
});
