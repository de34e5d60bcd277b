import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH, type RealtimeEvent, type SubscribeAck } from '#contracts/realtime';
import { SESSION_EVENTS, sessionRequestSchema, type SessionRequest } from '#contracts/sessions';
import type { App } from '#server/app';
import { createTestApp } from '#test/support/app';
import { bearer } from '#test/support/auth';
import { balanceOf } from '#test/factories/money';
import { insertCoach, insertClient, type TestClient, type TestCoach } from '#test/factories/people';
import { holdOfRequest, postSessionRequest, buildSessionRequestBody } from '#test/factories/sessions';
import { useTestApp } from '#test/support/test-app';

const ORIGIN = 'http://app.test';
const ENV = { REALTIME_ALLOWED_ORIGINS: ORIGIN, RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' };
const TRIALS = 30;
/** Default video rate 4000 per 15 minutes: 30 minutes cost 8000. */
const PRICE = 8_000;
const FUNDS = 10_000;

const t = useTestApp(ENV);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function create(client: TestClient, coach: TestCoach): Promise<SessionRequest> {
  const response = await postSessionRequest(t.app, client.session, buildSessionRequestBody(coach.id));
  expect(response.statusCode, response.body).toBe(201);
  return sessionRequestSchema.parse(response.json());
}

const act = (session: TestClient['session'], id: string, action: string) =>
  t.app.inject({ method: 'POST', url: `/api/session-requests/${id}/${action}`, headers: bearer(session) });

async function stateOf(requestId: string) {
  const request = await t.pool.query<{ status: string; session_id: string | null }>(
    'select status, session_id from session_requests where id = $1',
    [requestId],
  );
  const sessions = await t.pool.query<{ id: string }>('select id from chat_sessions where request_id = $1', [
    requestId,
  ]);
  const postings = await t.pool.query<{ kind: string }>(
    `select kind from ledger_transactions where reference_type = 'session_request' and reference_id = $1
      order by kind`,
    [requestId],
  );
  return {
    status: request.rows[0]?.status,
    sessionId: request.rows[0]?.session_id ?? null,
    sessions: sessions.rows.map((row) => row.id),
    postings: postings.rows.map((row) => row.kind),
    hold: await holdOfRequest(t.pool, requestId),
  };
}

/** The money of one finished trial is consistent with its one outcome. */
async function expectMoneyFor(outcome: 'accepted' | 'released', client: TestClient, requestId: string) {
  const state = await stateOf(requestId);
  const wallet = await balanceOf(t.pool, 'client_wallet', client.id);
  const held = await balanceOf(t.pool, 'client_held', client.id);
  if (outcome === 'accepted') {
    expect(state.hold).toEqual({ status: 'held', amount: PRICE });
    expect(state.postings).toEqual(['hold']);
    expect([wallet, held]).toEqual([FUNDS - PRICE, PRICE]);
    expect(state.sessions).toEqual([state.sessionId]);
  } else {
    expect(state.hold).toEqual({ status: 'released', amount: PRICE });
    expect(state.postings).toEqual(['hold', 'release']);
    expect([wallet, held]).toEqual([FUNDS, 0]);
    expect(state.sessions).toEqual([]);
    expect(state.sessionId).toBeNull();
  }
}

/**
 * The coach ends the session an accepted trial created, so the next trial's instant request does not
 * meet a busy coach (an instant request to a coach in a session is refused).
 */
async function endSessionOf(coach: TestCoach, requestId: string) {
  const { sessionId } = await stateOf(requestId);
  const ended = await t.app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/end`,
    headers: bearer(coach.session),
  });
  expect(ended.statusCode, ended.body).toBe(200);
}

async function invariantsHold() {
  const report = await t.app.ledger.service.checkInvariants(t.db);
  expect(report.ok, JSON.stringify(report)).toBe(true);
}

describe('races under real concurrency on PostgreSQL', () => {
  it(`two accepts of one request: exactly one session (${TRIALS} trials)`, async () => {
    const coach = await insertCoach(t.app, t.pool);
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const client = await insertClient(t.app, t.pool, FUNDS);
      const request = await create(client, coach);
      const results = await Promise.all([
        act(coach.session, request.id, 'accept'),
        act(coach.session, request.id, 'accept'),
      ]);
      const statuses = results.map((response) => response.statusCode).sort();
      expect(statuses, `trial ${trial}: ${results.map((r) => r.body).join(' | ')}`).toEqual([200, 409]);
      const loser = results.find((response) => response.statusCode === 409);
      expect(loser?.json()).toMatchObject({
        error: { code: 'CONFLICT', details: [{ path: 'status', message: 'accepted' }] },
      });
      const state = await stateOf(request.id);
      expect(state.status).toBe('accepted');
      await expectMoneyFor('accepted', client, request.id);
      await endSessionOf(coach, request.id);
    }
    await invariantsHold();
  }, 120_000);

  it(`accept racing the client's cancel: exactly one outcome, money either held for the session or released (${TRIALS} trials)`, async () => {
    const coach = await insertCoach(t.app, t.pool);
    const outcomes = { accepted: 0, cancelled: 0 };
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const client = await insertClient(t.app, t.pool, FUNDS);
      const request = await create(client, coach);
      const [accept, cancel] = await Promise.all([
        act(coach.session, request.id, 'accept'),
        act(client.session, request.id, 'cancel'),
      ]);
      const codes = [accept.statusCode, cancel.statusCode];
      expect(codes.sort(), `trial ${trial}: ${accept.body} | ${cancel.body}`).toEqual([200, 409]);
      const state = await stateOf(request.id);
      if (accept.statusCode === 200) {
        outcomes.accepted += 1;
        expect(state.status).toBe('accepted');
        expect(cancel.json()).toMatchObject({
          error: { details: [{ path: 'status', message: 'accepted' }] },
        });
        await expectMoneyFor('accepted', client, request.id);
        await endSessionOf(coach, request.id);
      } else {
        outcomes.cancelled += 1;
        expect(state.status).toBe('cancelled');
        expect(accept.json()).toMatchObject({
          error: { details: [{ path: 'status', message: 'cancelled' }] },
        });
        await expectMoneyFor('released', client, request.id);
      }
    }
    expect(outcomes.accepted + outcomes.cancelled).toBe(TRIALS);
    await invariantsHold();
  }, 120_000);

  it(`accept racing the expiry job at the deadline: exactly one outcome (${TRIALS} trials)`, async () => {
    const coach = await insertCoach(t.app, t.pool);
    const outcomes = { accepted: 0, expired: 0 };
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const client = await insertClient(t.app, t.pool, FUNDS);
      const request = await create(client, coach);
      // The job runs as if at the deadline while the coach's accept (the app clock) is still in time,
      // so both are entitled to the row and only the compare-and-set decides.
      // The HTTP accept has more to do before it reaches the row (authentication), so the job starts a
      // little later on most trials, at varying offsets: both orders happen.
      const [accept, expired] = await Promise.all([
        act(coach.session, request.id, 'accept'),
        sleep((trial % 8) * 2).then(() => t.app.sessionRequests.expireDue(new Date(request.expires_at))),
      ]);
      outcomes[accept.statusCode === 200 ? 'accepted' : 'expired'] += 1;
      const state = await stateOf(request.id);
      if (accept.statusCode === 200) {
        expect(state.status, `trial ${trial}`).toBe('accepted');
        await expectMoneyFor('accepted', client, request.id);
        await endSessionOf(coach, request.id);
      } else {
        expect(accept.statusCode, `trial ${trial}: ${accept.body}`).toBe(409);
        expect(expired).toBeGreaterThanOrEqual(1);
        expect(state.status).toBe('expired');
        await expectMoneyFor('released', client, request.id);
      }
    }
    expect(outcomes.accepted + outcomes.expired).toBe(TRIALS);
    await invariantsHold();
  }, 120_000);

  it('two expiry runs at once (two instances) expire each request once', async () => {
    const coach = await insertCoach(t.app, t.pool);
    const clients = await Promise.all(Array.from({ length: 8 }, () => insertClient(t.app, t.pool, FUNDS)));
    const requests: SessionRequest[] = [];
    for (const client of clients) requests.push(await create(client, coach));
    const deadline = new Date(requests.at(-1)!.expires_at);
    const counts = await Promise.all([
      t.app.sessionRequests.expireDue(deadline, 2),
      t.app.sessionRequests.expireDue(deadline, 2),
    ]);
    expect(counts[0]! + counts[1]!).toBeGreaterThanOrEqual(requests.length);
    for (const [index, request] of requests.entries()) {
      expect((await stateOf(request.id)).status).toBe('expired');
      await expectMoneyFor('released', clients[index]!, request.id);
    }
    await invariantsHold();
  }, 60_000);

  it('two requests of one client at once (different keys): one pending request, one hold', async () => {
    const coach = await insertCoach(t.app, t.pool);
    const other = await insertCoach(t.app, t.pool);
    for (let trial = 0; trial < 10; trial += 1) {
      const client = await insertClient(t.app, t.pool, 2 * FUNDS);
      const results = await Promise.all([
        postSessionRequest(t.app, client.session, buildSessionRequestBody(coach.id)),
        postSessionRequest(t.app, client.session, buildSessionRequestBody(other.id)),
      ]);
      expect(results.map((response) => response.statusCode).sort(), `trial ${trial}`).toEqual([201, 409]);
      const pending = await t.pool.query('select id from session_requests where client_id = $1', [client.id]);
      expect(pending.rowCount).toBe(1);
      expect(await balanceOf(t.pool, 'client_held', client.id)).toBe(PRICE);
    }
  }, 60_000);

  it('the same Idempotency-Key sent twice at once: one request, one hold', async () => {
    const coach = await insertCoach(t.app, t.pool);
    const client = await insertClient(t.app, t.pool, 2 * FUNDS);
    const key = randomUUID();
    const results = await Promise.all([
      postSessionRequest(t.app, client.session, buildSessionRequestBody(coach.id), key),
      postSessionRequest(t.app, client.session, buildSessionRequestBody(coach.id), key),
    ]);
    const codes = results.map((response) => response.statusCode).sort();
    // Either the second waited and replayed (201) or found the key in flight (409).
    expect(codes[0]).toBe(201);
    expect([201, 409]).toContain(codes[1]);
    const rows = await t.pool.query('select id from session_requests where client_id = $1', [client.id]);
    expect(rows.rowCount).toBe(1);
    expect(await balanceOf(t.pool, 'client_held', client.id)).toBe(PRICE);
  });
});

describe('two app instances on one PostgreSQL', () => {
  let other: App | undefined;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    other = (await createTestApp(t.db, ENV)).app;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await other?.close();
  });

  async function listen(app: App): Promise<string> {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }

  it("a request made through instance A rings the coach's socket on instance B", async () => {
    await listen(t.app);
    const urlB = await listen(other!);
    const coach = await insertCoach(t.app, t.pool);
    const client = await insertClient(t.app, t.pool, FUNDS);

    const socket = connectClient(urlB, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { origin: ORIGIN },
      auth: { token: coach.session.access_token },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const events: RealtimeEvent[] = [];
    socket.on('event', (event: RealtimeEvent) => events.push(event));
    const ack = (await socket
      .timeout(5_000)
      .emitWithAck('subscribe', { topic: `user:${coach.id}` })) as SubscribeAck;
    expect(ack.ok).toBe(true);

    // Instance A takes the request (app.inject on A; its bus publishes through PostgreSQL NOTIFY).
    const request = await create(client, coach);
    const started = Date.now();
    while (!events.some((event) => event.type === SESSION_EVENTS.requestCreated)) {
      if (Date.now() - started > 10_000) throw new Error('the request never reached instance B');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const rang = events.find((event) => event.type === SESSION_EVENTS.requestCreated);
    expect(rang?.topic).toBe(`user:${coach.id}`);
    expect(sessionRequestSchema.parse(rang?.payload.request)).toMatchObject({
      id: request.id,
      client_id: client.id,
      status: 'pending',
    });
  });
});
