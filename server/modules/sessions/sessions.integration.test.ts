import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRESENCE_EVENT } from '#contracts/presence';
import { BROADCAST_TOPIC } from '#contracts/realtime';
import {
  chatSessionSchema,
  SESSION_EVENTS,
  sessionEventPayloadSchema,
  sessionListSchema,
  type ChatSession,
} from '#contracts/sessions';
import { errorOf } from '#test/support/auth';
import { balanceOf, topUpThroughEvent } from '#test/factories/money';
import { insertPerson, type Person } from '#test/factories/people';
import { useTestApp } from '#test/support/test-app';
import { connectDatabase, type DatabaseHandle } from '#server/db/client';
import { createSessionsRepository } from './sessions.repository';
import { endConflictSchema, SESSION_ALREADY_ENDED_MESSAGE } from '#contracts/sessions.api';
import { createSessionsService, SESSION_CREATED_MESSAGE, type SessionsService } from './sessions.service';

const t = useTestApp({ RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });

const MINUTE = 60_000;

// Separate pools standing in for separate server instances (the lifecycle job runs on each).
let pools: DatabaseHandle[] = [];
let instances: SessionsService[] = [];
beforeAll(() => {
  pools = [1, 2].map(() => connectDatabase(t.database.url, { poolSize: 4 }));
  instances = pools.map((pool) =>
    createSessionsService({
      db: pool.db,
      repository: createSessionsRepository(),
      settlement: t.app.settlement,
      realtime: t.app.realtime,
      clock: t.clock,
      announcePresence: (tx, coachId) => t.app.presence.announce(tx, coachId),
    }),
  );
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
});

const person = (role: 'coach' | 'client', fullName: string) => insertPerson(t.app, role, fullName);

async function coach(fullName = 'Lena Ortiz', rates: { video?: number } = {}): Promise<Person> {
  const who = await person('coach', fullName);
  await t.pool.query('update profiles set username = $2, on_demand_video_price = $3 where user_id = $1', [
    who.id,
    `coach-${who.id.slice(0, 8)}`,
    rates.video ?? null,
  ]);
  return who;
}

async function client(fullName = 'Robin Client', funds = 100_000): Promise<Person> {
  const who = await person('client', fullName);
  if (funds > 0) {
    const { result } = await topUpThroughEvent(t.app, t.pool, who.id, funds);
    expect(result.outcome).toBe('applied');
  }
  return who;
}

type SessionInput = {
  price?: number;
  minutes?: number;
  format?: 'text' | 'audio' | 'video';
  clientEmail?: string | null;
  description?: string | null;
  coupon?: { code: string; originalPrice: number; type: 'percent' | 'fixed' };
};

/**
 * What the accept of session-requests does: a request row (pending, its price held), then in one
 * transaction chatSessions.createFromRequest and the request marked accepted; events delivered after.
 */
async function startSession(coachOf: Person, clientOf: Person, input: SessionInput = {}) {
  const price = input.price ?? 1_999;
  const minutes = input.minutes ?? 30;
  const format = input.format ?? 'video';
  const now = t.clock.now();
  const requestId = randomUUID();
  const originalPrice = input.coupon?.originalPrice ?? price;
  await t.pool.query(
    `insert into session_requests (id, coach_id, client_id, client_name, client_email, format, duration_minutes,
       purpose, description, price, original_price, discount_amount, coupon_code, coupon_discount_type,
       status, expires_at, created_at, updated_at)
     values ($1, $2, $3, 'Robin Client', $4, $5, $6, 'Sleep better', $7, $8, $9, $10, $11, $12, 'pending',
       $13, $14, $14)`,
    [
      requestId,
      coachOf.id,
      clientOf.id,
      input.clientEmail === undefined ? clientOf.email : input.clientEmail,
      format,
      minutes,
      input.description ?? null,
      price,
      originalPrice,
      originalPrice > price ? originalPrice - price : null,
      input.coupon?.code ?? null,
      input.coupon?.type ?? null,
      new Date(now.getTime() + 180_000),
      now,
    ],
  );
  if (price > 0)
    await t.app.settlement.own.hold({
      clientId: clientOf.id,
      coachId: coachOf.id,
      reference: { type: 'session_request', id: requestId },
      amount: price,
      format,
      durationMinutes: minutes,
    });
  const result = await t.db.transaction(async (tx) => {
    const created = await t.app.chatSessions.createFromRequest(tx, {
      id: requestId,
      coachId: coachOf.id,
      clientId: clientOf.id,
      clientName: 'Robin Client',
      clientEmail: input.clientEmail === undefined ? clientOf.email : input.clientEmail,
      format,
      durationMinutes: minutes,
      purpose: 'Sleep better',
      description: input.description ?? null,
      price,
      originalPrice,
      discountAmount: originalPrice > price ? originalPrice - price : null,
      couponCode: input.coupon?.code ?? null,
      couponDiscountType: input.coupon?.type ?? null,
    });
    await tx.execute(
      sql`update session_requests set status = 'accepted', session_id = ${created.session.id},
            accepted_at = ${now.toISOString()}, responded_at = ${now.toISOString()} where id = ${requestId}`,
    );
    return created;
  });
  await t.app.realtime.deliver(result.events);
  return { ...result, requestId };
}

async function eventsOn(topic: string) {
  const result = await t.pool.query<{ seq: string; type: string; payload: Record<string, unknown> }>(
    'select seq, type, payload from realtime_events where topic = $1 order by seq',
    [topic],
  );
  return result.rows;
}

async function sessionRow(id: string) {
  const result = await t.pool.query<{
    status: string;
    end_time: Date | null;
    completed_by: string | null;
    earnings: string | null;
  }>('select status, end_time, completed_by, earnings from chat_sessions where id = $1', [id]);
  const row = result.rows[0];
  if (!row) throw new Error('no session');
  return row;
}

async function capturesOf(requestId: string): Promise<number> {
  const result = await t.pool.query<{ count: number }>(
    `select count(*)::int as count from ledger_transactions
      where kind = 'capture' and reference_type = 'session_request' and reference_id = $1`,
    [requestId],
  );
  return result.rows[0]?.count ?? 0;
}

async function holdStatus(requestId: string) {
  const result = await t.pool.query<{ status: string }>(
    `select status from money_holds where reference_type = 'session_request' and reference_id = $1`,
    [requestId],
  );
  return result.rows[0]?.status ?? null;
}

async function expectLedgerConsistent() {
  const report = await t.app.ledger.service.checkInvariants(t.db);
  expect(report).toMatchObject({ ok: true, unbalancedTransactions: [], negativeAccounts: [] });
}

async function getSession(who: Person | null, id: string) {
  return t.call(who?.session ?? null, 'GET', `/api/sessions/${id}`);
}

async function list(who: Person, query: string) {
  const response = await t.call(who.session, 'GET', `/api/sessions?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return sessionListSchema.parse(response.json());
}

describe('createFromRequest', () => {
  it('stores the session from the accepted request and records the events of both parties', async () => {
    const lena = await coach('Lena Ortiz', { video: 4_500 });
    const robin = await client();
    const startedAt = t.clock.now();
    const { session, events, requestId } = await startSession(lena, robin, {
      price: 12_000,
      minutes: 45,
      description: 'Waking at 4 every night',
      coupon: { code: 'SAVE15', originalPrice: 13_500, type: 'fixed' },
    });

    expect(chatSessionSchema.parse(session)).toEqual(session);
    expect(session).toMatchObject({
      coach_id: lena.id,
      client_id: robin.id,
      request_id: requestId,
      coach_name: 'Lena Ortiz',
      coach_username: `coach-${lena.id.slice(0, 8)}`,
      client_name: 'Robin Client',
      client_email: robin.email,
      format: 'video',
      status: 'active',
      created_at: startedAt.toISOString(),
      start_time: startedAt.toISOString(),
      ends_at: new Date(startedAt.getTime() + 45 * MINUTE).toISOString(),
      end_time: null,
      duration_minutes: 45,
      payment_amount: 12_000,
      // SPEC §9: the price of the default 30 minutes at the coach's rate (45.00 per 15 minutes).
      session_value: 9_000,
      earnings: null,
      completed_by: null,
      coach_present: true,
      client_present: false,
      client_purpose: 'Sleep better',
      session_description: 'Waking at 4 every night',
      original_price: 13_500,
      discount_amount: 1_500,
      coupon_code: 'SAVE15',
      coupon_discount_type: 'fixed',
    });

    const coachEvents = await eventsOn(`user:${lena.id}`);
    expect(coachEvents.map((event) => event.type)).toEqual([SESSION_EVENTS.sessionUpdated]);
    expect(sessionEventPayloadSchema.parse(coachEvents[0]?.payload).session).toEqual(session);

    const clientEvents = await eventsOn(`user:${robin.id}`);
    expect(clientEvents.map((event) => event.type)).toEqual([
      SESSION_EVENTS.sessionUpdated,
      SESSION_EVENTS.sessionCreated,
    ]);
    expect(sessionEventPayloadSchema.parse(clientEvents[0]?.payload).session).toMatchObject({
      id: session.id,
      status: 'active',
    });
    expect(clientEvents[1]?.payload).toEqual({
      sessionId: session.id,
      clientId: robin.id,
      message: SESSION_CREATED_MESSAGE,
      timestamp: startedAt.toISOString(),
    });

    // The coach is busy now: the presence event on the broadcast topic, returned to be delivered.
    const presence = events.find((event) => event.type === PRESENCE_EVENT);
    expect(presence).toMatchObject({ topic: BROADCAST_TOPIC, payload: { coach_id: lena.id, is_busy: true } });
    expect(events.map((event) => event.topic).sort()).toEqual(
      [`user:${lena.id}`, `user:${robin.id}`, `user:${robin.id}`, BROADCAST_TOPIC].sort(),
    );
  });

  it('defaults the length to 30 minutes and uses the default rate for the session value', async () => {
    const lena = await coach();
    const robin = await client();
    const now = t.clock.now();
    const requestId = randomUUID();
    await t.pool.query(
      `insert into session_requests (id, coach_id, client_id, client_name, format, duration_minutes, purpose,
         price, original_price, status, expires_at, created_at, updated_at)
       values ($1, $2, $3, 'Robin', 'text', 30, 'Focus', 0, 0, 'pending', $4, $4, $4)`,
      [requestId, lena.id, robin.id, now],
    );
    const { session } = await t.db.transaction((tx) =>
      t.app.chatSessions.createFromRequest(tx, {
        id: requestId,
        coachId: lena.id,
        clientId: robin.id,
        clientName: 'Robin',
        clientEmail: null,
        format: 'text',
        durationMinutes: null,
        purpose: 'Focus',
        price: 0,
      }),
    );
    // Text defaults to 30.00 per 15 minutes: 60.00 for 30 minutes.
    expect(session).toMatchObject({
      duration_minutes: 30,
      session_value: 6_000,
      payment_amount: 0,
      original_price: null,
      discount_amount: null,
      coupon_code: null,
      client_email: null,
    });
  });
});

describe('reading sessions', () => {
  it('pages a coach 5 at a time and a client 20 at a time, newest first', async () => {
    const lena = await coach();
    const robin = await client('Robin Client', 0);
    const ids: string[] = [];
    for (let index = 0; index < 22; index += 1) {
      t.clock.advance(1_000);
      const { session } = await startSession(lena, robin, { price: 0 });
      ids.push(session.id);
    }
    const newestFirst = [...ids].reverse();

    const coachPage1 = await list(lena, 'as=coach');
    expect(coachPage1).toMatchObject({ total: 22, page: 1, page_size: 5 });
    expect(coachPage1.sessions.map((session) => session.id)).toEqual(newestFirst.slice(0, 5));
    const coachPage5 = await list(lena, 'as=coach&page=5');
    expect(coachPage5.sessions.map((session) => session.id)).toEqual(newestFirst.slice(20, 22));

    const clientPage1 = await list(robin, 'as=client');
    expect(clientPage1).toMatchObject({ total: 22, page: 1, page_size: 20 });
    expect(clientPage1.sessions.map((session) => session.id)).toEqual(newestFirst.slice(0, 20));
    const clientPage2 = await list(robin, 'as=client&page=2');
    expect(clientPage2.sessions.map((session) => session.id)).toEqual(newestFirst.slice(20));

    // The coach's list is the coach's only; a client-only account cannot ask for one.
    const other = await coach('Kenji Sato');
    expect((await list(other, 'as=coach')).total).toBe(0);
    const response = await t.call(robin.session, 'GET', '/api/sessions?as=coach');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('FORBIDDEN');
    expect((await t.call(null, 'GET', '/api/sessions?as=client')).statusCode).toBe(401);
    expect((await t.call(robin.session, 'GET', '/api/sessions?as=admin')).statusCode).toBe(400);
  });

  it('shows a client their sessions by id, and by email only once that email is confirmed', async () => {
    const lena = await coach();
    const booker = await client();
    const invitee = await client('Sam Invitee', 0);
    const stranger = await client('Stranger', 0);
    // Booked by one account for an address that belongs to another (mixed case on purpose).
    const { session } = await startSession(lena, booker, { clientEmail: invitee.email.toUpperCase() });

    expect((await getSession(booker, session.id)).statusCode).toBe(200);
    expect((await getSession(lena, session.id)).statusCode).toBe(200);

    // Not confirmed: invisible, like to anyone else.
    expect((await getSession(invitee, session.id)).statusCode).toBe(404);
    expect((await list(invitee, 'as=client')).total).toBe(0);
    const strangerResponse = await getSession(stranger, session.id);
    expect(strangerResponse.statusCode).toBe(404);
    expect(errorOf(strangerResponse).code).toBe('NOT_FOUND');
    expect((await getSession(stranger, randomUUID())).statusCode).toBe(404);
    expect((await getSession(null, session.id)).statusCode).toBe(401);

    await t.pool.query('update users set email_confirmed_at = now() where id = $1', [invitee.id]);
    const seen = await getSession(invitee, session.id);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(chatSessionSchema.parse(seen.json())).toMatchObject({ id: session.id, earnings: null });
    expect((await list(invitee, 'as=client')).sessions.map((entry) => entry.id)).toEqual([session.id]);
    // Still nobody else's.
    expect((await getSession(stranger, session.id)).statusCode).toBe(404);
    expect((await list(stranger, 'as=client')).total).toBe(0);
  });

  it('reports an active session whose time ran out as completed, and filters by the shown status', async () => {
    const lena = await coach();
    const robin = await client();
    // Short sessions: the access tokens live 15 minutes on this clock.
    const { session: old } = await startSession(lena, robin, { minutes: 5 });
    t.clock.advance(2 * MINUTE);
    const { session: live } = await startSession(lena, robin, { minutes: 10 });

    // Both parties see the live one as their active session.
    for (const who of [lena, robin]) {
      const response = await t.call(who.session, 'GET', '/api/sessions/active');
      expect(response.statusCode).toBe(200);
      expect(response.json<{ session: ChatSession | null }>().session?.id).toBe(live.id);
    }
    const activeIds = (await list(lena, 'as=coach&status=active')).sessions.map((entry) => entry.id);
    expect(activeIds).toEqual([live.id, old.id]);

    // 5 minutes after the first started: it ran out, the job has not run; it shows completed.
    t.clock.advance(3 * MINUTE);
    expect((await sessionRow(old.id)).status).toBe('active');
    const shown = await getSession(robin, old.id);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(chatSessionSchema.parse(shown.json()).status).toBe('completed');
    expect((await list(lena, 'as=coach&status=active')).sessions.map((entry) => entry.id)).toEqual([live.id]);
    expect((await list(lena, 'as=coach&status=completed')).sessions.map((entry) => entry.id)).toEqual([
      old.id,
    ]);
    expect((await list(robin, 'as=client&status=completed')).total).toBe(1);

    // Past the second one's end too: no live session for either party.
    t.clock.advance(7 * MINUTE);
    for (const who of [lena, robin]) {
      const response = await t.call(who.session, 'GET', '/api/sessions/active');
      expect(response.json()).toEqual({ session: null });
    }
    expect((await list(lena, 'as=coach&status=completed')).total).toBe(2);
    expect((await list(lena, 'as=coach&status=active')).total).toBe(0);
  });
});

describe('ending a session', () => {
  it('captures the hold once: coach floor(95 %) pending, platform the rest; a second end is 409', async () => {
    const lena = await coach();
    const robin = await client('Robin Client', 10_000);
    const { session, requestId } = await startSession(lena, robin, { price: 1_999 });
    const platformBefore = await balanceOf(t.pool, 'platform_revenue', null);
    expect(await balanceOf(t.pool, 'client_held', robin.id)).toBe(1_999);
    t.clock.advance(5 * MINUTE);

    // The client cannot end it; nobody else can see it.
    const byClient = await t.call(robin.session, 'POST', `/api/sessions/${session.id}/end`);
    expect(byClient.statusCode).toBe(403);
    const stranger = await coach('Kenji Sato');
    expect((await t.call(stranger.session, 'POST', `/api/sessions/${session.id}/end`)).statusCode).toBe(404);
    expect((await t.call(null, 'POST', `/api/sessions/${session.id}/end`)).statusCode).toBe(401);
    expect(await holdStatus(requestId)).toBe('held');

    const ended = await t.call(lena.session, 'POST', `/api/sessions/${session.id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    const endedSession = sessionEventPayloadSchema.parse(ended.json()).session;
    expect(endedSession).toMatchObject({
      status: 'completed',
      completed_by: 'coach',
      end_time: t.clock.now().toISOString(),
      earnings: 1_899,
    });
    expect(await balanceOf(t.pool, 'coach_pending', lena.id)).toBe(1_899);
    expect((await balanceOf(t.pool, 'platform_revenue', null)) - platformBefore).toBe(100);
    expect(await balanceOf(t.pool, 'client_held', robin.id)).toBe(0);
    expect(await balanceOf(t.pool, 'client_wallet', robin.id)).toBe(10_000 - 1_999);
    expect(await holdStatus(requestId)).toBe('captured');
    expect(await capturesOf(requestId)).toBe(1);

    // Both parties heard it; the client's copy carries no earnings. The coach is no longer busy.
    const coachLast = (await eventsOn(`user:${lena.id}`)).at(-1);
    expect(coachLast?.type).toBe(SESSION_EVENTS.sessionUpdated);
    expect(sessionEventPayloadSchema.parse(coachLast?.payload).session).toMatchObject({
      status: 'completed',
      earnings: 1_899,
    });
    const clientLast = (await eventsOn(`user:${robin.id}`)).at(-1);
    expect(sessionEventPayloadSchema.parse(clientLast?.payload).session).toMatchObject({
      id: session.id,
      status: 'completed',
      earnings: null,
    });
    const presence = (await eventsOn(BROADCAST_TOPIC)).filter(
      (event) => event.type === PRESENCE_EVENT && event.payload.coach_id === lena.id,
    );
    expect(presence.at(-1)?.payload).toMatchObject({ is_busy: false });

    const again = await t.call(lena.session, 'POST', `/api/sessions/${session.id}/end`);
    expect(again.statusCode).toBe(409);
    const conflict = endConflictSchema.parse(again.json());
    expect(conflict.error).toMatchObject({ code: 'CONFLICT', message: SESSION_ALREADY_ENDED_MESSAGE });
    expect(conflict.session).toMatchObject({ id: session.id, status: 'completed', earnings: 1_899 });
    expect(await capturesOf(requestId)).toBe(1);
    expect(await balanceOf(t.pool, 'coach_pending', lena.id)).toBe(1_899);

    // The client's view of the completed session hides the earnings; the coach's shows them.
    expect(chatSessionSchema.parse((await getSession(robin, session.id)).json()).earnings).toBeNull();
    expect(chatSessionSchema.parse((await getSession(lena, session.id)).json()).earnings).toBe(1_899);
    expect((await list(robin, 'as=client')).sessions[0]?.earnings).toBeNull();
    expect((await list(lena, 'as=coach&status=completed')).sessions[0]?.earnings).toBe(1_899);
    await expectLedgerConsistent();
  });

  it('ends a $0 session without any capture', async () => {
    const lena = await coach();
    const robin = await client('Robin Client', 0);
    const { session, requestId } = await startSession(lena, robin, { price: 0 });
    const ended = await t.call(lena.session, 'POST', `/api/sessions/${session.id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(sessionEventPayloadSchema.parse(ended.json()).session).toMatchObject({
      status: 'completed',
      earnings: 0,
      payment_amount: 0,
    });
    expect(await holdStatus(requestId)).toBeNull();
    expect(await capturesOf(requestId)).toBe(0);
    expect(await balanceOf(t.pool, 'coach_pending', lena.id)).toBe(0);
  });
});

describe('completeDue (the lifecycle job)', () => {
  // Sessions of earlier tests are over: complete them first, so each test counts only its own.
  beforeEach(async () => {
    await t.app.chatSessions.completeDue(new Date(t.clock.now().getTime() + 24 * 60 * MINUTE));
  });

  it('completes a session at start_time + duration, not a millisecond before, once', async () => {
    const lena = await coach();
    const robin = await client();
    const startedAt = t.clock.now();
    const { session, requestId } = await startSession(lena, robin, { price: 2_000, minutes: 15 });
    const endsAt = new Date(startedAt.getTime() + 15 * MINUTE);

    expect(await t.app.chatSessions.completeDue(new Date(endsAt.getTime() - 1))).toBe(0);
    expect((await sessionRow(session.id)).status).toBe('active');
    expect(await holdStatus(requestId)).toBe('held');

    // The job ran late: end_time is when the session actually ended.
    expect(await t.app.chatSessions.completeDue(new Date(endsAt.getTime() + 90_000))).toBe(1);
    const row = await sessionRow(session.id);
    expect(row).toMatchObject({ status: 'completed', completed_by: 'timer', earnings: '1900' });
    expect(row.end_time?.toISOString()).toBe(endsAt.toISOString());
    expect(await capturesOf(requestId)).toBe(1);
    expect(await balanceOf(t.pool, 'coach_pending', lena.id)).toBe(1_900);

    expect(await t.app.chatSessions.completeDue(new Date(endsAt.getTime() + 10 * MINUTE))).toBe(0);
    expect(await capturesOf(requestId)).toBe(1);
    const clientLast = (await eventsOn(`user:${robin.id}`)).at(-1);
    expect(sessionEventPayloadSchema.parse(clientLast?.payload).session).toMatchObject({
      status: 'completed',
      completed_by: 'timer',
    });
    // The coach cannot end it any more.
    const late = await t.call(lena.session, 'POST', `/api/sessions/${session.id}/end`);
    expect(late.statusCode).toBe(409);
    await expectLedgerConsistent();
  });

  it('two instances running at once complete every due session and capture each exactly once', async () => {
    const coaches = await Promise.all([coach('A'), coach('B'), coach('C')]);
    const clients = await Promise.all([client('X'), client('Y'), client('Z')]);
    const started: { id: string; requestId: string }[] = [];
    for (let index = 0; index < 24; index += 1) {
      const { session, requestId } = await startSession(coaches[index % 3]!, clients[index % 3]!, {
        price: 1_000 + index,
        minutes: 15,
      });
      started.push({ id: session.id, requestId });
    }
    const due = new Date(t.clock.now().getTime() + 16 * MINUTE);
    const [first, second] = await Promise.all([
      instances[0]!.completeDue(due, 5),
      instances[1]!.completeDue(due, 5),
    ]);
    expect(first + second).toBe(24);
    for (const entry of started) {
      expect((await sessionRow(entry.id)).status).toBe('completed');
      expect(await capturesOf(entry.requestId)).toBe(1);
    }
    await expectLedgerConsistent();
  });

  it('an end racing the job captures exactly once', async () => {
    const lena = await coach();
    const robin = await client('Robin Client', 1_000_000);
    for (let trial = 0; trial < 12; trial += 1) {
      const { session, requestId } = await startSession(lena, robin, { price: 3_000, minutes: 15 });
      // The job sees it due; the coach (on the app clock) ends it at the same moment.
      const due = new Date(t.clock.now().getTime() + 15 * MINUTE);
      const [ended, completed] = await Promise.all([
        t.call(lena.session, 'POST', `/api/sessions/${session.id}/end`),
        instances[trial % 2]!.completeDue(due),
      ]);
      expect([200, 409]).toContain(ended.statusCode);
      expect(completed).toBe(ended.statusCode === 200 ? 0 : 1);
      const row = await sessionRow(session.id);
      expect(row.status).toBe('completed');
      expect(row.completed_by).toBe(ended.statusCode === 200 ? 'coach' : 'timer');
      expect(await capturesOf(requestId)).toBe(1);
    }
    expect(await balanceOf(t.pool, 'coach_pending', lena.id)).toBe(12 * 2_850);
    await expectLedgerConsistent();
  });
});
