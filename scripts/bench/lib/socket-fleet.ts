import { io as connectClient, type Socket } from 'socket.io-client';
import { REALTIME_PATH, type RealtimeEvent, type SubscribeAck } from '#contracts/realtime';
import { pooled } from './concurrency';

/**
 * The load generator's side of the realtime benches (ring, chat): one authenticated Socket.IO
 * connection per person (one websocket each, as one browser tab), subscribed to its own `user:<id>`
 * topic, plus the bare baseline: an emit with ack on one of those sockets.
 */

export type Person = { id: string; token: string };

export const CONNECT_CONCURRENCY = 50;
/** A topic no bench socket holds: unsubscribing from it is the bare round trip. */
const FOREIGN_TOPIC = `user:${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(11)}1`;

/**
 * `onEvent` sees every event any socket receives, with its arrival time (performance.now()). `url` is the
 * app's, or per person the instance their socket connects to (several app instances on one database).
 */
export function createSocketFleet(
  url: string | ((person: Person) => string),
  onEvent: (person: Person, event: RealtimeEvent, at: number) => void,
) {
  const urlOf = typeof url === 'string' ? () => url : url;
  const sockets = new Map<string, Socket>();

  /** Connects and subscribes one person's socket; resolves with how long that took (ms). */
  async function connect(person: Person): Promise<number> {
    const started = performance.now();
    const socket = connectClient(urlOf(person), {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnection: false,
      // One websocket per person, as one tab each (the client would otherwise multiplex them all).
      forceNew: true,
      timeout: 30_000,
      auth: { token: person.token },
    });
    socket.on('event', (event: RealtimeEvent) => onEvent(person, event, performance.now()));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
    });
    sockets.set(person.id, socket);
    const ack = (await socket
      .timeout(30_000)
      .emitWithAck('subscribe', { topic: `user:${person.id}` })) as SubscribeAck;
    if (!ack.ok) throw new Error(`subscribe refused for ${person.id}: ${ack.error.message}`);
    return performance.now() - started;
  }

  return {
    /** Connects everyone, at most CONNECT_CONCURRENCY at a time; each one's connect+subscribe time (ms). */
    connectAll: (people: readonly Person[]): Promise<number[]> =>
      pooled(people, CONNECT_CONCURRENCY, connect),
    /**
     * A bare round trip on the person's socket, in ms: emit with ack of an `unsubscribe` for a topic it
     * does not hold (no database, no authorization, the gateway's plainest handler).
     */
    async roundTrip(personId: string, timeoutMs: number): Promise<number> {
      const socket = sockets.get(personId);
      if (!socket) throw new Error(`no socket for ${personId}`);
      const started = performance.now();
      await socket.timeout(timeoutMs).emitWithAck('unsubscribe', { topic: FOREIGN_TOPIC });
      return performance.now() - started;
    },
    connected: () => [...sockets.values()].filter((socket) => socket.connected).length,
    close() {
      for (const socket of sockets.values()) socket.disconnect();
      sockets.clear();
    },
  };
}

export type SocketFleet = ReturnType<typeof createSocketFleet>;

/**
 * Arrival times by key (a request id, a message id) for events that may come before or after the
 * sender starts waiting for them: `arrived` stores or hands over, `waitFor` resolves with the time or
 * null after its timeout.
 */
export function createArrivalBoard() {
  const arrivals = new Map<string, number>();
  const waiters = new Map<string, (at: number) => void>();
  return {
    arrived(key: string, at: number): void {
      const waiter = waiters.get(key);
      if (waiter) waiter(at);
      else arrivals.set(key, at);
    },
    waitFor(key: string, timeoutMs: number): Promise<number | null> {
      const arrived = arrivals.get(key);
      if (arrived !== undefined) {
        arrivals.delete(key);
        return Promise.resolve(arrived);
      }
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(key);
          resolve(null);
        }, timeoutMs);
        waiters.set(key, (at) => {
          clearTimeout(timer);
          waiters.delete(key);
          resolve(at);
        });
      });
    },
    /** Arrivals nobody waited for (an event for a key never sent, or a second delivery). */
    unclaimed: () => arrivals.size,
  };
}
