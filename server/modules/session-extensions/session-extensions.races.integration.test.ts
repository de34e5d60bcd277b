import { describe, expect, it } from 'vitest';
import { errorOf } from '#test/support/auth';
import { balanceOf } from '#test/factories/money';
import { insertCoach, insertClient, type TestClient, type TestCoach } from '#test/factories/people';
import { useTestApp } from '#test/support/test-app';
import { extensionHelpers } from '#test/factories/session-extensions';

/**
 * Exactly once, whatever races: an ask's money is either captured with the session (accepted before
 * the end) or released (declined, cancelled, expired, or still pending at the end) — never both, never
 * twice — under real concurrency on PostgreSQL (each call on its own pooled connection, as the HTTP
 * requests and the lifecycle job of several instances would be).
 */
const t = useTestApp({ RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
const h = extensionHelpers(t);

const TRIALS = 16;
const MINUTE = 60_000;
/** Default video rate: 30 minutes 8000, 15 more 4000 (coach floor 95 %: 7600 and 3800). */
const SESSION_PRICE = 8_000;
const EXTRA_PRICE = 4_000;
const FUNDS = 1_000_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function capturesOf(type: 'session_extension' | 'session_request', id: string): Promise<number> {
  return (await h.postingsOf(type, id)).filter((kind) => kind === 'capture').length;
}

async function requestIdOf(sessionId: string): Promise<string> {
  const result = await t.pool.query<{ request_id: string }>(
    'select request_id from chat_sessions where id = $1',
    [sessionId],
  );
  return result.rows[0]!.request_id;
}

/** Ends the session if it is still live (so the coach is free for the next trial's instant request). */
async function finish(coach: TestCoach, sessionId: string) {
  if ((await h.sessionRow(sessionId)).status === 'active')
    expect((await h.end(coach, sessionId)).statusCode).toBe(200);
}

/**
 * The money of a finished session with one ask: accepted -> both captured once, the session paid for
 * 45 minutes and the coach earning both shares; released -> the ask's hold released once, the session
 * as booked.
 */
async function expectSettled(
  outcome: 'captured' | 'released',
  sessionId: string,
  extensionId: string,
): Promise<void> {
  const row = await h.sessionRow(sessionId);
  expect(row.status).toBe('completed');
  expect(await capturesOf('session_request', await requestIdOf(sessionId))).toBe(1);
  if (outcome === 'captured') {
    expect(await h.extensionRow(extensionId)).toMatchObject({ status: 'accepted' });
    expect(await h.postingsOf('session_extension', extensionId)).toEqual(['capture', 'hold']);
    expect(row).toMatchObject({
      duration: 45,
      payment: SESSION_PRICE + EXTRA_PRICE,
      earnings: 7_600 + 3_800,
    });
  } else {
    expect(await h.postingsOf('session_extension', extensionId)).toEqual(['hold', 'release']);
    expect(row).toMatchObject({ duration: 30, payment: SESSION_PRICE, earnings: 7_600 });
  }
}

/** Every trial's money adds up: the client paid exactly what the coach and the platform received. */
async function expectTotals(coach: TestCoach, client: TestClient, extrasCaptured: number, sessions: number) {
  const paid = sessions * SESSION_PRICE + extrasCaptured * EXTRA_PRICE;
  expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(FUNDS - paid);
  expect(await balanceOf(t.pool, 'client_held', client.id)).toBe(0);
  expect(await balanceOf(t.pool, 'coach_pending', coach.id)).toBe(sessions * 7_600 + extrasCaptured * 3_800);
  await h.ledgerConsistent();
}

async function people() {
  const coach = await insertCoach(t.app, t.pool);
  const client = await insertClient(t.app, t.pool, FUNDS);
  return { coach, client };
}

describe('session extensions under real concurrency', () => {
  it(`the coach accepts while ending the session: captured with it or released, once (${TRIALS} trials)`, async () => {
    const { coach, client } = await people();
    const outcomes = { captured: 0, released: 0 };
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const session = await h.liveSession(coach, client);
      const extension = await h.asked(client, session.id, 15);
      const [accept, end] = await Promise.all([
        h.answer(coach.session, extension.id, 'accept'),
        sleep(trial % 4).then(() => h.end(coach, session.id)),
      ]);
      const context = `trial ${trial}: ${accept.body} | ${end.body}`;
      expect(end.statusCode, context).toBe(200);
      if (accept.statusCode === 200) {
        outcomes.captured += 1;
        await expectSettled('captured', session.id, extension.id);
      } else {
        outcomes.released += 1;
        expect(accept.statusCode, context).toBe(409);
        expect(errorOf(accept), context).toMatchObject({
          code: 'CONFLICT',
          details: [{ path: 'status', message: 'expired' }],
        });
        await expectSettled('released', session.id, extension.id);
      }
    }
    expect(outcomes.captured + outcomes.released).toBe(TRIALS);
    await expectTotals(coach, client, outcomes.captured, TRIALS);
  }, 120_000);

  it(`the coach accepts at the session's last moment while the job completes it (${TRIALS} trials)`, async () => {
    const { coach, client } = await people();
    const outcomes = { captured: 0, released: 0 };
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const session = await h.liveSession(coach, client);
      const extension = await h.asked(client, session.id, 15);
      // The job runs as if at the end; the coach's accept (the app clock) is still in time, so both are
      // entitled to the session and only its row lock decides.
      const [accept] = await Promise.all([
        h.answer(coach.session, extension.id, 'accept'),
        sleep(trial % 6).then(() => t.app.chatSessions.completeDue(new Date(session.ends_at))),
      ]);
      if (accept.statusCode === 200) {
        // Accepted first: 15 more minutes, so the job found nothing due (or skipped the locked row).
        outcomes.captured += 1;
        expect((await h.sessionRow(session.id)).status).toBe('active');
        await finish(coach, session.id);
        await expectSettled('captured', session.id, extension.id);
      } else {
        outcomes.released += 1;
        expect(accept.statusCode, `trial ${trial}: ${accept.body}`).toBe(409);
        await expectSettled('released', session.id, extension.id);
        expect((await h.sessionRow(session.id)).completedBy).toBe('timer');
      }
    }
    expect(outcomes.captured + outcomes.released).toBe(TRIALS);
    await expectTotals(coach, client, outcomes.captured, TRIALS);
  }, 120_000);

  it(`the coach ends a session with an accepted extension while the job completes it: each captured once (${TRIALS} trials)`, async () => {
    const { coach, client } = await people();
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const session = await h.liveSession(coach, client);
      const extension = await h.asked(client, session.id, 15);
      await h.accepted(coach, extension.id);
      const due = new Date(Date.parse(session.start_time) + 45 * MINUTE);
      const [end, completed] = await Promise.all([
        h.end(coach, session.id),
        t.app.chatSessions.completeDue(due),
      ]);
      expect([200, 409]).toContain(end.statusCode);
      expect(completed).toBe(end.statusCode === 200 ? 0 : 1);
      expect((await h.sessionRow(session.id)).completedBy).toBe(end.statusCode === 200 ? 'coach' : 'timer');
      await expectSettled('captured', session.id, extension.id);
    }
    await expectTotals(coach, client, TRIALS, TRIALS);
  }, 120_000);

  it(`the coach ends while the job expires the unanswered ask: released once (${TRIALS} trials)`, async () => {
    const { coach, client } = await people();
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const session = await h.liveSession(coach, client);
      const extension = await h.asked(client, session.id, 30);
      const [end] = await Promise.all([
        h.end(coach, session.id),
        sleep(trial % 4).then(() => t.app.sessionExtensions.expireDue(new Date(extension.expires_at))),
      ]);
      expect(end.statusCode, end.body).toBe(200);
      expect(await h.extensionRow(extension.id)).toMatchObject({ status: 'expired' });
      await expectSettled('released', session.id, extension.id);
    }
    await expectTotals(coach, client, 0, TRIALS);
  }, 120_000);

  it(`the coach accepts while the client cancels: exactly one answer wins (${TRIALS} trials)`, async () => {
    const { coach, client } = await people();
    let accepted = 0;
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const session = await h.liveSession(coach, client);
      const extension = await h.asked(client, session.id, 15);
      const [accept, cancel] = await Promise.all([
        h.answer(coach.session, extension.id, 'accept'),
        h.answer(client.session, extension.id, 'cancel'),
      ]);
      const context = `trial ${trial}: ${accept.body} | ${cancel.body}`;
      expect([accept.statusCode, cancel.statusCode].sort(), context).toEqual([200, 409]);
      const winner = accept.statusCode === 200 ? 'accepted' : 'cancelled';
      expect(errorOf(accept.statusCode === 200 ? cancel : accept), context).toMatchObject({
        details: [{ path: 'status', message: winner }],
      });
      if (winner === 'accepted') accepted += 1;
      await finish(coach, session.id);
      await expectSettled(winner === 'accepted' ? 'captured' : 'released', session.id, extension.id);
    }
    await expectTotals(coach, client, accepted, TRIALS);
  }, 120_000);

  it('two instances of the job expire each unanswered ask once', async () => {
    const coaches = await Promise.all([1, 2, 3, 4, 5, 6].map(() => insertCoach(t.app, t.pool)));
    const clients = await Promise.all(coaches.map(() => insertClient(t.app, t.pool, FUNDS)));
    const asks: { sessionId: string; id: string; expiresAt: string }[] = [];
    for (const [index, coach] of coaches.entries()) {
      const session = await h.liveSession(coach, clients[index]!);
      const extension = await h.asked(clients[index]!, session.id, 15);
      asks.push({ sessionId: session.id, id: extension.id, expiresAt: extension.expires_at });
    }
    const deadline = new Date(asks.at(-1)!.expiresAt);
    const counts = await Promise.all([
      t.app.sessionExtensions.expireDue(deadline),
      t.app.sessionExtensions.expireDue(deadline),
    ]);
    expect(counts[0]! + counts[1]!).toBe(asks.length);
    for (const ask of asks) {
      expect(await h.extensionRow(ask.id)).toMatchObject({ status: 'expired' });
      expect(await h.postingsOf('session_extension', ask.id)).toEqual(['hold', 'release']);
    }
    for (const [index, coach] of coaches.entries()) await finish(coach, asks[index]!.sessionId);
    await h.ledgerConsistent();
  }, 60_000);
});
