import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chatApi } from '#contracts/chat.api';
import { CHAT_EVENTS } from '#contracts/chat';
import { appLogErrors } from './app-log';
import { spawnServer, type ServerChild } from './children';
import { sleep } from './concurrency';
import { latencySample, startCpuWindow, type CpuWindow } from './latency-round';
import type { RoundSample } from './measure';
import { createPartyFleet, type MessageEventShape, type Seat } from './party-fleet';
import { waitForQuietLoad } from './proc';
import type { Person } from './socket-fleet';
import { latencyStats, median, round } from './stats';

/**
 * The benches where two parties write to each other (chat.ts and chat-sweep.ts: a live session's
 * chat; messages.ts: a conversation between sessions): their app and parties, and one round —
 * messages sent open-loop through the real send route, each timed until the other party's socket
 * receives it, with bare socket round trips scheduled between them — and the measured rounds of a run.
 */

/** One bare round trip per this many messages, half a period after the message. */
export const MESSAGES_PER_ECHO = 5;
export const WARMUP_SEC = 2;
export const DELIVERY_TIMEOUT_MS = 5_000;
/** A POST not answered by then counts as failed (keeps an overloaded run bounded in time). */
const POST_TIMEOUT_MS = 30_000;

export type Fleet = ReturnType<typeof createPartyFleet>;

const here = path.dirname(fileURLToPath(import.meta.url));

/** What a bench of two parties writing to each other is made of. */
export type PartyBench = {
  /**
   * The bench child (lib/app-child.ts) that starts the app and seeds the rooms; `countFlag N` asks for
   * N rooms, `--attach <databaseUrl>` makes it a further instance on the first one's database.
   */
  script: string;
  countFlag: string;
  /** The field of the child's ready info that lists the rooms (Seat[]). */
  infoKey: string;
  /** The realtime event a new message arrives as. */
  event: MessageEventShape;
  /** The real route a party sends a text message `{ id, content }` to (`:id` the room's). */
  sendPath: string;
  /** For the report: what its events and rooms are called ('chat', 'session'). */
  names: { event: string; room: string };
};

/** Chat in live sessions (chat-server.ts). */
export const CHAT_BENCH: PartyBench = {
  script: path.join(here, '..', 'chat-server.ts'),
  countFlag: '--sessions',
  infoKey: 'sessions',
  event: { type: CHAT_EVENTS.messageCreated, roomKey: 'session_id' },
  sendPath: chatApi.send.path,
  names: { event: 'chat', room: 'session' },
};

/**
 * The app (one instance, or several on one database: the first starts PostgreSQL and seeds it, the
 * others attach to it) with `roomCount` rooms, and the parties' sockets (not yet connected). With two
 * instances every coach is on the first and every client on the second, each sending through its own:
 * every message crosses the bus from one instance to the other.
 */
export type PartyCluster = {
  bench: PartyBench;
  servers: ServerChild[];
  seats: Seat[];
  people: Person[];
  fleet: Fleet;
  /** The instance a person's socket and sends go to. */
  urlOf: (person: Person) => string;
  stop: () => Promise<void>;
};

export async function startPartyCluster(
  bench: PartyBench,
  name: string,
  roomCount: number,
  instances: number,
): Promise<PartyCluster> {
  const first = await spawnServer(name, bench.script, {
    args: [bench.countFlag, String(roomCount)],
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
        await spawnServer(`${name}-${index + 1}`, bench.script, {
          args: ['--attach', String(first.info.databaseUrl)],
        }),
      );
  } catch (error) {
    await stop();
    throw error;
  }
  const seats = first.info[bench.infoKey] as Seat[];
  const clients = new Set(seats.map((seat) => seat.client.id));
  const urlOf = (person: Person) => servers[clients.has(person.id) ? 1 % servers.length : 0]!.url;
  const fleet = createPartyFleet(urlOf, seats, DELIVERY_TIMEOUT_MS, bench.event);
  return {
    bench,
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
 * step` goes to room (offset + step) mod rooms, from the coach and the client in turns.
 */
export async function runRound(
  cluster: PartyCluster,
  input: { count: number; offset: number; ratePerSec: number },
): Promise<RoundResult> {
  const { fleet, seats } = cluster;
  const { count, offset, ratePerSec } = input;
  const { sendPath } = cluster.bench;
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
    const response = await fetch(`${cluster.urlOf(sender)}${sendPath.replace(':id', seat.id)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id, content: `Bench message ${index}` }),
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    const answered = performance.now();
    const body = await response.text();
    if (response.status !== 201) {
      problem(`POST ${sendPath} answered ${response.status}: ${body.slice(0, 200)}`);
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

/** Every round of a run, pooled: the samples per target, the latencies, the CPU and what went wrong. */
export type MeasuredRounds = {
  samples: RoundSample[];
  all: { delivery: number[]; post: number[]; afterAnswer: number[]; rtt: number[]; lag: number[] };
  /** Per round: the app's and the database's CPU over the round / the messages created in it. */
  appCpuPerRound: number[];
  dbCpuPerRound: number[];
  problems: string[];
  missing: number;
  sent: number;
  /** Messages created, warm-up included (each makes one copy on the sender's own socket too). */
  created: number;
};

/** The pooled figures of measured rounds: latencies, and the CPU per message (median of the rounds). */
export function pooledStats(measured: MeasuredRounds) {
  const { all } = measured;
  return {
    delivery: latencyStats(all.delivery),
    post: latencyStats(all.post),
    afterAnswer: latencyStats(all.afterAnswer),
    rtt: latencyStats(all.rtt),
    lag: latencyStats(all.lag),
    cpuUsPerMessage: round(median(measured.appCpuPerRound), 0),
    dbCpuUsPerMessage: round(median(measured.dbCpuPerRound), 0),
  };
}

/**
 * A warm-up of WARMUP_SEC, then `rounds` rounds of `durationSec` at `ratePerSec` (each after the load
 * has quietened, at most 10 s), logging each round; samples of the delivery (`deliveryTarget`) and the
 * bare socket round trip per round. Ends once the senders' own copies have landed (bounded).
 */
export async function measureRounds(
  cluster: PartyCluster,
  input: {
    scenario: string;
    log: (line: string) => void;
    deliveryTarget: string;
    rounds: number;
    durationSec: number;
    ratePerSec: number;
  },
): Promise<MeasuredRounds> {
  const { scenario, log, rounds, ratePerSec, deliveryTarget } = input;
  const perRound = ratePerSec * input.durationSec;

  log(`${scenario}: warm-up ${WARMUP_SEC} s at ${ratePerSec} messages/s`);
  const warm = await runRound(cluster, { count: ratePerSec * WARMUP_SEC, offset: 0, ratePerSec });
  if (warm.problems.length > 0) log(`${scenario}: warm-up problems: ${warm.problems.slice(0, 5).join('; ')}`);

  const measured: MeasuredRounds = {
    samples: [],
    all: { delivery: [], post: [], afterAnswer: [], rtt: [], lag: [] },
    appCpuPerRound: [],
    dbCpuPerRound: [],
    problems: [],
    missing: 0,
    sent: 0,
    created: warm.created,
  };
  for (let roundNumber = 1; roundNumber <= rounds; roundNumber += 1) {
    const load = await waitForQuietLoad(10_000);
    const offset = ratePerSec * WARMUP_SEC + (roundNumber - 1) * perRound;
    const result = await runRound(cluster, { count: perRound, offset, ratePerSec });
    const errors = result.problems.length;
    const operations = result.created + result.rtt.length;
    const cpu = result.cpu;
    measured.samples.push(
      latencySample({
        target: deliveryTarget,
        round: roundNumber,
        values: result.delivery,
        cpu,
        operations,
        load,
        errors,
      }),
      latencySample({
        target: 'socket-round-trip',
        round: roundNumber,
        values: result.rtt,
        cpu,
        operations,
        load,
        errors: 0,
      }),
    );
    for (const key of ['delivery', 'post', 'afterAnswer', 'rtt', 'lag'] as const)
      measured.all[key].push(...result[key]);
    measured.appCpuPerRound.push(cpu.serverCpuMicros / Math.max(1, result.created));
    measured.dbCpuPerRound.push(cpu.dbCpuMicros / Math.max(1, result.created));
    measured.problems.push(...result.problems);
    measured.missing += result.missing;
    measured.sent += result.sent;
    measured.created += result.created;
    const delivery = latencyStats(result.delivery);
    const rtt = latencyStats(result.rtt);
    log(
      `${scenario}: round ${roundNumber}/${rounds} send->other party p50 ${delivery.p50Ms} / p99 ${delivery.p99Ms} ms ` +
        `(${delivery.count} of ${result.sent} messages); bare socket round trip p50 ${rtt.p50Ms} / ` +
        `p99 ${rtt.p99Ms} ms; ${round(measured.appCpuPerRound.at(-1)!, 0)} app + ` +
        `${round(measured.dbCpuPerRound.at(-1)!, 0)} db CPU-µs/msg` +
        (errors > 0 ? `; problems: ${result.problems.slice(0, 3).join('; ')}` : ''),
    );
  }
  await settleOwnCopies(cluster.fleet, measured.created);
  return measured;
}

/**
 * What failed in a run, for verdict(): failed sends, messages that never reached the other party, and
 * what the sockets saw wrong (another room's message, a doubled or out-of-order one, a sender's own
 * copy missing), sockets that dropped, errors in the app's log.
 */
export function partyFailures(cluster: PartyCluster, measured: MeasuredRounds): string[] {
  const { fleet, people, servers } = cluster;
  const { event, room } = cluster.bench.names;
  const stats = fleet.stats();
  const { problems, missing, created } = measured;
  const appErrors = servers
    .map((instance) => appLogErrors(instance.info.logFile))
    .reduce((all, one) => ({
      count: all.count + one.count,
      first: [...all.first, ...one.first].slice(0, 5),
    }));
  return [
    ...(problems.length > 0
      ? [`${problems.length} failed sends or deliveries: ${problems.slice(0, 5).join('; ')}`]
      : []),
    ...(missing > 0 ? [`${missing} messages never reached the other party`] : []),
    ...(stats.misdirected > 0
      ? [`${stats.misdirected} ${event} events reached a socket not a party of that ${room}`]
      : []),
    ...(stats.doubled > 0 ? [`${stats.doubled} ${event} events reached a socket that already had them`] : []),
    ...(stats.outOfOrder > 0
      ? [`${stats.outOfOrder} ${event} events arrived below a seq the socket already had`]
      : []),
    ...(stats.ownCopies < created
      ? [`the senders' own sockets got ${stats.ownCopies} of ${created} messages`]
      : []),
    ...(fleet.connected() !== people.length
      ? [`only ${fleet.connected()} of ${people.length} sockets stayed connected`]
      : []),
    ...(appErrors.count > 0
      ? [`the app logged ${appErrors.count} errors: ${appErrors.first.join('; ')}`]
      : []),
  ];
}
