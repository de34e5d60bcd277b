import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SESSION_EVENTS } from '#contracts/sessions';
import { spawnServer, type ServerChild } from './lib/children';
import { sleep } from './lib/concurrency';
import { connectFleet, latencySample, startCpuWindow, type CpuWindow } from './lib/latency-round';
import { roundedSample, summarize, type RoundSample } from './lib/measure';
import { cpuCount, waitForQuietLoad } from './lib/proc';
import { createArrivalBoard, createSocketFleet, type Person } from './lib/socket-fleet';
import { latencyStats, median, round } from './lib/stats';
import type { GoalResult, Scenario, ScenarioOptions, ScenarioResult } from './lib/types';
import { atMost, verdict } from './lib/verdict';

/**
 * Scenario `ring`: "request to ring". The real app (request-to-ring-server.ts: every
 * plugin, the Socket.IO gateway, the PostgreSQL LISTEN/NOTIFY bus) with 1,000 approved, online coaches
 * (100 with --quick), each with its own authenticated socket (one websocket each, as a browser tab)
 * subscribed to its `user:<id>` topic, and funded clients. A client sends POST /api/session-requests
 * (Idempotency-Key; the quote and the hold of the price run for real) and we time until the coach's
 * socket receives `session_request.created` for that request; then the client cancels (hold released)
 * so the client can ask again. Requests go out open-loop at a fixed rate (no coordinated omission),
 * each to another coach.
 *
 * Baseline, in the same run, interleaved half a period after each request: a bare Socket.IO round
 * trip on one of the same sockets (emit with ack of an `unsubscribe` for a topic it does not hold: no
 * database, no authorization, the gateway's plainest handler).
 *
 * Goal (issue #16): the p99 of request -> ring at most MAX_P99_RATIO times the bare round trip's p99
 * measured in the same run, and at most MAX_APP_CPU_US_PER_REQUEST app CPU-µs per request and its cancel
 * (the app's CPU over a round / the requests created in it, so the bare round trips' little CPU counts
 * too; the median over the rounds); no failed request, no missing or misdirected ring. The p50/p99 of
 * the goal pool every sample of every round.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

const MAX_P99_RATIO = 5;
const MAX_APP_CPU_US_PER_REQUEST = 3000;
const REQUESTS_PER_SEC = 20;
const WARMUP_SEC = 2;
const RING_TIMEOUT_MS = 5_000;
const CLIENTS = 50;
const GOAL = 'request to ring p99';

/** The coaches' sockets: when each request's ring arrived, and anything that reached the wrong coach. */
function createCoachFleet(url: string) {
  const board = createArrivalBoard();
  let misdirected = 0;
  let rings = 0;
  const sockets = createSocketFleet(url, (coach, event, at) => {
    if (event.type !== SESSION_EVENTS.requestCreated) return;
    const request = event.payload.request as { id?: string; coach_id?: string } | undefined;
    if (!request?.id || request.coach_id !== coach.id || event.topic !== `user:${coach.id}`) {
      misdirected += 1;
      return;
    }
    rings += 1;
    board.arrived(request.id, at);
  });

  return {
    connectAll: sockets.connectAll,
    /** When the ring of `requestId` arrived (performance.now()), or null after `timeoutMs`. */
    waitForRing: board.waitFor,
    /** A bare round trip on the coach's socket, in ms. */
    roundTrip: (coachId: string) => sockets.roundTrip(coachId, RING_TIMEOUT_MS),
    connected: sockets.connected,
    stats: () => ({ misdirected, rings, unclaimed: board.unclaimed() }),
    close: sockets.close,
  };
}

type Fleet = ReturnType<typeof createCoachFleet>;

type RoundResult = {
  ring: number[];
  post: number[];
  /** Ring arrival minus the POST's answer (negative: the ring came first): what delivery adds. */
  afterAnswer: number[];
  rtt: number[];
  problems: string[];
  missingRings: number;
  cpu: CpuWindow;
};

/**
 * `count` requests at REQUESTS_PER_SEC, open loop (each fires on schedule whatever the previous ones
 * are doing), with a bare round trip half a period after each. `offset` spreads them over coaches and
 * clients across rounds.
 */
async function runRound(
  server: ServerChild,
  fleet: Fleet,
  people: { coaches: Person[]; clients: Person[] },
  count: number,
  offset: number,
): Promise<RoundResult> {
  const { coaches, clients } = people;
  const periodMs = 1000 / REQUESTS_PER_SEC;
  const ring: number[] = [];
  const post: number[] = [];
  const afterAnswer: number[] = [];
  const rtt: number[] = [];
  const problems: string[] = [];
  let missingRings = 0;
  const problem = (text: string) => {
    if (problems.length < 20) problems.push(text);
  };

  async function request(index: number) {
    const client = clients[index % clients.length]!;
    const coach = coaches[index % coaches.length]!;
    const started = performance.now();
    const response = await fetch(`${server.url}/api/session-requests`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${client.token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        coach_id: coach.id,
        format: 'text',
        duration_minutes: 15,
        purpose: 'Bench: request to ring',
      }),
    });
    const answered = performance.now();
    const body = (await response.json()) as { id?: string };
    if (response.status !== 201 || !body.id) {
      problem(
        `POST /api/session-requests answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`,
      );
      return;
    }
    post.push(answered - started);
    const rang = await fleet.waitForRing(body.id, RING_TIMEOUT_MS);
    if (rang === null) {
      missingRings += 1;
      problem(`no ring within ${RING_TIMEOUT_MS} ms for request ${body.id}`);
    } else {
      ring.push(rang - started);
      afterAnswer.push(rang - answered);
    }
    const cancel = await fetch(`${server.url}/api/session-requests/${body.id}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.token}` },
    });
    if (cancel.status !== 200)
      problem(`cancel answered ${cancel.status}: ${(await cancel.text()).slice(0, 200)}`);
    else await cancel.arrayBuffer();
  }

  async function roundTrip(index: number) {
    rtt.push(await fleet.roundTrip(coaches[(index * 7 + 3) % coaches.length]!.id));
  }

  const endCpuWindow = startCpuWindow(server);
  const startedAt = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let step = 0; step < count; step += 1) {
    const index = offset + step;
    await sleep(startedAt + step * periodMs - performance.now());
    inFlight.push(request(index).catch((error: unknown) => problem(`request failed: ${String(error)}`)));
    await sleep(startedAt + (step + 0.5) * periodMs - performance.now());
    inFlight.push(roundTrip(index).catch((error: unknown) => problem(`round trip failed: ${String(error)}`)));
  }
  await Promise.all(inFlight);
  return { ring, post, afterAnswer, rtt, problems, missingRings, cpu: endCpuWindow() };
}

function sample(
  target: string,
  roundNumber: number,
  values: readonly number[],
  result: RoundResult,
  load: RoundSample['load'],
  errors: number,
): RoundSample {
  return latencySample({
    target,
    round: roundNumber,
    values,
    cpu: result.cpu,
    operations: result.ring.length + result.rtt.length,
    load,
    errors,
  });
}

async function runRing(options: ScenarioOptions): Promise<ScenarioResult> {
  const coachCount = options.quick ? 100 : 1000;
  const rounds = options.rounds ?? (options.quick ? 2 : 3);
  const durationSec = options.durationSec ?? (options.quick ? 3 : 5);
  const perRound = REQUESTS_PER_SEC * durationSec;
  const { log } = options;

  log(
    `ring: starting PostgreSQL and the app; seeding ${coachCount} online coaches and ${CLIENTS} funded clients...`,
  );
  const server = await spawnServer('ring', path.join(here, 'request-to-ring-server.ts'), {
    args: ['--coaches', String(coachCount), '--clients', String(CLIENTS)],
    readyTimeoutMs: 600_000,
  });
  const coaches = server.info.coaches as Person[];
  const clients = server.info.clients as Person[];
  const fleet = createCoachFleet(server.url);
  try {
    const connectSec = await connectFleet(
      { scenario: 'ring', log, server, sockets: 'coach sockets' },
      fleet,
      coaches,
    );

    log(`ring: warm-up ${WARMUP_SEC} s`);
    const warm = await runRound(server, fleet, { coaches, clients }, REQUESTS_PER_SEC * WARMUP_SEC, 0);
    if (warm.problems.length > 0) log(`ring: warm-up problems: ${warm.problems.join('; ')}`);

    const samples: RoundSample[] = [];
    const all = {
      ring: [] as number[],
      post: [] as number[],
      afterAnswer: [] as number[],
      rtt: [] as number[],
    };
    const problems: string[] = [];
    /** Per round: the app's and the database's CPU over the round / the requests (each cancelled) in it. */
    const appCpuPerRound: number[] = [];
    const dbCpuPerRound: number[] = [];
    let missingRings = 0;
    for (let roundNumber = 1; roundNumber <= rounds; roundNumber += 1) {
      const load = await waitForQuietLoad(10_000);
      const offset = REQUESTS_PER_SEC * WARMUP_SEC + (roundNumber - 1) * perRound;
      const result = await runRound(server, fleet, { coaches, clients }, perRound, offset);
      const errors = result.problems.length;
      samples.push(sample('request-to-ring', roundNumber, result.ring, result, load, errors));
      samples.push(sample('socket-round-trip', roundNumber, result.rtt, result, load, 0));
      all.ring.push(...result.ring);
      all.post.push(...result.post);
      all.afterAnswer.push(...result.afterAnswer);
      all.rtt.push(...result.rtt);
      problems.push(...result.problems);
      missingRings += result.missingRings;
      appCpuPerRound.push(result.cpu.serverCpuMicros / Math.max(1, result.post.length));
      dbCpuPerRound.push(result.cpu.dbCpuMicros / Math.max(1, result.post.length));
      const ring = latencyStats(result.ring);
      const rtt = latencyStats(result.rtt);
      log(
        `ring: round ${roundNumber}/${rounds} request->ring p50 ${ring.p50Ms} / p99 ${ring.p99Ms} ms ` +
          `(${ring.count} rings); bare socket round trip p50 ${rtt.p50Ms} / p99 ${rtt.p99Ms} ms; ` +
          `${round(appCpuPerRound.at(-1)!, 0)} app + ${round(dbCpuPerRound.at(-1)!, 0)} db CPU-µs per request+cancel` +
          (errors > 0 ? `; problems: ${result.problems.slice(0, 3).join('; ')}` : ''),
      );
    }

    const fleetStats = fleet.stats();
    const ring = latencyStats(all.ring);
    const post = latencyStats(all.post);
    const afterAnswer = latencyStats(all.afterAnswer);
    const rtt = latencyStats(all.rtt);
    const ratio = round(ring.p99Ms / rtt.p99Ms, 2);
    const cpuUsPerRequest = round(median(appCpuPerRound), 0);
    const dbCpuUsPerRequest = round(median(dbCpuPerRound), 0);
    const failures = [
      ...(problems.length > 0
        ? [`${problems.length} failed requests or rings: ${problems.slice(0, 5).join('; ')}`]
        : []),
      ...(missingRings > 0 ? [`${missingRings} requests never rang`] : []),
      ...(fleetStats.misdirected > 0
        ? [`${fleetStats.misdirected} rings reached a coach the request was not for`]
        : []),
      ...(fleet.connected() !== coaches.length
        ? [`only ${fleet.connected()} of ${coaches.length} coach sockets stayed connected`]
        : []),
    ];
    const goal: GoalResult = {
      goal:
        `${GOAL} <= ${MAX_P99_RATIO}x the bare socket round trip's p99 and <= ${MAX_APP_CPU_US_PER_REQUEST} app ` +
        `CPU-µs per request+cancel with ${coachCount} connected coaches`,
      baseline: { socketRoundTripP50Ms: rtt.p50Ms, socketRoundTripP99Ms: rtt.p99Ms, samples: rtt.count },
      app: {
        ringP50Ms: ring.p50Ms,
        ringP99Ms: ring.p99Ms,
        ringMaxMs: ring.maxMs,
        postP50Ms: post.p50Ms,
        postP99Ms: post.p99Ms,
        ringAfterAnswerP50Ms: afterAnswer.p50Ms,
        ringAfterAnswerP99Ms: afterAnswer.p99Ms,
        cpuUsPerRequest,
        dbCpuUsPerRequest,
        samples: ring.count,
      },
      ratio,
      bound: {
        ratio: `<= ${MAX_P99_RATIO}`,
        cpuUsPerRequest: `<= ${MAX_APP_CPU_US_PER_REQUEST}`,
        failures: 0,
      },
      ...verdict(
        [
          ...atMost(
            `ring p99 ${ring.p99Ms} ms / socket round trip p99 ${rtt.p99Ms} ms =`,
            ratio,
            MAX_P99_RATIO,
          ),
          ...atMost('app CPU-µs per request+cancel', cpuUsPerRequest, MAX_APP_CPU_US_PER_REQUEST),
        ],
        failures,
      ),
    };
    log(
      `ring: request -> ring p50 ${ring.p50Ms} ms, p99 ${ring.p99Ms} ms over ${ring.count} requests; ` +
        `bare socket round trip p50 ${rtt.p50Ms} ms, p99 ${rtt.p99Ms} ms; p99 ratio ${ratio}; ` +
        `${cpuUsPerRequest} app + ${dbCpuUsPerRequest} db CPU-µs per request+cancel; ${goal.pass ? 'PASS' : 'FAIL'} ` +
        `(target p99 <= ${MAX_P99_RATIO}x the round trip's, <= ${MAX_APP_CPU_US_PER_REQUEST} app CPU-µs)`,
    );

    return {
      scenario: 'ring',
      params: {
        coaches: coachCount,
        clients: CLIENTS,
        requestsPerSec: REQUESTS_PER_SEC,
        rounds,
        durationSec,
        requestsPerRound: perRound,
        warmupSec: WARMUP_SEC,
        database: server.info.database,
        poolSize: server.info.poolSize,
        socketsConnectSec: round(connectSec, 2),
        order: 'open loop; a bare round trip half a period after each request',
      },
      targets: [summarize('request-to-ring', samples), summarize('socket-round-trip', samples)],
      rounds: samples.map(roundedSample),
      goals: [goal],
      notes: [
        `request-to-ring: from sending POST /api/session-requests (quote, insert, hold, event recorded, ` +
          `commit, NOTIFY) until the coach's socket receives session_request.created; pooled over all ` +
          `rounds: p50 ${ring.p50Ms} ms, p99 ${ring.p99Ms} ms, max ${ring.maxMs} ms (${ring.count} requests); ` +
          `the POST itself answered in p50 ${post.p50Ms} / p99 ${post.p99Ms} ms, and the ring arrived ` +
          `p50 ${afterAnswer.p50Ms} / p99 ${afterAnswer.p99Ms} ms after that answer (negative: before it).`,
        `socket-round-trip: emit with ack on one of the same sockets (unsubscribe from a topic it does not ` +
          `hold), pooled: p50 ${rtt.p50Ms} ms, p99 ${rtt.p99Ms} ms (${rtt.count}); ratio ring p99 / round ` +
          `trip p99 = ${ratio}.`,
        `req/s is what was sent (open loop at ${REQUESTS_PER_SEC}/s); CPU-µs/req is the app's (and the ` +
          `database's) CPU per operation (requests + round trips) of the round; each request is also ` +
          `cancelled (not timed). The goal's CPU per request+cancel is the round's CPU over its requests alone ` +
          `(median of the rounds): ${cpuUsPerRequest} app + ${dbCpuUsPerRequest} db CPU-µs.`,
        `${cpuCount()} CPUs shared by the app, PostgreSQL and the ${coaches.length}-socket client fleet.`,
        `Fleet: ${fleetStats.rings} rings received, ${fleetStats.misdirected} misdirected.`,
      ],
    };
  } finally {
    log('ring: stopping...');
    fleet.close();
    await server.stop();
  }
}

export const ringScenario: Scenario = {
  name: 'ring',
  description: `request -> coach ring p50/p99 with 1,000 connected coaches vs a bare socket round trip (p99 <= ${MAX_P99_RATIO}x its p99, <= ${MAX_APP_CPU_US_PER_REQUEST} app CPU-µs per request+cancel)`,
  run: runRing,
};
