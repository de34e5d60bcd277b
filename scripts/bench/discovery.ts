import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer, type ServerChild } from './lib/children';
import {
  measureRound,
  roundedSample,
  summarize,
  type LoadShape,
  type RoundSample,
  type TargetSummary,
} from './lib/measure';
import { cpuCount, processTreeCpuMicros, waitForQuietLoad } from './lib/proc';
import { round } from './lib/stats';
import type { GoalResult, Scenario, ScenarioOptions, ScenarioResult } from './lib/types';
import { atLeast, atMost } from './lib/verdict';

/**
 * Scenario `discovery` (goals G2, G3): GET /api/coaches over N seeded coaches (default 100,000) on
 * the real app at 10 concurrent clients, next to the same SQL run through the raw `pg` driver with
 * the same pool size, in the same process and run (scripts/bench/discovery-server.ts), rounds
 * alternating API / raw. Plus EXPLAIN (ANALYZE) of the discovery queries (no Seq Scan and no Sort
 * over coach_directory) and the SQL's own latency one query at a time.
 *
 * Goals (issue #16): G2, the API's req/s at least G2.minRatio of the raw SQL's (medians over the
 * rounds); G3, the SQL one query at a time p50 <= G3.maxP50Ms and p99 <= G3.maxP99Ms, and no Seq Scan
 * or Sort over coach_directory in the plans. Errors or non-2xx answers fail G2 too.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

/** The benchmark request: a category, online now, a price ceiling, best rated first. */
export const DISCOVERY_BENCH_PATH = '/api/coaches?category=sleep&online=true&maxPrice=4000&sort=rating';

/** Index-backed first pages that must never scan or sort the directory. */
const EXPLAINED_PATHS = [
  DISCOVERY_BENCH_PATH,
  '/api/coaches?sort=rating',
  '/api/coaches?sort=price',
  '/api/coaches?sort=availability',
  '/api/coaches?minRating=4.5&category=career&sort=rating',
];

const G2 = { name: 'G2 discovery API vs raw SQL', minRatio: 0.75 };
const G3 = { name: 'G3 discovery SQL', maxP50Ms: 1, maxP99Ms: 5 };
const CONNECTIONS = 10;
const WARMUP_SEC = 3;

type RawRound = {
  requests: number;
  errors: number;
  wallMs: number;
  perSec: number;
  p50Ms: number;
  p99Ms: number;
  cpuUsPerReq: number;
};
type Explained = { path: string; executionMs: number; nodes: string[]; problems: string[] };
type Serial = { count: number; p50Ms: number; p99Ms: number };

async function control<T>(server: ServerChild, pathAndQuery: string, timeoutMs: number): Promise<T> {
  const port = server.info.controlPort;
  if (typeof port !== 'number') throw new Error('the discovery child reported no control port');
  const response = await fetch(`http://127.0.0.1:${port}${pathAndQuery}`, {
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`control ${pathAndQuery}: ${body.error ?? response.status}`);
  return body;
}

/** A raw round as a RoundSample, so both targets share the summary and the table. */
async function measureRaw(
  server: ServerChild,
  durationSec: number,
  roundNumber: number,
): Promise<RoundSample> {
  const load = await waitForQuietLoad(10_000);
  const dbPid = server.info.dbPid;
  const dbBefore = typeof dbPid === 'number' ? processTreeCpuMicros(dbPid) : Number.NaN;
  const raw = await control<RawRound>(
    server,
    `/raw?concurrency=${CONNECTIONS}&durationMs=${durationSec * 1000}`,
    (durationSec + 30) * 1000,
  );
  const dbAfter = typeof dbPid === 'number' ? processTreeCpuMicros(dbPid) : Number.NaN;
  return {
    target: 'raw-sql',
    round: roundNumber,
    reqPerSec: raw.perSec,
    p50Ms: raw.p50Ms,
    p99Ms: raw.p99Ms,
    requests: raw.requests,
    errors: raw.errors,
    timeouts: 0,
    non2xx: 0,
    cpuUsPerReq: raw.cpuUsPerReq,
    extraCpuUsPerReq: { db: (dbAfter - dbBefore) / Math.max(1, raw.requests) },
    serverCpuPct: Number.NaN,
    loadgenCpuPct: 0,
    load,
  };
}

const medians = (summary: TargetSummary) => ({
  reqPerSec: summary.reqPerSec.median,
  p50Ms: summary.p50Ms.median,
  p99Ms: summary.p99Ms.median,
  cpuUsPerReq: summary.cpuUsPerReq.median,
  dbCpuUsPerReq: summary.extraCpuUsPerReq.db?.median ?? null,
});

function evaluateG2(raw: TargetSummary, api: TargetSummary): GoalResult {
  const ratio = api.reqPerSec.median / raw.reqPerSec.median;
  const problems: string[] = [...atLeast('API req/s / raw SQL req/s', round(ratio, 3), G2.minRatio)];
  for (const target of [raw, api]) {
    if (target.errors > 0) problems.push(`${target.name}: ${target.errors} errors`);
    if (target.non2xx > 0) problems.push(`${target.name}: ${target.non2xx} non-2xx responses`);
  }
  return {
    goal: G2.name,
    baseline: medians(raw),
    app: medians(api),
    ratio: round(ratio, 3),
    bound: { ratio: `>= ${G2.minRatio}` },
    pass: problems.length === 0,
    ...(problems.length > 0 ? { problems } : {}),
  };
}

function evaluateG3(serial: Serial, explained: Explained[]): GoalResult {
  const problems = [
    ...atMost('serial p50', round(serial.p50Ms, 3), G3.maxP50Ms, ' ms'),
    ...atMost('serial p99', round(serial.p99Ms, 3), G3.maxP99Ms, ' ms'),
    ...explained.flatMap((entry) => entry.problems.map((problem) => `${entry.path}: ${problem}`)),
  ];
  return {
    goal: G3.name,
    serialP50Ms: round(serial.p50Ms, 3),
    serialP99Ms: round(serial.p99Ms, 3),
    explain: explained.map((entry) => ({
      path: entry.path,
      executionMs: round(entry.executionMs, 3),
      plan: [...new Set(entry.nodes)].join(' > '),
    })),
    bound: {
      p50Ms: `<= ${G3.maxP50Ms}`,
      p99Ms: `<= ${G3.maxP99Ms}`,
      plan: 'no Seq Scan or Sort over coach_directory',
    },
    pass: problems.length === 0,
    ...(problems.length > 0 ? { problems } : {}),
  };
}

async function runDiscovery(options: ScenarioOptions): Promise<ScenarioResult> {
  const coaches = options.quick ? 20_000 : 100_000;
  const rounds = options.rounds ?? (options.quick ? 2 : 3);
  const durationSec = options.durationSec ?? (options.quick ? 3 : 5);
  const shape: LoadShape = {
    path: DISCOVERY_BENCH_PATH,
    durationSec,
    connections: CONNECTIONS,
    pipelining: 1,
  };
  const { log } = options;

  log(
    `discovery: starting PostgreSQL, seeding ${coaches.toLocaleString('en-US')} coaches, starting the app...`,
  );
  const server = await spawnServer('discovery', path.join(here, 'discovery-server.ts'), {
    args: ['--coaches', String(coaches), '--path', DISCOVERY_BENCH_PATH],
    readyTimeoutMs: 600_000,
  });
  try {
    log(
      `discovery: seeded in ${round(Number(server.info.seedMs) / 1000, 1)} s; pool size ${String(server.info.poolSize)}`,
    );
    const first = await fetch(new URL(DISCOVERY_BENCH_PATH, server.url));
    const page = (await first.json()) as { coaches?: unknown[] };
    if (first.status !== 200 || !Array.isArray(page.coaches) || page.coaches.length === 0)
      throw new Error(
        `GET ${DISCOVERY_BENCH_PATH} answered ${first.status} with ${JSON.stringify(page).slice(0, 300)}`,
      );

    const dbPid = server.info.dbPid;
    const apiTarget = {
      name: 'api',
      url: server.url,
      pid: server.pid,
      ...(typeof dbPid === 'number' ? { extraPids: { db: dbPid } } : {}),
    };

    log(`discovery: warm-up ${WARMUP_SEC} s each`);
    await measureRound(apiTarget, { ...shape, durationSec: WARMUP_SEC }, 0, { waitForQuiet: false });
    await control<RawRound>(
      server,
      `/raw?concurrency=${CONNECTIONS}&durationMs=${WARMUP_SEC * 1000}`,
      60_000,
    );

    const samples: RoundSample[] = [];
    for (let roundNumber = 1; roundNumber <= rounds; roundNumber += 1) {
      for (const which of ['raw-sql', 'api'] as const) {
        const sample =
          which === 'api'
            ? await measureRound(apiTarget, shape, roundNumber, { waitForQuiet: true })
            : await measureRaw(server, durationSec, roundNumber);
        samples.push(sample);
        log(
          `discovery: round ${roundNumber}/${rounds} ${sample.target.padEnd(7)} ${Math.round(sample.reqPerSec)} req/s, ` +
            `p50 ${round(sample.p50Ms, 2)} ms, p99 ${round(sample.p99Ms, 2)} ms`,
        );
      }
    }

    log('discovery: EXPLAIN (ANALYZE) and serial timings');
    const explained: Explained[] = [];
    for (const explainedPath of EXPLAINED_PATHS)
      explained.push(
        await control<Explained>(server, `/explain?path=${encodeURIComponent(explainedPath)}`, 60_000),
      );
    for (const entry of explained)
      log(
        `discovery: ${entry.problems.length === 0 ? 'ok  ' : 'FAIL'} ${entry.path}: ${round(entry.executionMs, 3)} ms, ` +
          `${[...new Set(entry.nodes)].join(' > ')}${entry.problems.length ? ` (${entry.problems.join(', ')})` : ''}`,
      );
    const serial = await control<Serial>(server, '/serial?count=1000', 120_000);
    log(`discovery: one at a time: p50 ${round(serial.p50Ms, 3)} ms, p99 ${round(serial.p99Ms, 3)} ms`);

    const raw = summarize('raw-sql', samples);
    const api = summarize('api', samples);
    return {
      scenario: 'discovery',
      params: {
        ...shape,
        coaches,
        rounds,
        warmupSec: WARMUP_SEC,
        poolSize: server.info.poolSize,
        order: 'raw-sql/api alternating',
        seedMs: server.info.seedMs,
        sql: server.info.sql,
        bound: { G2, G3 },
      },
      targets: [raw, api],
      rounds: samples.map(roundedSample),
      goals: [evaluateG2(raw, api), evaluateG3(serial, explained)],
      notes: [
        `${cpuCount()} CPUs shared by autocannon, the app and PostgreSQL; the raw loop needs no load generator, so the ratio is pessimistic for the API.`,
        `Seeding ${coaches.toLocaleString('en-US')} coaches took ${round(Number(server.info.seedMs) / 1000, 1)} s.`,
      ],
    };
  } finally {
    log('discovery: stopping the server...');
    await server.stop();
  }
}

export const discoveryScenario: Scenario = {
  name: 'discovery',
  description: `GET /api/coaches over 100k coaches vs the same SQL on the raw pg driver (G2: >= ${G2.minRatio} of its req/s; G3: serial p50 <= ${G3.maxP50Ms} ms, p99 <= ${G3.maxP99Ms} ms, no Seq Scan or Sort)`,
  run: runDiscovery,
};
