import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer, type ServerChild } from './children';
import { sleep } from './concurrency';
import { startCpuWindow, type CpuWindow } from './latency-round';
import { createPartyFleet, type Seat } from './party-fleet';
import type { Person } from './socket-fleet';

/**
 * The chat benches' app and parties (chat.ts at one rate, chat-sweep.ts at each rate of a sweep), and
 * one round: messages sent open-loop through the real POST /api/sessions/:id/messages, each timed until
 * the other party's socket receives it, with bare socket round trips scheduled between them.
 */

/** One bare round trip per this many messages, half a period after the message. */
export const MESSAGES_PER_ECHO = 5;
export const WARMUP_SEC = 2;
export const DELIVERY_TIMEOUT_MS = 5_000;
/** A POST not answered by then counts as failed (keeps an overloaded run bounded in time). */
const POST_TIMEOUT_MS = 30_000;

export type Fleet = ReturnType<typeof createPartyFleet>;

const chatServerScript = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'chat-server.ts');

/**
 * The app (one instance, or several on one database: the first starts PostgreSQL and seeds it, the
 * others attach to it) with `sessionCount` live sessions, and the parties' sockets (not yet
 * connected). With two instances every coach is on the first and every client on the second, each
 * sending through its own: every message crosses the bus from one instance to the other.
 */
export type ChatCluster = {
  servers: ServerChild[];
  seats: Seat[];
  people: Person[];
  fleet: Fleet;
  /** The instance a person's socket and sends go to. */
  urlOf: (person: Person) => string;
  stop: () => Promise<void>;
};

export async function startChatCluster(
  name: string,
  sessionCount: number,
  instances: number,
): Promise<ChatCluster> {
  const first = await spawnServer(name, chatServerScript, {
    args: ['--sessions', String(sessionCount)],
    readyTimeoutMs: 600_000,
  });
  const servers = [first];
  const stop = async () => {
    // The attached instances first: the first one stops the database.
    for (const server of [...servers].reverse()) await server.stop();
  };
  try {
    for (let index = 1; index < instances; index += 1)
      servers.push(
        await spawnServer(`${name}-${index + 1}`, chatServerScript, {
          args: ['--attach', String(first.info.databaseUrl)],
        }),
      );
  } catch (error) {
    await stop();
    throw error;
  }
  const seats = first.info.sessions as Seat[];
  const clients = new Set(seats.map((seat) => seat.client.id));
  const urlOf = (person: Person) => servers[clients.has(person.id) ? 1 % servers.length : 0]!.url;
  const fleet = createPartyFleet(urlOf, seats, DELIVERY_TIMEOUT_MS);
  return {
    servers,
    seats,
    people: seats.flatMap((seat) => [seat.coach, seat.client]),
    fleet,
    urlOf,
    stop: async () => {
      fleet.close();
      await stop();
    },
  };
}

export type RoundResult = {
  delivery: number[];
  post: number[];
  /** Delivery minus the POST's answer (negative: the event came first). */
  afterAnswer: number[];
  rtt: number[];
  /** How late the generator fired each message after its scheduled time (its own health). */
  lag: number[];
  sent: number;
  created: number;
  problems: string[];
  missing: number;
  cpu: CpuWindow;
};

/**
 * `count` messages at `ratePerSec`, open loop: every message whose time has come is sent, whatever the
 * earlier ones are doing (a late generator catches up instead of thinning the load). Message `offset +
 * step` goes to session (offset + step) mod sessions, from the coach and the client in turns.
 */
export async function runRound(
  cluster: ChatCluster,
  input: { count: number; offset: number; ratePerSec: number },
): Promise<RoundResult> {
  const { fleet, seats } = cluster;
  const { count, offset, ratePerSec } = input;
  const periodMs = 1000 / ratePerSec;
  const result: Omit<RoundResult, 'cpu'> = {
    delivery: [],
    post: [],
    afterAnswer: [],
    rtt: [],
    lag: [],
    sent: 0,
    created: 0,
    problems: [],
    missing: 0,
  };
  const problem = (text: string) => {
    if (result.problems.length < 20) result.problems.push(text);
  };

  async function send(index: number) {
    const seat = seats[index % seats.length]!;
    const sender = Math.floor(index / seats.length) % 2 === 0 ? seat.coach : seat.client;
    const id = randomUUID();
    result.sent += 1;
    const started = performance.now();
    const response = await fetch(`${cluster.urlOf(sender)}/api/sessions/${seat.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id, content: `Bench message ${index}` }),
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    const answered = performance.now();
    const body = await response.text();
    if (response.status !== 201) {
      problem(`POST /api/sessions/:id/messages answered ${response.status}: ${body.slice(0, 200)}`);
      return;
    }
    result.created += 1;
    result.post.push(answered - started);
    const at = await fleet.waitForDelivery(id, DELIVERY_TIMEOUT_MS);
    if (at === null) {
      result.missing += 1;
      problem(`message ${id} did not reach the other party within ${DELIVERY_TIMEOUT_MS} ms`);
    } else {
      result.delivery.push(at - started);
      result.afterAnswer.push(at - answered);
    }
  }

  async function echo(index: number) {
    const seat = seats[(index * 7 + 3) % seats.length]!;
    result.rtt.push(await fleet.roundTrip(index % 2 === 0 ? seat.client.id : seat.coach.id));
  }

  // The schedule: message `step` at step periods, a round trip half a period after every
  // MESSAGES_PER_ECHO-th message.
  const actions: { atMs: number; fire: () => Promise<void> }[] = [];
  for (let step = 0; step < count; step += 1) {
    const index = offset + step;
    actions.push({ atMs: step * periodMs, fire: () => send(index) });
    if (step % MESSAGES_PER_ECHO === 0)
      actions.push({ atMs: (step + 0.5) * periodMs, fire: () => echo(index) });
  }

  const endCpuWindow = startCpuWindow(cluster.servers);
  const startedAt = performance.now();
  const inFlight: Promise<void>[] = [];
  let next = 0;
  while (next < actions.length) {
    const now = performance.now();
    while (next < actions.length && startedAt + actions[next]!.atMs <= now) {
      const action = actions[next]!;
      result.lag.push(now - (startedAt + action.atMs));
      inFlight.push(
        action.fire().catch((error: unknown) => problem(`send or echo failed: ${String(error)}`)),
      );
      next += 1;
    }
    if (next < actions.length) await sleep(startedAt + actions[next]!.atMs - performance.now());
  }
  await Promise.all(inFlight);
  return { ...result, cpu: endCpuWindow() };
}

/** After the last round: the senders' own copies still in flight get a bounded moment to land. */
export async function settleOwnCopies(fleet: Fleet, created: number): Promise<void> {
  const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
  while (fleet.stats().ownCopies < created && performance.now() < deadline) await sleep(50);
}
