import { io } from 'socket.io-client';
import {
  BROADCAST_TOPIC,
  REALTIME_PATH,
  commandReplySchema,
  realtimeErrorSchema,
  realtimeEventSchema,
  subscribeAckSchema,
  type CommandReply,
  type RealtimeError,
  type RealtimeEvent,
  type SubscribeRequest,
} from '#contracts/realtime';
import {
  clearGap,
  newTopicState,
  receiveAck,
  receiveEvent,
  safely,
  type RealtimeHandlers,
  type TopicState,
} from './topic-sequence';

export type { RealtimeHandlers } from './topic-sequence';

/**
 * The tab's one realtime connection (docs/decisions/003-realtime.md, protocol in contracts/realtime.ts).
 *
 * - Lazy: the socket opens with the first subscription and closes shortly after the last one goes, or
 *   at once when the tab signs out (`close()`).
 * - Every (re)connect reads the current access token (`auth` is a callback); after the server ends the
 *   connection ('io server disconnect', e.g. the token expired) or refuses it (UNAUTHENTICATED), the
 *   client refreshes the token and connects again with backoff.
 * - Several subscribers of one topic share one server subscription. The client remembers the last seq
 *   it applied per topic and resubscribes with `after_seq` on every (re)connect; the missed events,
 *   then live ones, are applied strictly by seq: a seq already applied is dropped, a gap is buffered for
 *   GAP_WAIT_MS and, if it does not fill (or the server says it replayed only part), the subscribers'
 *   `onResync` runs so they refetch their snapshot. It runs once after the first subscription of a topic
 *   that has events too: a snapshot fetched before that ack may miss an event recorded meanwhile.
 */

export type RealtimeConnection = 'idle' | 'connecting' | 'connected' | 'reconnecting';
export type RealtimeSnapshot = {
  connection: RealtimeConnection;
  topicCount: number;
  /** Why the server refused the last handshake, in its words, when it said (e.g. an unknown Origin). */
  reason?: string;
};

/** The part of a socket.io-client Socket this client uses (tests pass a fake). */
export type SocketLike = {
  readonly connected: boolean;
  /** True while Socket.IO itself will (re)connect; false after a server disconnect or a refusal. */
  readonly active: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
};
export type SocketFactory = (options: {
  path: string;
  transports: string[];
  autoConnect: boolean;
  auth: (callback: (data: { token: string | null }) => void) => void;
}) => SocketLike;

export type RealtimeClientOptions = {
  /** The current access token (null when signed out). Read on every (re)connect. */
  getAccessToken: () => string | null;
  /** Asks the auth layer for a fresh token after the server refused or ended the connection. */
  refreshAccessToken?: () => Promise<unknown>;
  createSocket?: SocketFactory;
  /** How long a gap in a topic's seq may stay open before the subscribers resync. */
  gapWaitMs?: number;
  /** How long the socket stays open after the last topic goes (route changes re-subscribe quickly). */
  idleDisconnectMs?: number;
};

/** How long a command waits for its reply. */
export const COMMAND_TIMEOUT_MS = 10_000;

const commandError = (code: RealtimeError['code'], message: string): CommandReply => ({
  ok: false,
  error: { code, message },
});

export const GAP_WAIT_MS = 2_000;
export const IDLE_DISCONNECT_MS = 1_000;
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

const defaultSocketFactory: SocketFactory = (options) => io(options);

export function createRealtimeClient(options: RealtimeClientOptions) {
  const createSocket = options.createSocket ?? defaultSocketFactory;
  const gapWaitMs = options.gapWaitMs ?? GAP_WAIT_MS;
  const idleDisconnectMs = options.idleDisconnectMs ?? IDLE_DISCONNECT_MS;
  const topics = new Map<string, TopicState>();
  const listeners = new Set<() => void>();
  const broadcastListeners = new Set<(event: RealtimeEvent) => void>();
  const connectedListeners = new Set<() => void>();
  let socket: SocketLike | undefined;
  let snapshot: RealtimeSnapshot = { connection: 'idle', topicCount: 0 };
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = RETRY_MIN_MS;
  /** False after close() until something subscribes again or the auth layer reports a session. */
  let wanted = true;

  function publish(
    connection: RealtimeConnection = snapshot.connection,
    reason: string | undefined = connection === 'reconnecting' ? snapshot.reason : undefined,
  ) {
    if (
      connection === snapshot.connection &&
      topics.size === snapshot.topicCount &&
      reason === snapshot.reason
    )
      return;
    snapshot =
      reason === undefined
        ? { connection, topicCount: topics.size }
        : { connection, topicCount: topics.size, reason };
    for (const listener of listeners) listener();
  }

  function onEvent(raw: unknown) {
    const parsed = realtimeEventSchema.safeParse(raw);
    if (!parsed.success) return;
    const event = parsed.data;
    if (event.topic === BROADCAST_TOPIC) {
      // Public facts for every tab, not a channel: no ordering (each carries the whole new state).
      for (const listener of [...broadcastListeners]) safely(() => listener(event));
      return;
    }
    const state = topics.get(event.topic);
    if (state) receiveEvent(state, event, gapWaitMs);
  }

  function sendSubscribe(topic: string, state: TopicState) {
    if (!socket?.connected) return;
    state.attempt += 1;
    state.pending = true;
    const attempt = state.attempt;
    // after_seq 0 too: the topic had no event when we first subscribed, so every event since is missed.
    const request: SubscribeRequest =
      state.lastSeq !== null ? { topic, after_seq: state.lastSeq } : { topic };
    socket.emit('subscribe', request, (raw: unknown) => onAck(topic, attempt, raw));
  }

  function onAck(topic: string, attempt: number, raw: unknown) {
    const state = topics.get(topic);
    if (!state || state.attempt !== attempt) return;
    const parsed = subscribeAckSchema.safeParse(raw);
    receiveAck(state, parsed.success ? parsed.data : undefined, gapWaitMs);
  }

  /** Connects again after a backoff; first asks for a fresh token when the old one was the problem. */
  function scheduleRetry({ refreshToken }: { refreshToken: boolean }) {
    if (retryTimer || !wanted || topics.size === 0) return;
    const delay = retryDelay;
    retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void ((refreshToken ? options.refreshAccessToken?.() : undefined) ?? Promise.resolve())
        .catch(() => undefined)
        .then(() => connectIfNeeded());
    }, delay);
  }

  function ensureSocket(): SocketLike {
    if (socket) return socket;
    const created = createSocket({
      path: REALTIME_PATH,
      transports: ['websocket'],
      autoConnect: false,
      auth: (callback) => callback({ token: options.getAccessToken() }),
    });
    created.on('connect', () => {
      retryDelay = RETRY_MIN_MS;
      publish('connected');
      for (const [topic, state] of topics) sendSubscribe(topic, state);
      for (const listener of [...connectedListeners]) safely(listener);
    });
    created.on('disconnect', (reason: string) => {
      for (const state of topics.values()) {
        state.pending = false;
        state.buffer.clear();
        clearGap(state);
      }
      if (reason === 'io client disconnect') {
        publish('idle');
        return;
      }
      publish('reconnecting');
      // The server ended it (token expired, session ended): Socket.IO does not retry by itself.
      if (reason === 'io server disconnect') scheduleRetry({ refreshToken: true });
    });
    created.on('connect_error', (error: Error & { data?: unknown }) => {
      if (created.active) {
        publish('reconnecting');
        return; // a transport problem: Socket.IO retries with its own backoff
      }
      // Refused by the server: retry with backoff — after refreshing the token when it was the token
      // (UNAUTHENTICATED); any other refusal (e.g. FORBIDDEN for an Origin it does not know) keeps its
      // reason in the snapshot, so the tab can say why live updates are paused.
      const refusal = realtimeErrorSchema.safeParse(error.data);
      const unauthenticated = !refusal.success || refusal.data.code === 'UNAUTHENTICATED';
      if (refusal.success && !unauthenticated && refusal.data.code !== 'RATE_LIMITED')
        console.warn('The realtime connection was refused', refusal.data);
      publish('reconnecting', refusal.success && !unauthenticated ? refusal.data.message : undefined);
      scheduleRetry({ refreshToken: unauthenticated });
    });
    created.on('event', (raw: unknown) => onEvent(raw));
    socket = created;
    return created;
  }

  function connectIfNeeded() {
    if (!wanted || topics.size === 0 || !options.getAccessToken()) return;
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = undefined;
    const current = ensureSocket();
    if (current.connected || current.active) return;
    publish(snapshot.connection === 'idle' ? 'connecting' : 'reconnecting');
    current.connect();
  }

  function disconnect() {
    if (idleTimer) clearTimeout(idleTimer);
    if (retryTimer) clearTimeout(retryTimer);
    idleTimer = undefined;
    retryTimer = undefined;
    retryDelay = RETRY_MIN_MS;
    if (socket && (socket.connected || socket.active)) socket.disconnect();
    publish('idle');
  }

  return {
    /** Holds `topic` until the returned function is called; events arrive in seq order, once. */
    subscribe(topic: string, handlers: RealtimeHandlers): () => void {
      wanted = true;
      let state = topics.get(topic);
      if (!state) {
        state = newTopicState();
        topics.set(topic, state);
        state.handlers.add(handlers);
        publish();
        if (socket?.connected) sendSubscribe(topic, state);
        else connectIfNeeded();
      } else {
        state.handlers.add(handlers);
      }
      const held = state;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.handlers.delete(handlers);
        if (held.handlers.size > 0 || topics.get(topic) !== held) return;
        clearGap(held);
        held.attempt += 1; // a late ack for this subscription is ignored
        topics.delete(topic);
        publish();
        if (socket?.connected) socket.emit('unsubscribe', { topic }, () => undefined);
        if (topics.size === 0) {
          if (idleTimer) clearTimeout(idleTimer);
          idleTimer = setTimeout(() => {
            idleTimer = undefined;
            if (topics.size === 0) disconnect();
          }, idleDisconnectMs);
        }
      };
    },

    /** The tab signed out: close the socket now and forget what was applied (the next person starts anew). */
    close() {
      wanted = false;
      for (const state of topics.values()) {
        clearGap(state);
        state.buffer.clear();
        state.pending = false;
        state.lastSeq = null;
      }
      disconnect();
    },

    /** The tab has a (new) session: connect if topics are waiting; a different person reconnects. */
    sessionChanged({ userChanged }: { userChanged: boolean }) {
      wanted = true;
      if (userChanged && socket && (socket.connected || socket.active)) {
        for (const state of topics.values()) state.lastSeq = null;
        socket.disconnect();
        publish('reconnecting');
      }
      connectIfNeeded();
    },

    /**
     * Runs `listener` for every event on the public broadcast topic (e.g. coach presence) while the
     * tab's socket is open (it opens with the first topic; signed-in tabs always hold their own).
     */
    onBroadcast(listener: (event: RealtimeEvent) => void): () => void {
      broadcastListeners.add(listener);
      return () => {
        broadcastListeners.delete(listener);
      };
    },

    /**
     * Sends a capability's command over the socket (e.g. the session room's 'session.join') and
     * resolves with its reply. A tab that is not connected gets an error reply at once: commands that
     * must hold across reconnects are sent again from `onConnected`.
     */
    command(name: string, payload: unknown, timeoutMs = COMMAND_TIMEOUT_MS): Promise<CommandReply> {
      const current = socket;
      if (!current?.connected)
        return Promise.resolve(
          commandError('INTERNAL_ERROR', 'Not connected; it will be sent again on reconnect.'),
        );
      return new Promise((resolve) => {
        const timer = setTimeout(
          () => resolve(commandError('INTERNAL_ERROR', 'No answer from the server in time.')),
          timeoutMs,
        );
        current.emit(name, payload, (raw: unknown) => {
          clearTimeout(timer);
          const parsed = commandReplySchema.safeParse(raw);
          resolve(
            parsed.success
              ? (parsed.data as CommandReply)
              : commandError('INTERNAL_ERROR', 'The server answer was not understood.'),
          );
        });
      });
    },

    /**
     * Runs `listener` every time the socket connects or reconnects (and at once when it is connected
     * now): the place to (re)send what the server keeps per socket, such as the rooms a tab has open.
     */
    onConnected(listener: () => void): () => void {
      connectedListeners.add(listener);
      if (socket?.connected) safely(listener);
      return () => {
        connectedListeners.delete(listener);
      };
    },

    getSnapshot: (): RealtimeSnapshot => snapshot,
    /** For useSyncExternalStore: runs when the connection state or the number of topics changes. */
    onChange(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;
