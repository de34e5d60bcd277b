/**
 * Web tests only: a stand-in for a socket.io-client Socket. It records what the client emits and lets
 * the test play the server: accept the connection, answer subscribe acks, push events, drop the line.
 * Use it with `vi.mock('socket.io-client', () => ({ io: (options) => fakeSockets.create(options) }))`.
 */
type Listener = (...args: never[]) => void;
type Options = {
  path: string;
  transports: string[];
  auth: (callback: (data: { token: string | null }) => void) => void;
};
export type Emitted = { event: string; payload: unknown; ack?: (answer: unknown) => void };

export class FakeSocket {
  connected = false;
  active = false;
  connectCalls = 0;
  /** The token the auth callback gave on each connect() (the handshake's `auth.token`). */
  tokens: (string | null)[] = [];
  emitted: Emitted[] = [];
  private listeners = new Map<string, Set<Listener>>();

  constructor(readonly options: Options) {}

  on(event: string, listener: Listener) {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  emit(event: string, payload?: unknown, ack?: (answer: unknown) => void) {
    this.emitted.push({ event, payload, ack });
    return this;
  }

  connect() {
    this.connectCalls += 1;
    this.active = true;
    this.options.auth((data) => this.tokens.push(data.token));
    return this;
  }

  disconnect() {
    const was = this.connected;
    this.connected = false;
    this.active = false;
    if (was) this.fire('disconnect', 'io client disconnect');
    return this;
  }

  // The server's side.

  fire(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])])
      (listener as (...a: unknown[]) => void)(...args);
  }

  /** The server accepts the handshake. */
  accept() {
    this.connected = true;
    this.active = true;
    this.fire('connect');
  }

  /** Socket.IO's own reconnection (transport closed): a new handshake reads the token again. */
  reconnectByManager() {
    this.options.auth((data) => this.tokens.push(data.token));
    this.accept();
  }

  /** The line drops ('transport close', Socket.IO retries) or the server ends it ('io server disconnect'). */
  drop(reason: 'transport close' | 'ping timeout' | 'io server disconnect') {
    this.connected = false;
    this.active = reason !== 'io server disconnect';
    this.fire('disconnect', reason);
  }

  /** The server refuses the handshake (middleware error: Socket.IO does not retry by itself). */
  refuse(code: string, message = code) {
    this.connected = false;
    this.active = false;
    this.fire('connect_error', Object.assign(new Error(code), { data: { code, message } }));
  }

  /** The connection cannot be made (blocked, server away): Socket.IO keeps retrying by itself. */
  failTransport() {
    this.connected = false;
    this.active = true;
    this.fire('connect_error', new Error('websocket error'));
  }

  subscribes(topic?: string) {
    return this.emitted.filter(
      (e) => e.event === 'subscribe' && (!topic || (e.payload as { topic: string }).topic === topic),
    );
  }

  /** Answers the latest subscribe for `topic`. */
  ack(topic: string, answer: { seq: number; missed?: unknown[]; complete?: boolean } | { error: string }) {
    const request = this.subscribes(topic).at(-1);
    if (!request?.ack) throw new Error(`no subscribe for ${topic}`);
    request.ack(
      'error' in answer
        ? { ok: false, error: { code: answer.error, message: 'Refused.' } }
        : {
            ok: true,
            topic,
            seq: answer.seq,
            missed: answer.missed ?? [],
            complete: answer.complete ?? true,
          },
    );
  }

  /** Pushes an event on `topic` with `seq`. */
  push(topic: string, seq: number, type = 'test_event') {
    this.fire('event', event(topic, seq, type));
  }
}

export const event = (topic: string, seq: number, type = 'test_event') => ({
  topic,
  seq,
  type,
  payload: { n: seq },
  created_at: new Date(0).toISOString(),
});

export function createFakeSockets() {
  const all: FakeSocket[] = [];
  return {
    all,
    create(options: Options) {
      const socket = new FakeSocket(options);
      all.push(socket);
      return socket;
    },
    reset() {
      all.length = 0;
    },
    get last() {
      const socket = all.at(-1);
      if (!socket) throw new Error('no socket was created');
      return socket;
    },
  };
}
