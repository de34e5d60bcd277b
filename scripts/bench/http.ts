import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer, type ServerChild } from './lib/children';
import {
  measureRound,
  roundedSample,
  summarize,
  type LoadShape,
  type RoundSample,
  type Target,
  type TargetSummary,
} from './lib/measure';
import { cpuCount } from './lib/proc';
import { round } from './lib/stats';
import type { GoalResult, Scenario, ScenarioOptions, ScenarioResult } from './lib/types';

/**
 * Scenario `http`: capacity of GET /api/health on the real app (full plugin stack, pino at info to
 * a file, one database round trip) against a bare node:http JSON handler, in the same run so both
 * see the same machine. The baseline is the ceiling for this machine + load generator; the ratio
 * says how much of it the framework, logging and health query keep.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

/** G1: the app keeps >= 60% of the bare server's throughput at <= 1.7x its CPU per request. */
const G1 = { name: 'G1 http health', minRatio: 0.6, maxCpuRatio: 1.7 };

const WARMUP_SEC = 3;

/** The bare answer is checked up front: measuring 404s or 503s fast would be meaningless. */
async function assertHealthy(server: ServerChild, urlPath: string) {
  const response = await fetch(new URL(urlPath, server.url), { signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  let status: unknown;
  try {
    status = (JSON.parse(text) as { status?: unknown }).status;
  } catch {
    status = undefined;
  }
  if (response.status !== 200 || status !== 'ok' || !response.headers.get('content-type')?.includes('json')) {
    throw new Error(`${server.name} answered GET ${urlPath} with ${response.status}: ${text.slice(0, 300)}`);
  }
}

/** Medians only: the one-line goal summary. Spreads are in the table and the results file. */
const medians = (summary: TargetSummary) => ({
  reqPerSec: summary.reqPerSec.median,
  p50Ms: summary.p50Ms.median,
  p99Ms: summary.p99Ms.median,
  cpuUsPerReq: summary.cpuUsPerReq.median,
  ...Object.fromEntries(
    Object.entries(summary.extraCpuUsPerReq).map(([name, value]) => [`${name}CpuUsPerReq`, value.median]),
  ),
});

function evaluateG1(baseline: TargetSummary, app: TargetSummary): GoalResult {
  const ratio = app.reqPerSec.median / baseline.reqPerSec.median;
  const cpuRatio = app.cpuUsPerReq.median / baseline.cpuUsPerReq.median;
  const problems: string[] = [];
  for (const target of [baseline, app]) {
    if (target.errors > 0) problems.push(`${target.name}: ${target.errors} connection errors`);
    if (target.non2xx > 0) problems.push(`${target.name}: ${target.non2xx} non-2xx responses`);
  }
  if (!Number.isFinite(ratio) || !Number.isFinite(cpuRatio)) problems.push('ratio not computable');
  return {
    goal: G1.name,
    baseline: medians(baseline),
    app: medians(app),
    ratio: round(ratio, 3),
    cpuRatio: round(cpuRatio, 3),
    bound: { ratio: `>= ${G1.minRatio}`, cpuRatio: `<= ${G1.maxCpuRatio}` },
    pass: problems.length === 0 && ratio >= G1.minRatio && cpuRatio <= G1.maxCpuRatio,
    ...(problems.length > 0 ? { problems } : {}),
  };
}

/** Things that change how far the numbers can be trusted, said in words next to them. */
function describeConditions(samples: readonly RoundSample[], baseline: TargetSummary): string[] {
  const notes: string[] = [];
  const waited = samples.filter((sample) => sample.load.waitedMs >= 500);
  const busy = samples.filter((sample) => sample.load.busy);
  const limit = cpuCount() + 0.5;
  if (waited.length > 0) {
    notes.push(
      `${waited.length} of ${samples.length} rounds waited for the 1-min load to drop below ${limit} ` +
        `(longest ${round(Math.max(...waited.map((sample) => sample.load.waitedMs)) / 1000, 1)} s); ` +
        `${busy.length} started with it still above.`,
    );
  }
  if (baseline.loadgenCpuPct.median >= 90) {
    notes.push(
      `autocannon used ~${baseline.loadgenCpuPct.median}% of a CPU against the baseline: the load generator, ` +
        'not the bare server, likely capped baseline req/s, so the req/s ratio flatters the app; cpuRatio is unaffected.',
    );
  }
  notes.push(`${cpuCount()} CPUs shared by autocannon, the server under test and (for the app) PostgreSQL.`);
  return notes;
}

async function runHttp(options: ScenarioOptions): Promise<ScenarioResult> {
  const rounds = options.rounds ?? (options.quick ? 3 : 5);
  const durationSec = options.durationSec ?? (options.quick ? 3 : 5);
  const shape: LoadShape = { path: '/api/health', durationSec, connections: 100, pipelining: 1 };
  const { log } = options;

  const servers: ServerChild[] = [];
  try {
    log('http: starting the baseline and the app (embedded PostgreSQL, migrations)...');
    // Both up front, so rounds can alternate without a start-up in between. allSettled: if one
    // fails, the other is still recorded and stopped in `finally`.
    const started = await Promise.allSettled([
      spawnServer('baseline', path.join(here, 'baseline-server.ts')),
      spawnServer('app', path.join(here, 'app-server.ts')),
    ]);
    for (const outcome of started) if (outcome.status === 'fulfilled') servers.push(outcome.value);
    for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
    const [baselineServer, appServer] = servers as [ServerChild, ServerChild];
    await assertHealthy(baselineServer, shape.path);
    await assertHealthy(appServer, shape.path);

    const dbPid = appServer.info.dbPid;
    const targets: Target[] = [
      { name: 'baseline', url: baselineServer.url, pid: baselineServer.pid },
      {
        name: 'app',
        url: appServer.url,
        pid: appServer.pid,
        ...(typeof dbPid === 'number' ? { extraPids: { db: dbPid } } : {}),
      },
    ];

    // Warm-up (JIT, connection pool, caches): measured by autocannon but not recorded.
    for (const target of targets) {
      log(`http: warm-up ${target.name} ${WARMUP_SEC} s`);
      await measureRound(target, { ...shape, durationSec: WARMUP_SEC }, 0, { waitForQuiet: false });
    }

    // A/B/A/B: alternating spreads slow drifts (thermal, other tenants) over both targets.
    const samples: RoundSample[] = [];
    for (let roundNumber = 1; roundNumber <= rounds; roundNumber += 1) {
      for (const target of targets) {
        const sample = await measureRound(target, shape, roundNumber, { waitForQuiet: true });
        samples.push(sample);
        const waited =
          sample.load.waitedMs >= 500 ? ` (waited ${round(sample.load.waitedMs / 1000, 1)} s for load)` : '';
        log(
          `http: round ${roundNumber}/${rounds} ${target.name.padEnd(8)} ${Math.round(sample.reqPerSec)} req/s, ` +
            `p50 ${sample.p50Ms} ms, p99 ${sample.p99Ms} ms, ${round(sample.cpuUsPerReq, 1)} CPU-µs/req${waited}`,
        );
      }
    }

    const baseline = summarize('baseline', samples);
    const app = summarize('app', samples);
    return {
      scenario: 'http',
      params: { ...shape, rounds, warmupSec: WARMUP_SEC, order: 'baseline/app alternating', bound: G1 },
      targets: [baseline, app],
      rounds: samples.map(roundedSample),
      goals: [evaluateG1(baseline, app)],
      notes: describeConditions(samples, baseline),
    };
  } finally {
    log('http: stopping servers...');
    await Promise.all(servers.map((server) => server.stop()));
  }
}

export const httpScenario: Scenario = {
  name: 'http',
  description: 'GET /api/health on the real app vs a bare node:http JSON handler (goal G1)',
  run: runHttp,
};
