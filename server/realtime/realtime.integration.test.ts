import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import {
  BROADCAST_TOPIC,
  REALTIME_MAX_REPLAY,
  REALTIME_PATH,
  type RealtimeError,
  type RealtimeEvent,
  type SubscribeAck,
} from '#contracts/realtime';
import type { App } from '../app';
import { REALTIME_RETENTION_MS } from './realtime.service';
import { createTestApp } from '#test/support/app';
import { authed, signUp } from '#test/support/auth';
import { recordStatements } from '#test/support/statements';
import { useTestApp } from '#test/support/test-app';

const ORIGIN = 'http://app.test';
const ENV = { REALTIME_ALLOWED_ORIGINS: ORIGIN, RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' };

const t = useTestApp(ENV);
const opened: Socket[] = [];
afterEach(() => {
  for (const socket of opened.splice(0)) socket.disconnect();
});

async function listen(app: App): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A websocket-only client as a browser tab would open it; resolves once connected. */
function open(url: string, token: string | undefined, origin = ORIGIN): Promise<Socket> {
  const socket = connectClient(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { origin },
    auth: token === undefined ? {} : { token },
  });
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

/** The RealtimeError of a refused connection (or the transport error message). */
async function refusalOf(url: string, token: string | undefined, origin = ORIGIN) {
  try {
    await open(url, token, origin);
  } catch (error) {
    return { data: (error as Error & { data?: RealtimeError }).data, message: (error as Error).message };
  }
  throw new Error('expected the connection to be refused');
}

const subscribe = (socket: Socket, request: unknown) =>
  socket.timeout(5_000).emitWithAck('subscribe', request) as Promise<SubscribeAck>;

/** Collects the socket's events. */
function collect(socket: Socket): RealtimeEvent[] {
  const events: RealtimeEvent[] = [];
  socket.on('event', (event: RealtimeEvent) => events.push(event));
  return events;
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const settle = (ms = 200) => new Promise((resolve) => setTimeout(resolve, ms));

async function person(app: App): Promise<{ session: AuthSession; id: string; topic: string }> {
  const { session } = await signUp(app);
  return { session, id: session.user.id, topic: `user:${session.user.id}` };
}

describe('connecting', () => {
  it('accepts a valid access token from an allowed origin', async () => {
    const url = await listen(t.app);
    const alice = await person(t.app);
    const socket = await open(url, alice.session.access_token);
    expect(socket.connected).toBe(true);
  });

  it('refuses a missing, malformed or forged token with UNAUTHENTICATED', async () => {
    const url = await listen(t.app);
    const alice = await person(t.app);
    expect((await refusalOf(url, undefined)).data?.code).toBe('UNAUTHENTICATED');
    expect((await refusalOf(url, 'not-a-token')).data?.code).toBe('UNAUTHENTICATED');
    const [header, payload] = alice.session.access_token.split('.');
    expect((await refusalOf(url, `${header}.${payload}.AAAA`)).data?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses the token of a signed-out session', async () => {
    const url = await listen(t.app);
    const alice = await person(t.app);
    const out = await authed(t.app, alice.session, 'POST', '/auth/v1/logout');
    expect(out.statusCode).toBeLessThan(300);
    const refused = await refusalOf(url, alice.session.access_token);
    expect(refused.data).toEqual({ code: 'UNAUTHENTICATED', message: expect.any(String) });
  });

  it('refuses an origin that is not on the allowlist', async () => {
    const url = await listen(t.app);
    const alice = await person(t.app);
    const refused = await refusalOf(url, alice.session.access_token, 'https://evil.example');
    // Refused with its reason, so the tab can say why its live updates are paused.
    expect(refused.data).toEqual({
      code: 'FORBIDDEN',
      message: expect.stringContaining('https://evil.example') as string,
    });
    // Checked before the token: no token from there is refused for the origin too.
    expect((await refusalOf(url, undefined, 'https://evil.example')).data?.code).toBe('FORBIDDEN');
    // Over long-polling as well (a non-browser client that sets Origin gets the same answer).
    const polling = connectClient(url, {
      path: REALTIME_PATH,
      transports: ['polling'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { origin: 'http://127.0.0.1:1' },
      auth: { token: alice.session.access_token },
    });
    opened.push(polling);
    const pollingRefusal = await new Promise<unknown>((resolve) =>
      polling.once('connect_error', (error: Error & { data?: unknown }) => resolve(error.data)),
    );
    expect(pollingRefusal).toMatchObject({ code: 'FORBIDDEN' });
    expect(polling.connected).toBe(false);
    // The same token from the allowed origin connects: the origin was the only reason.
    await expect(open(url, alice.session.access_token)).resolves.toBeTruthy();
  });

  it('closes an open socket within a sweep once its session is signed out; other sessions keep theirs', async () => {
    const url = await listen(t.app);
    const alice = await person(t.app);
    const bob = await person(t.app);
    const aliceSocket = await open(url, alice.session.access_token);
    const bobSocket = await open(url, bob.session.access_token);
    const reason = new Promise<string>((resolve) => aliceSocket.once('disconnect', resolve));
    await t.app.realtimeGateway?.sweep();
    expect(aliceSocket.connected).toBe(true);

    const out = await authed(t.app, alice.session, 'POST', '/auth/v1/logout');
    expect(out.statusCode).toBeLessThan(300);
    await t.app.realtimeGateway?.sweep();
    expect(await reason).toBe('io server disconnect');
    await settle(100);
    expect(bobSocket.connected).toBe(true);
  });

  it('disconnects the socket when its token expires, and the expired token cannot reconnect', async () => {
    const url = await listen(t.app);
    const alice = await person(t.app);
    const socket = await open(url, alice.session.access_token);
    const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await t.app.realtimeGateway?.sweep();
    await settle(100);
    expect(socket.connected).toBe(true); // not yet expired

    t.clock.advance(t.config.auth.accessTokenTtlSeconds * 1000 + 1000);
    try {
      await t.app.realtimeGateway?.sweep();
      expect(await reason).toBe('io server disconnect');
      expect((await refusalOf(url, alice.session.access_token)).data?.code).toBe('UNAUTHENTICATED');
    } finally {
      t.clock.advance(-(t.config.auth.accessTokenTtlSeconds * 1000 + 1000));
    }
  });
});

describe('subscribing', () => {
  it('acks a subscription to the own topic and delivers its events', async () => {
    const url = await listen(t.app);
    const alice = await person(t.app);
    const socket = await open(url, alice.session.access_token);
    const events = collect(socket);
    const ack = await subscribe(socket, { topic: alice.topic });
    expect(ack).toEqual({ ok: true, topic: alice.topic, seq: 0, missed: [], complete: true });
    await t.app.realtime.publish({ topic: alice.topic, type: 'hello', payload: { n: 1 } });
    await waitFor(() => events.length === 1, 'the event');
    expect(events[0]).toMatchObject({ topic: alice.topic, seq: 1, type: 'hello', payload: { n: 1 } });
  });

  it("refuses someone else's topic with FORBIDDEN and delivers none of its events", async () => {
    const url = await listen(t.app);
    const [alice, bob] = [await person(t.app), await person(t.app)];
    const socket = await open(url, alice.session.access_token);
    const events = collect(socket);
    const ack = await subscribe(socket, { topic: bob.topic, after_seq: 0 });
    expect(ack).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: expect.any(String) } });
    await t.app.realtime.publish({ topic: bob.topic, type: 'secret', payload: {} });
    await settle();
    expect(events).toEqual([]);
  });

  it('answers VALIDATION_ERROR for an unknown topic kind or a malformed request', async () => {
    const url = await listen(t.app);
    const alice = await person(t.app);
    const socket = await open(url, alice.session.access_token);
    for (const request of [
      { topic: `session:${alice.id}` },
      { topic: 'user:me' },
      { topic: alice.topic, after_seq: -1 },
      { topic: alice.topic, after_seq: 'x' },
      'user',
      null,
    ]) {
      const ack = await subscribe(socket, request);
      expect(ack, JSON.stringify(request)).toEqual({
        ok: false,
        error: { code: 'VALIDATION_ERROR', message: expect.any(String) },
      });
    }
  });

  it('limits the subscribes of one socket (RATE_LIMITED)', async () => {
    const url = await listen(t.app);
    const alice = await person(t.app);
    const socket = await open(url, alice.session.access_token);
    const acks = await Promise.all(
      Array.from({ length: 35 }, () => subscribe(socket, { topic: alice.topic })),
    );
    expect(acks.filter((ack) => ack.ok)).toHaveLength(30);
    expect(acks.filter((ack) => !ack.ok && ack.error.code === 'RATE_LIMITED')).toHaveLength(5);
  });

  it('stops delivering after unsubscribe', async () => {
    const url = await listen(t.app);
    const alice = await person(t.app);
    const socket = await open(url, alice.session.access_token);
    const events = collect(socket);
    await subscribe(socket, { topic: alice.topic });
    expect(await socket.timeout(5_000).emitWithAck('unsubscribe', { topic: alice.topic })).toEqual({
      ok: true,
    });
    await t.app.realtime.publish({ topic: alice.topic, type: 'after', payload: {} });
    await settle();
    expect(events).toEqual([]);
  });

  it('over 1,000 random events between 20 people, each reaches exactly its owner, in order', async () => {
    const url = await listen(t.app);
    const people = await Promise.all(Array.from({ length: 20 }, () => person(t.app)));
    const received = new Map<string, RealtimeEvent[]>();
    for (const p of people) {
      const socket = await open(url, p.session.access_token);
      received.set(p.id, collect(socket));
      expect((await subscribe(socket, { topic: p.topic })).ok).toBe(true);
      // Trying to listen in on someone else is refused and changes nothing.
      const other = people[(people.indexOf(p) + 1) % people.length];
      expect((await subscribe(socket, { topic: other?.topic })).ok).toBe(false);
    }
    const targets = Array.from({ length: 1000 }, () => people[Math.floor(Math.random() * people.length)]!);
    const sent = new Map<string, number[]>();
    // Four lanes publish concurrently; one person's events stay in one lane, so their order is fixed.
    await Promise.all(
      [0, 1, 2, 3].map(async (lane) => {
        for (const [index, target] of targets.entries()) {
          if (people.indexOf(target) % 4 !== lane) continue;
          const event = await t.app.realtime.publish({
            topic: target.topic,
            type: 'random',
            payload: { index, for: target.id },
          });
          sent.set(target.id, [...(sent.get(target.id) ?? []), event.seq]);
        }
      }),
    );
    const total = () => [...received.values()].reduce((sum, list) => sum + list.length, 0);
    await waitFor(() => total() >= 1000, 'all 1,000 events', 20_000);
    await settle(300);
    expect(total()).toBe(1000);
    for (const p of people) {
      const mine = received.get(p.id) ?? [];
      expect(mine.every((event) => event.topic === p.topic && event.payload.for === p.id)).toBe(true);
      expect(mine.map((event) => event.seq)).toEqual(sent.get(p.id) ?? []);
      expect(mine.map((event) => event.seq)).toEqual(mine.map((_, index) => index + 1));
    }
  });
});

describe('the public broadcast topic', () => {
  it('reaches every connected socket without a subscription, and nobody may subscribe to it', async () => {
    const url = await listen(t.app);
    const [alice, bob] = [await person(t.app), await person(t.app)];
    const aliceSocket = await open(url, alice.session.access_token);
    const bobSocket = await open(url, bob.session.access_token);
    const [aliceEvents, bobEvents] = [collect(aliceSocket), collect(bobSocket)];
    const refused = await subscribe(aliceSocket, { topic: BROADCAST_TOPIC });
    expect(refused).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: expect.any(String) } });

    const event = await t.db.transaction((tx) =>
      t.app.realtime.recordBroadcast(tx, 'coach_presence.changed', { coach_id: alice.id, is_online: true }),
    );
    await t.app.realtime.deliver([event]);
    await waitFor(() => aliceEvents.length === 1 && bobEvents.length === 1, 'the broadcast on both sockets');
    expect(bobEvents[0]).toMatchObject({ topic: BROADCAST_TOPIC, type: 'coach_presence.changed' });
    expect(bobEvents[0]?.payload).toEqual({ coach_id: alice.id, is_online: true });
  });
});

describe('open tabs (realtime_connections)', () => {
  it('knows who has a socket open, forgets it when the socket closes, and ignores stale rows', async () => {
    const url = await listen(t.app);
    const alice = await person(t.app);
    expect(await t.app.realtime.hasOpenTab(alice.id)).toBe(false);
    const socket = await open(url, alice.session.access_token);
    const deadline = Date.now() + 5_000;
    while (!(await t.app.realtime.hasOpenTab(alice.id))) {
      if (Date.now() > deadline) throw new Error('the open socket was never recorded');
      await settle(20);
    }
    socket.disconnect();
    const closedBy = Date.now() + 5_000;
    while (await t.app.realtime.hasOpenTab(alice.id)) {
      if (Date.now() > closedBy) throw new Error('the closed socket was never forgotten');
      await settle(20);
    }
    // A row left by an instance that stopped refreshing it (crashed) does not count.
    await t.pool.query(
      `insert into realtime_connections (socket_id, instance_id, user_id, connected_at, seen_at)
       values ('ghost', 'gone', $1, $2, $2)`,
      [alice.id, new Date(t.clock.now().getTime() - 5 * 60_000)],
    );
    expect(await t.app.realtime.hasOpenTab(alice.id)).toBe(false);
  });

  it('records sockets opened together in fewer statements, and a socket closed at once leaves no row', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, () => person(t.app)));
    const sockets = people.map((someone) => ({
      socketId: `batch-${randomUUID()}`,
      instanceId: 'test-instance',
      userId: someone.id,
    }));
    const { statements } = await recordStatements(() =>
      Promise.all(sockets.map((socket) => t.app.realtime.connections.add(socket))),
    );
    const inserts = statements.filter((text) => text.includes('insert into realtime_connections'));
    expect(inserts.length).toBeGreaterThan(0);
    expect(inserts.length).toBeLessThan(sockets.length);
    for (const someone of people) expect(await t.app.realtime.hasOpenTab(someone.id)).toBe(true);

    // Closed before its add was written: the remove waits for the add, so no row stays behind.
    const closedAtOnce = people.map((someone) => ({
      socketId: `closed-${randomUUID()}`,
      instanceId: 'test-instance',
      userId: someone.id,
    }));
    await Promise.all(
      closedAtOnce.map(async (socket) => {
        const added = t.app.realtime.connections.add(socket);
        await t.app.realtime.connections.remove(socket.socketId);
        await added;
      }),
    );
    const left = await t.pool.query('select 1 from realtime_connections where socket_id = any($1::text[])', [
      closedAtOnce.map((socket) => socket.socketId),
    ]);
    expect(left.rows).toEqual([]);
  });
});

describe('resync after a reconnect', () => {
  it('replays exactly what was missed, then says when too much was missed', async () => {
    const url = await listen(t.app);
    const alice = await person(t.app);
    let socket = await open(url, alice.session.access_token);
    let events = collect(socket);
    await subscribe(socket, { topic: alice.topic });
    // A second tab stays open throughout: once it has seen event 6 live, the bus has delivered it,
    // so a tab joining afterwards must get 4..6 only in its replay. (A tab that joins while an event
    // is still on its way may get it in both; the client drops by seq — see gateway.ts.)
    const witness = await open(url, alice.session.access_token);
    const witnessed = collect(witness);
    await subscribe(witness, { topic: alice.topic });
    for (let n = 1; n <= 3; n += 1)
      await t.app.realtime.publish({ topic: alice.topic, type: 'n', payload: { n } });
    await waitFor(() => events.length === 3, 'events 1..3');
    expect(events.map((event) => event.seq)).toEqual([1, 2, 3]);
    socket.disconnect();

    for (let n = 4; n <= 6; n += 1)
      await t.app.realtime.publish({ topic: alice.topic, type: 'n', payload: { n } });
    await waitFor(() => witnessed.length === 6, 'events 4..6 delivered live to the open tab');
    witness.disconnect();
    socket = await open(url, alice.session.access_token);
    events = collect(socket);
    const ack = await subscribe(socket, { topic: alice.topic, after_seq: 3 });
    expect(ack.ok && ack.complete).toBe(true);
    expect(ack.ok && ack.seq).toBe(6);
    expect(ack.ok && ack.missed.map((event) => [event.seq, event.payload.n])).toEqual([
      [4, 4],
      [5, 5],
      [6, 6],
    ]);
    await settle();
    expect(events).toEqual([]); // nothing doubled live

    // More than REALTIME_MAX_REPLAY missed: the tab must refetch its snapshot, then apply events > seq.
    await t.db.transaction(async (tx) => {
      for (let n = 0; n <= REALTIME_MAX_REPLAY; n += 1)
        await t.app.realtime.record(tx, { topic: alice.topic, type: 'bulk', payload: { n } });
    });
    const behind = await subscribe(socket, { topic: alice.topic, after_seq: 6 });
    expect(behind).toEqual({
      ok: true,
      topic: alice.topic,
      seq: 6 + REALTIME_MAX_REPLAY + 1,
      missed: [],
      complete: false,
    });
    // Exactly at the limit it is still complete.
    const atLimit = await subscribe(socket, { topic: alice.topic, after_seq: 7 });
    expect(atLimit.ok && atLimit.complete && atLimit.missed.length).toBe(REALTIME_MAX_REPLAY);
    // A tab ahead of the server (a database restored from backup) must refetch too.
    const ahead = await subscribe(socket, { topic: alice.topic, after_seq: 10_000 });
    expect(ahead.ok && ahead.complete).toBe(false);
  });

  it('prunes events past the retention window; a replay reaching into them says "refetch" instead', async () => {
    const topic = `user:${randomUUID()}`;
    for (let n = 0; n < 5; n += 1) await t.app.realtime.publish({ topic, type: 'old', payload: { n } });
    expect((await t.app.realtime.replay(topic, 0)).missed).toHaveLength(5);
    // A day and an hour later (prune takes the time it runs at): all five are past the window.
    const later = new Date(t.clock.now().getTime() + REALTIME_RETENTION_MS + 60 * 60_000);
    expect(await t.app.realtime.prune(later)).toBeGreaterThanOrEqual(5);
    expect(await t.app.realtime.prune(later)).toBe(0);
    await t.app.realtime.publish({ topic, type: 'new', payload: {} });
    // The seq goes on from 5; a tab that had seen 2 cannot be replayed 3..5: it must refetch.
    expect(await t.app.realtime.replay(topic, 2)).toEqual({ seq: 6, missed: [], complete: false });
    const fromFive = await t.app.realtime.replay(topic, 5);
    expect(fromFive.complete).toBe(true);
    expect(fromFive.missed.map((event) => [event.seq, event.type])).toEqual([[6, 'new']]);
  });

  it('gives 50 concurrent transactions on one topic the seqs 1..50, no gap, no duplicate', async () => {
    const topic = `user:${randomUUID()}`;
    const events = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        t.db.transaction((tx) => t.app.realtime.record(tx, { topic, type: 'race', payload: { n } })),
      ),
    );
    expect(events.map((event) => event.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
    const stored = await t.pool.query<{ seq: string }>(
      'select seq from realtime_events where topic = $1 order by seq',
      [topic],
    );
    expect(stored.rows.map((row) => Number(row.seq))).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
  });

  it('recordMany numbers the events of several topics in one statement, in the order given, after what each had', async () => {
    const [a, b] = [`user:${randomUUID()}`, `user:${randomUUID()}`];
    await t.app.realtime.publish({ topic: a, type: 'before', payload: {} });
    const events = await t.db.transaction((tx) =>
      t.app.realtime.recordMany(tx, [
        { topic: a, type: 'one', payload: { n: 1 } },
        { topic: b, type: 'two', payload: { n: 2 } },
        { topic: a, type: 'three', payload: { n: 3, at: new Date('2026-11-21T09:00:00Z') } },
      ]),
    );
    expect(events.map((event) => [event.topic, event.seq, event.type])).toEqual([
      [a, 2, 'one'],
      [b, 1, 'two'],
      [a, 3, 'three'],
    ]);
    // What was returned is what was stored (and what a replay gives).
    expect((await t.app.realtime.replay(a, 1)).missed).toEqual([events[0], events[2]]);
    expect((await t.app.realtime.replay(b, 0)).missed).toEqual([events[1]]);
    expect(events[2]?.payload.at).toBe('2026-11-21T09:00:00.000Z');
  });

  it('does not number or store an event whose transaction rolled back', async () => {
    const topic = `user:${randomUUID()}`;
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.realtime.record(tx, { topic, type: 'lost', payload: {} });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const event = await t.app.realtime.publish({ topic, type: 'kept', payload: {} });
    expect(event.seq).toBe(1);
  });
});

describe('delivery through the publisher connection', () => {
  it('reaches the socket while every connection of the pool is taken (publishing needs none of them)', async () => {
    const url = await listen(t.app);
    const alice = await person(t.app);
    const socket = await open(url, alice.session.access_token);
    const events = collect(socket);
    await subscribe(socket, { topic: alice.topic });
    const event = await t.db.transaction((tx) =>
      t.app.realtime.record(tx, { topic: alice.topic, type: 'under-load', payload: {} }),
    );
    const held = await Promise.all(Array.from({ length: t.pool.options.max }, () => t.pool.connect()));
    try {
      expect(t.pool.idleCount).toBe(0);
      await t.app.realtime.deliver([event]);
      // Well inside the pool's 5 s connection timeout: nothing waited for a pool connection.
      await waitFor(() => events.length === 1, 'the event with the pool exhausted', 4_000);
      expect(events[0]).toMatchObject({ topic: alice.topic, seq: event.seq, type: 'under-load' });
    } finally {
      for (const client of held) client.release();
    }
    expect(t.logs.text()).not.toContain('delivery failed');
  });

  it('delivers 500 events handed over at once in seq order (batched several to a NOTIFY), a large one among them', async () => {
    const url = await listen(t.app);
    const alice = await person(t.app);
    const socket = await open(url, alice.session.access_token);
    const events = collect(socket);
    await subscribe(socket, { topic: alice.topic });
    const recorded = await t.db.transaction((tx) =>
      t.app.realtime.recordMany(
        tx,
        Array.from({ length: 500 }, (_, n) => ({
          topic: alice.topic,
          type: 'batch',
          payload: n === 250 ? { n, big: 'z'.repeat(10_000) } : { n },
        })),
      ),
    );
    await t.app.realtime.deliver(recorded);
    await waitFor(() => events.length === 500, 'all 500 events');
    expect(events.map((event) => event.seq)).toEqual(recorded.map((event) => event.seq));
    expect(events.map((event) => event.payload.n)).toEqual(recorded.map((_, n) => n));
    expect(events[250]?.payload.big).toHaveLength(10_000);
  });
});

describe('across instances (PostgreSQL LISTEN/NOTIFY)', () => {
  let other: App | undefined;
  beforeAll(async () => {
    other = (await createTestApp(t.db, ENV)).app;
  });
  afterAll(async () => {
    await other?.close();
  });

  it('an event published through instance A reaches a socket on instance B, and a large one too', async () => {
    await listen(t.app);
    const urlB = await listen(other!);
    const alice = await person(t.app);
    const socket = await open(urlB, alice.session.access_token);
    const events = collect(socket);
    expect((await subscribe(socket, { topic: alice.topic })).ok).toBe(true);
    await t.app.realtime.publish({ topic: alice.topic, type: 'small', payload: { via: 'A' } });
    // Over the NOTIFY size limit: travels as a reference and is read from realtime_events.
    const big = 'x'.repeat(20_000);
    await t.app.realtime.publish({ topic: alice.topic, type: 'large', payload: { big } });
    await waitFor(() => events.length === 2, 'both events on instance B');
    expect(events.map((event) => [event.seq, event.type])).toEqual([
      [1, 'small'],
      [2, 'large'],
    ]);
    expect(events[1]?.payload.big).toBe(big);
  });
});

// The project never needs Redis: this runs only where the CI leg with a shared server sets TEST_REDIS_URL.
// eslint-disable-next-line no-restricted-properties -- a test-environment switch, not app configuration
const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

describe('shutting down', () => {
  it('app.close() disconnects connected sockets and finishes promptly', async () => {
    const { app } = await createTestApp(t.db, ENV);
    const url = await listen(app);
    const alice = await person(app);
    const socket = await open(url, alice.session.access_token);
    const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await reason).toMatch(/io server disconnect|transport close/);
  });
});

describe('the LISTEN connection', () => {
  it('comes back after PostgreSQL drops it, and delivery resumes', async () => {
    const url = await listen(t.app);
    const alice = await person(t.app);
    const socket = await open(url, alice.session.access_token);
    const events = collect(socket);
    await subscribe(socket, { topic: alice.topic });
    const killed = await t.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where application_name = 'wellspring-realtime' and datname = current_database()`,
    );
    expect(killed.rowCount).toBeGreaterThan(0);
    await waitFor(() => t.logs.text().includes('LISTEN connection lost'), 'the drop to be logged');
    // Published while the listener is away: recorded, and replayed to a tab that resubscribes.
    const during = await t.app.realtime.publish({ topic: alice.topic, type: 'during', payload: {} });
    const ack = await subscribe(socket, { topic: alice.topic, after_seq: during.seq - 1 });
    expect(ack.ok && ack.missed.map((event) => event.type)).toEqual(['during']);
    // Once it is back, live delivery works again.
    // Publish every 500 ms until one arrives live (the listener reconnects after a short backoff).
    let after = 0;
    await waitFor(
      () => {
        if (events.some((event) => event.type === 'after')) return true;
        if (after === 0 || Date.now() - after > 500) {
          after = Date.now();
          void t.app.realtime.publish({ topic: alice.topic, type: 'after', payload: {} });
        }
        return false;
      },
      'live delivery after the reconnect',
      15_000,
    );
  });
});

describe.skipIf(!TEST_REDIS_URL)('across instances (Redis; skipped unless TEST_REDIS_URL is set)', () => {
  let a: App | undefined;
  let b: App | undefined;
  beforeAll(async () => {
    const env = { ...ENV, REDIS_URL: TEST_REDIS_URL ?? '' };
    a = (await createTestApp(t.db, env)).app;
    b = (await createTestApp(t.db, env)).app;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('an event published through instance A reaches a socket on instance B', async () => {
    await listen(a!);
    const urlB = await listen(b!);
    const alice = await person(a!);
    const socket = await open(urlB, alice.session.access_token);
    const events = collect(socket);
    expect((await subscribe(socket, { topic: alice.topic })).ok).toBe(true);
    await a!.realtime.publish({
      topic: alice.topic,
      type: 'via-redis',
      payload: { big: 'y'.repeat(20_000) },
    });
    await waitFor(() => events.length === 1, 'the event on instance B');
    expect(events[0]).toMatchObject({ topic: alice.topic, seq: 1, type: 'via-redis' });
  });
});
