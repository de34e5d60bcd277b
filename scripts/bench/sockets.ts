import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer } from './lib/children';
import { sleep } from './lib/concurrency';
import { latencySample, startCpuWindow } from './lib/latency-round';
import { summarize } from './lib/measure';
import { cpuCount, processRssKb, waitForQuietLoad } from './lib/proc';
import { CONNECT_CONCURRENCY, createSocketFleet, type Person } from './lib/socket-fleet';
import { latencyStats, median, round } from './lib/stats';
import type { GoalResult, Scenario, ScenarioOptions, ScenarioResult } from './lib/types';

/**
 * `sockets`: what an idle signed-in browser tab costs the app. With the REAL app (sockets-server.ts)
 * and 5,000 signed-in people (1,000 with --quick), it connects one authenticated websocket per person
 * (Socket.IO, the token checked against the open session, subscribed to the person's own topic, as the
 * web app does), CONNECT_CONCURRENCY at a time, and reports:
 *
 * - connects per second and the app's (and database's) CPU-µs per connect;
 * - the app's resident memory per idle socket: its RSS once every socket is connected and the
 *   connections have settled, less its RSS before the first one, over the number of sockets.
 *
 * There is no bare baseline: the goals are absolute (≤ 40 KB per socket, ≥ 500 connects/s).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const TARGET_KB_PER_SOCKET = 40;
const TARGET_CONNECTS_PER_SEC = 500;
/** How long the idle cost is measured once every socket is connected. */
const IDLE_WINDOW_MS = 10_000;
const SETTLE_MS = 3_000;

/** The median of three RSS reads half a second apart (a read can land mid-GC). */
async function settledRssKb(pid: number): Promise<number> {
  const reads: number[] = [];
  for (let index = 0; index < 3; index += 1) {
    if (index > 0) await sleep(500);
    reads.push(processRssKb(pid));
  }
  return median(reads);
}

async function runSockets(options: ScenarioOptions): Promise<ScenarioResult> {
  const peopleCount = options.quick ? 1000 : 5000;
  const { log } = options;
  log(`sockets: starting PostgreSQL and the app; seeding and signing in ${peopleCount} people...`);
  const server = await spawnServer('sockets', path.join(here, 'sockets-server.ts'), {
    args: ['--people', String(peopleCount)],
    readyTimeoutMs: 900_000,
  });
  const people = server.info.people as Person[];
  const fleet = createSocketFleet(server.url, () => undefined);
  try {
    log(`sockets: ready in ${round(Number(server.info.setUpMs) / 1000, 1)} s; letting the app settle...`);
    await sleep(SETTLE_MS);
    const rssBeforeKb = await settledRssKb(server.pid);
    const load = await waitForQuietLoad(10_000);
    const endCpu = startCpuWindow(server);
    let failures = 0;
    const durations = await fleet.connectAll(people).catch((error: unknown) => {
      failures += 1;
      log(`sockets: connecting failed: ${error instanceof Error ? error.message : String(error)}`);
      return [] as number[];
    });
    const cpu = endCpu();
    const connected = fleet.connected();
    const connectsPerSec = (durations.length / cpu.wallMs) * 1000;
    log(`sockets: ${connected} sockets connected in ${round(cpu.wallMs / 1000, 1)} s; settling...`);
    await sleep(SETTLE_MS);
    const rssAfterKb = await settledRssKb(server.pid);
    const kbPerSocket = connected > 0 ? (rssAfterKb - rssBeforeKb) / connected : Number.NaN;
    // What the connected, idle tabs cost while nobody does anything (heartbeats, the gateway's sweeps).
    const endIdle = startCpuWindow(server, { restartProfile: false }); // the profile stays the connects'
    await sleep(IDLE_WINDOW_MS);
    const idle = endIdle();
    const idleAppPercent = (idle.serverCpuMicros / 1000 / idle.wallMs) * 100;
    const idleDbPercent = (idle.dbCpuMicros / 1000 / idle.wallMs) * 100;

    const sample = latencySample({
      target: 'connect',
      round: 1,
      values: durations,
      cpu,
      operations: durations.length,
      load,
      errors: failures + (peopleCount - connected),
    });
    const connect = latencyStats(durations);
    const problems = [
      ...(connected === peopleCount ? [] : [`only ${connected} of ${peopleCount} sockets connected`]),
      ...(kbPerSocket <= TARGET_KB_PER_SOCKET
        ? []
        : [`${round(kbPerSocket, 1)} KB per socket > ${TARGET_KB_PER_SOCKET}`]),
      ...(connectsPerSec >= TARGET_CONNECTS_PER_SEC
        ? []
        : [`${round(connectsPerSec, 0)} connects/s < ${TARGET_CONNECTS_PER_SEC}`]),
    ];
    const goal: GoalResult = {
      goal: `idle sockets: <= ${TARGET_KB_PER_SOCKET} KB each at ${peopleCount}, >= ${TARGET_CONNECTS_PER_SEC} connects/s`,
      app: {
        sockets: connected,
        rssBeforeKb,
        rssAfterKb,
        rssKbPerSocket: round(kbPerSocket, 1),
        connectsPerSec: round(connectsPerSec, 0),
        connectP50Ms: connect.p50Ms,
        connectP99Ms: connect.p99Ms,
        cpuUsPerConnect: round(sample.cpuUsPerReq, 0),
        dbCpuUsPerConnect: round(sample.extraCpuUsPerReq.db ?? Number.NaN, 0),
        idleAppCpuPercent: round(idleAppPercent, 1),
        idleDbCpuPercent: round(idleDbPercent, 1),
      },
      bound: { rssKbPerSocket: TARGET_KB_PER_SOCKET, connectsPerSec: TARGET_CONNECTS_PER_SEC },
      pass: problems.length === 0,
      ...(problems.length > 0 ? { problems } : {}),
    };
    log(
      `sockets: ${round(kbPerSocket, 1)} KB of RSS per idle socket (${rssBeforeKb} -> ${rssAfterKb} KiB), ` +
        `${round(connectsPerSec, 0)} connects/s, ${round(sample.cpuUsPerReq, 0)} app CPU-µs per connect; ` +
        `idle: ${round(idleAppPercent, 1)} % of a core (app) + ${round(idleDbPercent, 1)} % (database)`,
    );
    return {
      scenario: 'sockets',
      params: {
        people: peopleCount,
        connectConcurrency: CONNECT_CONCURRENCY,
        settleMs: SETTLE_MS,
        database: server.info.database,
      },
      targets: [summarize('connect', [sample])],
      rounds: [sample],
      goals: [goal],
      notes: [
        'connect: from opening the websocket until the subscribe to the own topic is acknowledged ' +
          '(the token and its open session are checked on connect).',
        `idle: the CPU of the app and the database over ${IDLE_WINDOW_MS / 1000} s with every socket connected and nobody doing anything (heartbeats, sweeps).`,
        'RSS per socket: the app process only (PostgreSQL does no per-socket work); it includes what ' +
          'the garbage collector had not yet returned, so it is an upper bound.',
        `${cpuCount()} CPUs shared by the app, PostgreSQL and the ${peopleCount}-socket client fleet.`,
      ],
    };
  } finally {
    log('sockets: stopping...');
    fleet.close();
    await server.stop();
  }
}

export const socketsScenario: Scenario = {
  name: 'sockets',
  description: `RSS per idle authenticated socket at 5,000 sockets (<= ${TARGET_KB_PER_SOCKET} KB) and connects/s (>= ${TARGET_CONNECTS_PER_SEC})`,
  run: runSockets,
};
