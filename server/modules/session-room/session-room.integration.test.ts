import { createHmac, randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandReply } from '#contracts/realtime';
import {
  SESSION_ROOM_COMMANDS,
  SESSION_ROOM_EVENTS,
  rtcConfigSchema,
  rtcSignalEventSchema,
} from '#contracts/session-room';
import { SESSION_EVENTS, acceptResponseSchema, sessionEventPayloadSchema } from '#contracts/sessions';
import { signUpWithRole } from '#test/support/auth';
import { insertCoach, insertClient } from '#test/factories/people';
import { postSessionRequest, buildSessionRequestBody } from '#test/factories/sessions';
import { collectEvents, listen, socketPool, waitUntil } from '#test/support/sockets';
import { useTestApp } from '#test/support/test-app';

const ORIGIN = 'http://app.test';
const TURN_SECRET = 'a-shared-secret-for-coturn';
const t = useTestApp({
  REALTIME_ALLOWED_ORIGINS: ORIGIN,
  RATE_LIMIT_MAX: '100000',
  AUTH_RATE_LIMIT_MAX: '100000',
  RTC_STUN_URLS: 'stun:turn.example.test:3478',
  RTC_TURN_URLS: 'turn:turn.example.test:3478?transport=udp',
  RTC_TURN_SECRET: TURN_SECRET,
});
const sockets = socketPool();
afterEach(() => sockets.closeAll());

/** A live session made the real way: a funded client's request, the coach's accept. */
async function liveSession() {
  const coach = await insertCoach(t.app, t.pool);
  const client = await insertClient(t.app, t.pool, 10_000);
  const created = await postSessionRequest(t.app, client.session, buildSessionRequestBody(coach.id));
  expect(created.statusCode, created.body).toBe(201);
  const accepted = await t.call(coach.session, 'POST', `/api/session-requests/${created.json().id}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { coach, client, sessionId: acceptResponseSchema.parse(accepted.json()).session.id };
}

const command = (socket: Socket, name: string, payload: unknown) =>
  socket.timeout(5_000).emitWithAck(name, payload) as Promise<CommandReply>;

const join = (socket: Socket, sessionId: string) =>
  command(socket, SESSION_ROOM_COMMANDS.join, { session_id: sessionId });

async function flags(sessionId: string) {
  const result = await t.pool.query<{
    coach_present: boolean;
    client_present: boolean;
    timer_started: boolean;
    timer_started_at: Date | null;
    start_time: Date;
  }>(
    'select coach_present, client_present, timer_started, timer_started_at, start_time from chat_sessions where id = $1',
    [sessionId],
  );
  return result.rows[0]!;
}

/** Lets time pass on the app's clock with the gateway sweeping every 5 s, as it does for real. */
async function pass(ms: number) {
  for (let left = ms; left > 0; left -= 5_000) {
    t.clock.advance(Math.min(5_000, left));
    await t.app.realtimeGateway!.sweep();
  }
}

async function tab(url: string, token: string) {
  const socket = await sockets.open(url, token, ORIGIN);
  return socket;
}

describe('presence in the session room', () => {
  it('keeps coach_present and client_present from who has the room open, and starts the timer when both are', async () => {
    const url = await listen(t.app);
    const { coach, client, sessionId } = await liveSession();
    // Accepting leaves the coach marked present (SPEC §4); until the coach's tab joins, nobody is in the room.
    const coachTab = await tab(url, coach.session.access_token);
    const coachEvents = collectEvents(coachTab);
    await coachTab.timeout(5_000).emitWithAck('subscribe', { topic: `user:${coach.id}` });

    const joined = await join(coachTab, sessionId);
    expect(joined).toMatchObject({ ok: true, session: { id: sessionId, coach_present: true } });
    expect(await flags(sessionId)).toMatchObject({
      coach_present: true,
      client_present: false,
      timer_started: false,
    });

    await pass(90_000); // the client takes a minute and a half to arrive
    const clientTab = await tab(url, client.session.access_token);
    expect(await join(clientTab, sessionId)).toMatchObject({
      ok: true,
      session: { client_present: true, coach_present: true, timer_started: true },
    });
    const started = await flags(sessionId);
    expect(started).toMatchObject({ coach_present: true, client_present: true, timer_started: true });
    // The booked minutes count from the moment both are present.
    expect(started.timer_started_at?.toISOString()).toBe(t.clock.now().toISOString());
    expect(started.start_time.toISOString()).toBe(t.clock.now().toISOString());
    await waitUntil(
      () =>
        coachEvents.some(
          (event) =>
            event.type === SESSION_EVENTS.sessionUpdated &&
            sessionEventPayloadSchema.parse(event.payload).session.timer_started,
        ),
      "the coach's tab hearing that the timer started",
    );

    // The client's tab closes: the client is no longer present; the timer keeps running.
    clientTab.disconnect();
    await waitUntil(async () => !(await flags(sessionId)).client_present, 'client_present to clear');
    expect(await flags(sessionId)).toMatchObject({ coach_present: true, timer_started: true });
    expect((await flags(sessionId)).timer_started_at?.toISOString()).toBe(
      started.timer_started_at?.toISOString(),
    );

    // Back again: present again, the timer is not restarted.
    await pass(60_000);
    const again = await tab(url, client.session.access_token);
    await join(again, sessionId);
    const back = await flags(sessionId);
    expect(back).toMatchObject({ client_present: true, timer_started: true });
    expect(back.start_time.toISOString()).toBe(started.start_time.toISOString());

    // The coach leaves the room explicitly (the socket stays for other pages).
    expect(await command(coachTab, SESSION_ROOM_COMMANDS.leave, { session_id: sessionId })).toEqual({
      ok: true,
    });
    expect(await flags(sessionId)).toMatchObject({ coach_present: false, client_present: true });
  });

  it('counts a party present while any of their tabs has the room open', async () => {
    const url = await listen(t.app);
    const { coach, sessionId } = await liveSession();
    const first = await tab(url, coach.session.access_token);
    const second = await tab(url, coach.session.access_token);
    await join(first, sessionId);
    await join(second, sessionId);
    first.disconnect();
    await waitUntil(
      async () =>
        (await t.pool.query('select 1 from session_presence where session_id = $1', [sessionId])).rowCount ===
        1,
      'one row left',
    );
    expect(await flags(sessionId)).toMatchObject({ coach_present: true });
    second.disconnect();
    await waitUntil(async () => !(await flags(sessionId)).coach_present, 'coach_present to clear');
  });

  it('gets both flags right when both parties join at the same moment, again and again', async () => {
    const url = await listen(t.app);
    for (let round = 0; round < 5; round += 1) {
      const { coach, client, sessionId } = await liveSession();
      const [coachTab, clientTab] = await Promise.all([
        tab(url, coach.session.access_token),
        tab(url, client.session.access_token),
      ]);
      const replies = await Promise.all([join(coachTab, sessionId), join(clientTab, sessionId)]);
      expect(replies.every((reply) => reply.ok)).toBe(true);
      expect(await flags(sessionId)).toMatchObject({
        coach_present: true,
        client_present: true,
        timer_started: true,
      });
      coachTab.disconnect();
      clientTab.disconnect();
      // Close them together too: nobody is left present.
      await waitUntil(async () => {
        const now = await flags(sessionId);
        return !now.coach_present && !now.client_present;
      }, 'both flags to clear');
    }
  });

  it('forgets the rows of a stopped instance on the next sweep', async () => {
    const url = await listen(t.app);
    const { coach, client, sessionId } = await liveSession();
    const coachTab = await tab(url, coach.session.access_token);
    await join(coachTab, sessionId);
    // A tab of the client on an instance that stopped 40 s ago without cleaning up.
    await t.pool.query(
      `insert into session_presence (socket_id, instance_id, session_id, user_id, side, joined_at, seen_at)
       values ('gone-socket', 'gone-instance', $1, $2, 'client', $3, $3)`,
      [sessionId, client.id, new Date(t.clock.now().getTime() - 40_000)],
    );
    await t.pool.query('update chat_sessions set client_present = true where id = $1', [sessionId]);
    await t.app.realtimeGateway!.sweep();
    expect(await flags(sessionId)).toMatchObject({ coach_present: true, client_present: false });
    const left = await t.pool.query('select socket_id from session_presence where session_id = $1', [
      sessionId,
    ]);
    expect(left.rows.map((row: { socket_id: string }) => row.socket_id)).toEqual([coachTab.id]);
  });

  it('refuses someone who is not a party, a malformed command, and records nothing for a completed session', async () => {
    const url = await listen(t.app);
    const { coach, sessionId } = await liveSession();
    const stranger = await signUpWithRole(t.app, 'client', { fullName: 'Sam Stranger' });
    const strangerTab = await tab(url, stranger.access_token);
    expect(await join(strangerTab, sessionId)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await join(strangerTab, randomUUID())).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await command(strangerTab, SESSION_ROOM_COMMANDS.join, { session_id: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_ERROR' },
    });

    const coachTab = await tab(url, coach.session.access_token);
    const ended = await t.call(coach.session, 'POST', `/api/sessions/${sessionId}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    const reply = await join(coachTab, sessionId);
    expect(reply).toMatchObject({ ok: true, session: { status: 'completed' } });
    expect(
      (await t.pool.query('select 1 from session_presence where session_id = $1', [sessionId])).rowCount,
    ).toBe(0);
  });
});

describe('call signalling', () => {
  it("relays a party's signal to the other party's own topic, never back to the sender", async () => {
    const url = await listen(t.app);
    const { coach, client, sessionId } = await liveSession();
    const coachTab = await tab(url, coach.session.access_token);
    const clientTab = await tab(url, client.session.access_token);
    const coachEvents = collectEvents(coachTab);
    const clientEvents = collectEvents(clientTab);
    await coachTab.timeout(5_000).emitWithAck('subscribe', { topic: `user:${coach.id}` });
    await clientTab.timeout(5_000).emitWithAck('subscribe', { topic: `user:${client.id}` });

    const ready = { kind: 'ready', from: 'client-peer-1' };
    expect(
      await command(clientTab, SESSION_ROOM_COMMANDS.signal, { session_id: sessionId, signal: ready }),
    ).toEqual({
      ok: true,
    });
    // A large offer (a real SDP is a few KB: beyond what one NOTIFY carries, so it travels by reference).
    const offer = {
      kind: 'description',
      from: 'coach-peer-1',
      to: 'client-peer-1',
      description: {
        type: 'offer',
        sdp: `v=0\r\n${'a=candidate:1 1 udp 2122260223 127.0.0.1 5000 typ host\r\n'.repeat(150)}`,
      },
    };
    expect(offer.description.sdp.length).toBeGreaterThan(7_000);
    expect(
      await command(coachTab, SESSION_ROOM_COMMANDS.signal, { session_id: sessionId, signal: offer }),
    ).toEqual({
      ok: true,
    });

    const signalsOf = (events: typeof coachEvents) =>
      events
        .filter((event) => event.type === SESSION_ROOM_EVENTS.signal)
        .map((event) => rtcSignalEventSchema.parse(event.payload));
    await waitUntil(
      () => signalsOf(coachEvents).length === 1 && signalsOf(clientEvents).length === 1,
      'both signals',
    );
    expect(signalsOf(coachEvents)).toEqual([
      { session_id: sessionId, from_user_id: client.id, signal: ready },
    ]);
    expect(signalsOf(clientEvents)).toEqual([
      { session_id: sessionId, from_user_id: coach.id, signal: offer },
    ]);
  });

  it('refuses malformed signals, strangers and a session that has ended', async () => {
    const url = await listen(t.app);
    const { coach, sessionId } = await liveSession();
    const coachTab = await tab(url, coach.session.access_token);
    const send = (socket: Socket, signal: unknown, id = sessionId) =>
      command(socket, SESSION_ROOM_COMMANDS.signal, { session_id: id, signal });
    expect(await send(coachTab, { kind: 'offer', sdp: 'x' })).toMatchObject({
      error: { code: 'VALIDATION_ERROR' },
    });
    expect(await send(coachTab, { kind: 'ready', from: 'no' })).toMatchObject({
      error: { code: 'VALIDATION_ERROR' },
    });
    expect(await send(coachTab, { kind: 'ready', from: 'coach-peer-1', extra: true })).toMatchObject({
      error: { code: 'VALIDATION_ERROR' },
    });

    const stranger = await signUpWithRole(t.app, 'coach', { fullName: 'Sam Stranger' });
    const strangerTab = await tab(url, stranger.access_token);
    expect(await send(strangerTab, { kind: 'ready', from: 'stranger-peer' })).toMatchObject({
      error: { code: 'NOT_FOUND' },
    });

    await t.call(coach.session, 'POST', `/api/sessions/${sessionId}/end`);
    expect(await send(coachTab, { kind: 'bye', from: 'coach-peer-1' })).toMatchObject({
      error: { code: 'CONFLICT' },
    });
  });
});

describe('ICE servers', () => {
  it('gives each party STUN and time-limited TURN credentials coturn can check, and nobody else anything', async () => {
    const { coach, client, sessionId } = await liveSession();
    for (const party of [coach, client]) {
      const response = await t.call(party.session, 'GET', `/api/sessions/${sessionId}/rtc`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const config = rtcConfigSchema.parse(response.json());
      const expiry = Math.floor(t.clock.now().getTime() / 1000) + 12 * 3600;
      const username = `${expiry}:${party.id}`;
      expect(config).toEqual({
        ice_servers: [
          { urls: ['stun:turn.example.test:3478'] },
          {
            urls: ['turn:turn.example.test:3478?transport=udp'],
            username,
            credential: createHmac('sha1', TURN_SECRET).update(username).digest('base64'),
          },
        ],
        expires_at: new Date(expiry * 1000).toISOString(),
      });
    }
    const stranger = await signUpWithRole(t.app, 'client', { fullName: 'Sam Stranger' });
    expect((await t.call(stranger, 'GET', `/api/sessions/${sessionId}/rtc`)).statusCode).toBe(404);
  });
});
