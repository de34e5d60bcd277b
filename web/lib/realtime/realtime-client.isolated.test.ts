import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BROADCAST_TOPIC, REALTIME_PATH } from '#contracts/realtime';
import type { AuthClient, AuthEvent, AuthState } from '../auth/auth-client';
import { GAP_WAIT_MS, IDLE_DISCONNECT_MS, createRealtimeClient } from './realtime-client';
import { realtimeClientFor } from './realtime-for-auth';
import { expectConsoleWarn } from '#test/setup/console-guard';
import { createFakeSockets, event } from '#web/test/fake-socket';

const sockets = vi.hoisted(() => ({
  current: undefined as ReturnType<typeof createFakeSockets> | undefined,
}));
vi.mock('socket.io-client', () => ({
  io: (options: never) => sockets.current!.create(options),
}));

const A = 'user:00000000-0000-4000-8000-00000000000a';
const B = 'user:00000000-0000-4000-8000-00000000000b';

let fakes: ReturnType<typeof createFakeSockets>;
let token: string | null;
let refreshes: number;

beforeEach(() => {
  fakes = createFakeSockets();
  sockets.current = fakes;
  token = 'token-1';
  refreshes = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setup() {
  return createRealtimeClient({
    getAccessToken: () => token,
    refreshAccessToken: async () => {
      refreshes += 1;
      token = `token-${refreshes + 1}`;
    },
  });
}

/** A subscriber that records the seqs it received and how often it was told to resync. */
function recorder() {
  const seqs: number[] = [];
  const handlers = { onEvent: vi.fn((e: { seq: number }) => seqs.push(e.seq)), onResync: vi.fn() };
  return { seqs, handlers };
}

describe('one socket per tab', () => {
  it('connects lazily on the first subscription, then shares one socket and one server subscription per topic', () => {
    const client = setup();
    expect(fakes.all).toHaveLength(0);
    expect(client.getSnapshot()).toEqual({ connection: 'idle', topicCount: 0 });

    const first = recorder();
    const second = recorder();
    const other = recorder();
    const offFirst = client.subscribe(A, first.handlers);
    const offSecond = client.subscribe(A, second.handlers);
    const offOther = client.subscribe(B, other.handlers);

    expect(fakes.all).toHaveLength(1);
    const socket = fakes.last;
    expect(socket.options).toMatchObject({ path: REALTIME_PATH, transports: ['websocket'] });
    expect(socket.connectCalls).toBe(1);
    expect(client.getSnapshot()).toEqual({ connection: 'connecting', topicCount: 2 });

    socket.accept();
    expect(client.getSnapshot().connection).toBe('connected');
    expect(socket.subscribes().map((e) => e.payload)).toEqual([{ topic: A }, { topic: B }]);

    socket.ack(A, { seq: 0 });
    socket.ack(B, { seq: 3 });
    socket.push(A, 1);
    socket.push(B, 4);
    expect(first.seqs).toEqual([1]);
    expect(second.seqs).toEqual([1]);
    expect(other.seqs).toEqual([4]);

    // The topic stays on the server while one subscriber holds it.
    offFirst();
    expect(socket.emitted.filter((e) => e.event === 'unsubscribe')).toHaveLength(0);
    socket.push(A, 2);
    expect(first.seqs).toEqual([1]);
    expect(second.seqs).toEqual([1, 2]);
    offSecond();
    expect(socket.emitted.filter((e) => e.event === 'unsubscribe').map((e) => e.payload)).toEqual([
      { topic: A },
    ]);
    expect(client.getSnapshot().topicCount).toBe(1);

    // A subscription made while connected goes straight to the server on the same socket.
    client.subscribe(A, recorder().handlers);
    expect(fakes.all).toHaveLength(1);
    expect(socket.subscribes(A)).toHaveLength(2);
    offOther();
  });

  it('closes the socket shortly after the last topic goes, and opens it again for the next one', () => {
    vi.useFakeTimers();
    const client = setup();
    const off = client.subscribe(A, recorder().handlers);
    const socket = fakes.last;
    socket.accept();
    off();
    expect(socket.connected).toBe(true);
    vi.advanceTimersByTime(IDLE_DISCONNECT_MS);
    expect(socket.connected).toBe(false);
    expect(client.getSnapshot()).toEqual({ connection: 'idle', topicCount: 0 });

    client.subscribe(B, recorder().handlers);
    expect(fakes.all).toHaveLength(1);
    expect(socket.connectCalls).toBe(2);
  });

  it('waits for a token before connecting', () => {
    token = null;
    const client = setup();
    client.subscribe(A, recorder().handlers);
    expect(fakes.all).toHaveLength(0);
    token = 'token-1';
    client.sessionChanged({ userChanged: false });
    expect(fakes.last.connectCalls).toBe(1);
    expect(fakes.last.tokens).toEqual(['token-1']);
  });
});

describe('ordering by seq', () => {
  it('applies events strictly in seq order, each once, and fills a short gap from the buffer', () => {
    const client = setup();
    const sub = recorder();
    client.subscribe(A, sub.handlers);
    const socket = fakes.last;
    socket.accept();
    // Events that arrive before the ack: up to the ack's seq they are in the snapshot already.
    socket.push(A, 5);
    socket.push(A, 6);
    expect(sub.seqs).toEqual([]);
    socket.ack(A, { seq: 5 });
    expect(sub.seqs).toEqual([6]);
    // The first subscription's refetch (its own test below); what follows must add none.
    sub.handlers.onResync.mockClear();

    socket.push(A, 6); // a duplicate
    socket.push(A, 4); // an old one
    socket.push(A, 8); // ahead of a gap: waits
    expect(sub.seqs).toEqual([6]);
    socket.push(A, 7);
    expect(sub.seqs).toEqual([6, 7, 8]);
    socket.push(A, 8);
    socket.push(A, 9);
    expect(sub.seqs).toEqual([6, 7, 8, 9]);
    expect(sub.handlers.onResync).not.toHaveBeenCalled();
  });

  it('ignores malformed events and events of topics it does not hold', () => {
    const client = setup();
    const sub = recorder();
    client.subscribe(A, sub.handlers);
    const socket = fakes.last;
    socket.accept();
    socket.ack(A, { seq: 0 });
    socket.fire('event', { topic: A, seq: 'one' });
    socket.push(B, 1);
    socket.push(A, 1);
    expect(sub.seqs).toEqual([1]);
  });

  it('a gap that does not fill in time: the later events are applied and the subscribers resync', () => {
    vi.useFakeTimers();
    const client = setup();
    const sub = recorder();
    client.subscribe(A, sub.handlers);
    const socket = fakes.last;
    socket.accept();
    socket.ack(A, { seq: 1 });
    // The first subscription's refetch (its own test below); what follows must add none.
    sub.handlers.onResync.mockClear();
    socket.push(A, 2);
    socket.push(A, 4);
    socket.push(A, 5);
    vi.advanceTimersByTime(GAP_WAIT_MS - 1);
    expect(sub.seqs).toEqual([2]);
    expect(sub.handlers.onResync).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(sub.seqs).toEqual([2, 4, 5]);
    expect(sub.handlers.onResync).toHaveBeenCalledTimes(1);
    // The late event is dropped: the snapshot the subscriber refetches includes it.
    socket.push(A, 3);
    socket.push(A, 6);
    expect(sub.seqs).toEqual([2, 4, 5, 6]);
  });

  it('one failing subscriber does not stop the others', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = setup();
    const sub = recorder();
    client.subscribe(A, {
      onEvent: () => {
        throw new Error('boom');
      },
    });
    client.subscribe(A, sub.handlers);
    const socket = fakes.last;
    socket.accept();
    socket.ack(A, { seq: 0 });
    socket.push(A, 1);
    socket.push(A, 2);
    expect(sub.seqs).toEqual([1, 2]);
  });

  it('passes a refused subscription to onError', () => {
    const client = setup();
    const onError = vi.fn();
    client.subscribe(A, { onEvent: vi.fn(), onError });
    const socket = fakes.last;
    socket.accept();
    socket.ack(A, { error: 'FORBIDDEN' });
    expect(onError).toHaveBeenCalledWith({ code: 'FORBIDDEN', message: 'Refused.' });
  });
});

describe('reconnect and resync', () => {
  it('the first subscription of a topic with events: the subscribers refetch once, since their snapshot may predate the ack', () => {
    const client = setup();
    const sub = recorder();
    client.subscribe(A, sub.handlers);
    const socket = fakes.last;
    socket.accept();
    // The subscriber fetched its snapshot when it mounted; event 3 (say, a request accepted while the
    // tab was loading) was recorded after that answer and before this ack, so it is in neither.
    socket.ack(A, { seq: 3 });
    expect(sub.handlers.onResync).toHaveBeenCalledTimes(1);
    expect(sub.seqs).toEqual([]);
    socket.push(A, 4);
    expect(sub.seqs).toEqual([4]);
    expect(sub.handlers.onResync).toHaveBeenCalledTimes(1);
    // A reconnect that replays everything missed needs no refetch.
    socket.drop('transport close');
    socket.reconnectByManager();
    socket.ack(A, { seq: 5, missed: [event(A, 5)] });
    expect(sub.seqs).toEqual([4, 5]);
    expect(sub.handlers.onResync).toHaveBeenCalledTimes(1);
  });

  it('the first subscription of a topic that never had an event: nothing can be missed, no refetch', () => {
    const client = setup();
    const sub = recorder();
    client.subscribe(A, sub.handlers);
    const socket = fakes.last;
    socket.accept();
    socket.ack(A, { seq: 0 });
    socket.push(A, 1);
    expect(sub.seqs).toEqual([1]);
    expect(sub.handlers.onResync).not.toHaveBeenCalled();
  });

  it('resubscribes every topic with after_seq and applies the missed events, then live ones, once', () => {
    const client = setup();
    const a = recorder();
    const b = recorder();
    client.subscribe(A, a.handlers);
    client.subscribe(B, b.handlers);
    const socket = fakes.last;
    socket.accept();
    socket.ack(A, { seq: 2 });
    socket.ack(B, { seq: 0 });
    // The first subscription's refetch (its own test below); what follows must add none.
    a.handlers.onResync.mockClear();
    socket.push(A, 3);

    socket.drop('transport close');
    expect(client.getSnapshot().connection).toBe('reconnecting');
    socket.reconnectByManager();
    expect(
      socket
        .subscribes()
        .slice(2)
        .map((e) => e.payload),
    ).toEqual([
      { topic: A, after_seq: 3 },
      { topic: B, after_seq: 0 },
    ]);
    // A live event that overtakes the ack waits for it.
    socket.push(A, 6);
    socket.ack(A, { seq: 5, missed: [event(A, 4), event(A, 5)] });
    socket.ack(B, { seq: 0 });
    socket.push(A, 5);
    socket.push(A, 7);
    expect(a.seqs).toEqual([3, 4, 5, 6, 7]);
    expect(a.handlers.onResync).not.toHaveBeenCalled();
    expect(b.handlers.onResync).not.toHaveBeenCalled();
  });

  it('complete:false: the subscribers resync, then events after the ack seq apply', () => {
    const client = setup();
    const sub = recorder();
    client.subscribe(A, sub.handlers);
    const socket = fakes.last;
    socket.accept();
    socket.ack(A, { seq: 1 });
    // The first subscription's refetch (its own test below); what follows must add none.
    sub.handlers.onResync.mockClear();
    socket.push(A, 2);
    socket.drop('ping timeout');
    socket.reconnectByManager();
    expect(socket.subscribes(A).at(-1)?.payload).toEqual({ topic: A, after_seq: 2 });
    socket.ack(A, { seq: 900, missed: [], complete: false });
    expect(sub.handlers.onResync).toHaveBeenCalledTimes(1);
    socket.push(A, 900);
    socket.push(A, 901);
    expect(sub.seqs).toEqual([2, 901]);
  });

  it('ignores an ack from before the line dropped', () => {
    const client = setup();
    const sub = recorder();
    client.subscribe(A, sub.handlers);
    const socket = fakes.last;
    socket.accept();
    const stale = socket.subscribes(A)[0]!;
    socket.drop('transport close');
    socket.reconnectByManager();
    stale.ack?.({ ok: true, topic: A, seq: 50, missed: [], complete: true });
    socket.ack(A, { seq: 3 });
    socket.push(A, 4);
    expect(sub.seqs).toEqual([4]);
  });

  it('reads the current token on every handshake', () => {
    const client = setup();
    client.subscribe(A, recorder().handlers);
    const socket = fakes.last;
    socket.accept();
    token = 'token-after-refresh';
    socket.drop('transport close');
    socket.reconnectByManager();
    expect(socket.tokens).toEqual(['token-1', 'token-after-refresh']);
  });

  it("after 'io server disconnect' (token expired) it refreshes the token and reconnects with it", async () => {
    vi.useFakeTimers();
    const client = setup();
    const sub = recorder();
    client.subscribe(A, sub.handlers);
    const socket = fakes.last;
    socket.accept();
    socket.ack(A, { seq: 0 });
    socket.push(A, 1);

    socket.drop('io server disconnect');
    expect(client.getSnapshot().connection).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshes).toBe(1);
    expect(socket.connectCalls).toBe(2);
    expect(socket.tokens).toEqual(['token-1', 'token-2']);
    socket.accept();
    expect(socket.subscribes(A).at(-1)?.payload).toEqual({ topic: A, after_seq: 1 });
  });

  it('a refused handshake (UNAUTHENTICATED) retries with a fresh token, backing off', async () => {
    vi.useFakeTimers();
    const client = setup();
    client.subscribe(A, recorder().handlers);
    const socket = fakes.last;
    socket.refuse('UNAUTHENTICATED');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(socket.connectCalls).toBe(2);
    socket.refuse('UNAUTHENTICATED');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(socket.connectCalls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.connectCalls).toBe(3);
    expect(socket.tokens).toEqual(['token-1', 'token-2', 'token-3']);
    socket.accept();
    expect(client.getSnapshot().connection).toBe('connected');
  });
});

describe('why it is not connected', () => {
  it('a refusal other than the token (an unknown Origin) keeps its reason, retries without a refresh, and clears on connect', async () => {
    expectConsoleWarn(/The realtime connection was refused/);
    vi.useFakeTimers();
    const client = setup();
    client.subscribe(A, recorder().handlers);
    const socket = fakes.last;
    const why = 'This address (http://127.0.0.1:3000) is not allowed to receive live updates.';
    socket.refuse('FORBIDDEN', why);
    expect(client.getSnapshot()).toEqual({ connection: 'reconnecting', topicCount: 1, reason: why });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(socket.connectCalls).toBe(2);
    // Retrying the Origin with a new token would not help: the refresh budget is left alone.
    expect(refreshes).toBe(0);
    // A transport failure meanwhile does not forget what the server said.
    socket.failTransport();
    expect(client.getSnapshot().reason).toBe(why);
    socket.accept();
    expect(client.getSnapshot()).toEqual({ connection: 'connected', topicCount: 1 });
  });

  it('a blocked transport is "reconnecting" with no reason; Socket.IO retries by itself', () => {
    const client = setup();
    client.subscribe(A, recorder().handlers);
    fakes.last.failTransport();
    expect(client.getSnapshot()).toEqual({ connection: 'reconnecting', topicCount: 1 });
    expect(client.getSnapshot().reason).toBeUndefined();
  });
});

describe('sign-out', () => {
  function fakeAuth() {
    let state: AuthState = {
      status: 'signed_in',
      accessToken: 'token-1',
      expiresAt: null,
      user: { id: 'user-1' } as AuthState['user'],
      endReason: null,
    };
    const listeners = new Set<(event: AuthEvent, state: AuthState) => void>();
    const auth = {
      getState: () => state,
      subscribe: (listener: (event: AuthEvent, state: AuthState) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      refresh: vi.fn(async () => undefined),
    };
    const emit = (event: AuthEvent, next: Partial<AuthState>) => {
      state = { ...state, ...next };
      for (const listener of listeners) listener(event, state);
    };
    return { auth: auth as unknown as AuthClient, emit };
  }

  it('closes the socket on sign-out and does not reconnect; a new sign-in connects with its token', async () => {
    vi.useFakeTimers();
    const { auth, emit } = fakeAuth();
    const client = realtimeClientFor(auth);
    expect(realtimeClientFor(auth)).toBe(client);
    const sub = recorder();
    client.subscribe(A, sub.handlers);
    const socket = fakes.last;
    expect(socket.tokens).toEqual(['token-1']);
    socket.accept();
    socket.ack(A, { seq: 4 });

    emit('SIGNED_OUT', { status: 'signed_out', accessToken: null, user: null });
    expect(socket.connected).toBe(false);
    expect(client.getSnapshot().connection).toBe('idle');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(socket.connectCalls).toBe(1);

    emit('SIGNED_IN', {
      status: 'signed_in',
      accessToken: 'token-9',
      user: { id: 'user-2' } as AuthState['user'],
    });
    expect(socket.connectCalls).toBe(2);
    expect(socket.tokens).toEqual(['token-1', 'token-9']);
    socket.accept();
    // What the previous person had applied is forgotten.
    expect(socket.subscribes(A).at(-1)?.payload).toEqual({ topic: A });
  });

  it('a token refresh keeps the connection', () => {
    const { auth, emit } = fakeAuth();
    const client = realtimeClientFor(auth);
    client.subscribe(A, recorder().handlers);
    const socket = fakes.last;
    socket.accept();
    emit('TOKEN_REFRESHED', { accessToken: 'token-2' });
    expect(socket.connected).toBe(true);
    expect(socket.connectCalls).toBe(1);
  });
});

describe('the public broadcast topic', () => {
  it('hands its events to broadcast listeners without a subscription or a channel, in arrival order', () => {
    const client = setup();
    const heard: unknown[] = [];
    const off = client.onBroadcast((e) => heard.push(e.payload));
    client.subscribe(A, recorder().handlers);
    const socket = fakes.last;
    socket.accept();
    const broadcast = (seq: number, payload: Record<string, unknown>) =>
      socket.fire('event', {
        topic: BROADCAST_TOPIC,
        seq,
        type: 'coach_presence.changed',
        payload,
        created_at: new Date(0).toISOString(),
      });
    broadcast(7, { n: 1 });
    broadcast(5, { n: 2 });
    expect(heard).toEqual([{ n: 1 }, { n: 2 }]);
    // It is not one of the tab's channels (SPEC §9 counts subscribed topics only).
    expect(client.getSnapshot().topicCount).toBe(1);
    expect(socket.subscribes().map((e) => e.payload)).toEqual([{ topic: A }]);
    off();
    broadcast(8, { n: 3 });
    expect(heard).toHaveLength(2);
  });
});

describe('commands', () => {
  it('sends a command with the payload and resolves with the server reply', async () => {
    const client = setup();
    client.subscribe(A, recorder().handlers);
    const socket = fakes.last;
    socket.accept();
    const pending = client.command('session.join', { session_id: 'x' });
    const sent = socket.emitted.find((e) => e.event === 'session.join');
    expect(sent?.payload).toEqual({ session_id: 'x' });
    sent?.ack?.({ ok: true, session: { id: 'x' } });
    await expect(pending).resolves.toEqual({ ok: true, session: { id: 'x' } });

    const refused = client.command('session.join', { session_id: 'y' });
    socket.emitted
      .filter((e) => e.event === 'session.join')[1]
      ?.ack?.({ ok: false, error: { code: 'NOT_FOUND', message: 'This session could not be found.' } });
    await expect(refused).resolves.toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'This session could not be found.' },
    });
  });

  it('answers an error at once when not connected, and when the server does not answer in time', async () => {
    vi.useFakeTimers();
    const client = setup();
    await expect(client.command('session.join', {})).resolves.toMatchObject({ ok: false });
    client.subscribe(A, recorder().handlers);
    fakes.last.accept();
    const unanswered = client.command('session.join', {}, 1_000);
    vi.advanceTimersByTime(1_000);
    await expect(unanswered).resolves.toMatchObject({ ok: false, error: { code: 'INTERNAL_ERROR' } });
  });

  it('runs onConnected now when connected and again on every reconnect, until unregistered', () => {
    const client = setup();
    client.subscribe(A, recorder().handlers);
    const socket = fakes.last;
    const connected = vi.fn();
    const off = client.onConnected(connected);
    expect(connected).not.toHaveBeenCalled();
    socket.accept();
    expect(connected).toHaveBeenCalledTimes(1);
    const late = vi.fn();
    client.onConnected(late);
    expect(late).toHaveBeenCalledTimes(1); // registering while connected runs it at once
    socket.drop('transport close');
    socket.reconnectByManager();
    expect(connected).toHaveBeenCalledTimes(2);
    expect(late).toHaveBeenCalledTimes(2);
    off();
    socket.drop('transport close');
    socket.reconnectByManager();
    expect(connected).toHaveBeenCalledTimes(2);
    expect(late).toHaveBeenCalledTimes(3);
  });
});
