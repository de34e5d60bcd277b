import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer, type ServerChild } from './lib/children';
import { roundedSample, summarize, type RoundSample } from './lib/measure';
import { cpuCount, processCpuMicros, processTreeCpuMicros, waitForQuietLoad } from './lib/proc';
import { round } from './lib/stats';
import type { GoalResult, Scenario, ScenarioOptions, ScenarioResult } from './lib/types';
import { atLeast, atMost, verdict } from './lib/verdict';

/**
 * Scenario `wallet`: holds and captures per second through the REAL settlement
 * service (createSettlementService with the real ledger: row locks on debited wallets, balance reads,
 * the compare-and-set on money_holds, the deferred balance triggers) on real PostgreSQL with 50
 * concurrent clients (50 async workers, a pool of 50 connections), wallets funded through the real
 * top-up path. Next to it, in the same run and process, the bare insert rate of the same rows: the
 * same number of money_holds / ledger_transactions / ledger_entries rows as the settlement round
 * wrote, plain INSERTs by the same 50 workers, two transactions per pair as settlement commits.
 * Rounds alternate settlement / bare. After the last round the ledger invariants are checked
 * (ledger.checkInvariants plus settlement sums).
 *
 * Goal (issue #16): hold+capture pairs per second at least MIN_RATIO of the bare inserts' pairs per
 * second (medians over the rounds), at most MAX_APP_CPU_US_PER_OPERATION CPU-µs of the runner (the app's
 * code: settlement service, ledger, pool) per operation (a hold or a capture), and the ledger invariants
 * hold; a failed operation fails it too.
 *
 * Child: scripts/bench/wallet-server.ts (control server on loopback, as discovery-server.ts).
 */

const here = path.dirname(fileURLToPath(import.meta.url));

const CLIENTS = 50;
const COACHES = 10;
const WARMUP_SEC = 2;
const GOAL = 'wallet settlement vs bare inserts';
const MIN_RATIO = 0.35;
const MAX_APP_CPU_US_PER_OPERATION = 1000;

type LatencyStats = { count: number; p50Ms: number; p99Ms: number };
type AppRound = {
  pairs: number;
  wallMs: number;
  errors: Record<string, number>;
  errorCount: number;
  hold: LatencyStats;
  capture: LatencyStats;
  cpuMicros: number;
};
type BareRound = {
  pairs: number;
  wallMs: number;
  errors: number;
  transaction: LatencyStats;
  cpuMicros: number;
};
type Check = {
  ok: boolean;
  problems: string[];
  invariants: { ok: boolean; total: string; unbalancedTransactions: unknown[]; negativeAccounts: unknown[] };
  counts: Record<string, number>;
  balances: Record<string, number>;
  totals: Record<string, number>;
};

async function control<T>(server: ServerChild, pathAndQuery: string, timeoutMs: number): Promise<T> {
  const response = await fetch(`${server.url}${pathAndQuery}`, { signal: AbortSignal.timeout(timeoutMs) });
  const body = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`wallet control ${pathAndQuery}: ${body.error ?? response.status}`);
  return body;
}

/** Runs one control round and reads the runner's and the database's CPU around it. */
async function measured<T extends { cpuMicros: number }>(
  server: ServerChild,
  pathAndQuery: string,
  timeoutMs: number,
) {
  const load = await waitForQuietLoad(10_000);
  const dbPid = typeof server.info.dbPid === 'number' ? server.info.dbPid : undefined;
  const dbBefore = dbPid ? processTreeCpuMicros(dbPid) : Number.NaN;
  const ownBefore = processCpuMicros(server.pid);
  const result = await control<T>(server, pathAndQuery, timeoutMs);
  const own = processCpuMicros(server.pid) - ownBefore;
  const db = dbPid ? processTreeCpuMicros(dbPid) - dbBefore : Number.NaN;
  return { result, load, ownCpuMicros: own, dbCpuMicros: db };
}

function sample(
  target: string,
  roundNumber: number,
  input: {
    perSec: number;
    latency: LatencyStats;
    operations: number;
    errors: number;
    wallMs: number;
    ownCpuMicros: number;
    dbCpuMicros: number;
    load: RoundSample['load'];
  },
): RoundSample {
  const per = (micros: number) => micros / Math.max(1, input.operations);
  return {
    target,
    round: roundNumber,
    reqPerSec: input.perSec,
    p50Ms: input.latency.p50Ms,
    p99Ms: input.latency.p99Ms,
    requests: input.latency.count,
    errors: input.errors,
    timeouts: 0,
    non2xx: 0,
    cpuUsPerReq: per(input.ownCpuMicros),
    extraCpuUsPerReq: { db: per(input.dbCpuMicros) },
    serverCpuPct: (input.ownCpuMicros / (input.wallMs * 1000)) * 100,
    // No load generator: the workers are the runner itself.
    loadgenCpuPct: Number.NaN,
    load: input.load,
  };
}

async function runWallet(options: ScenarioOptions): Promise<ScenarioResult> {
  const rounds = options.rounds ?? (options.quick ? 2 : 3);
  const durationSec = options.durationSec ?? (options.quick ? 3 : 10);
  const { log } = options;

  log(`wallet: starting PostgreSQL, ${CLIENTS} clients and ${COACHES} coaches, funding the wallets...`);
  const server = await spawnServer('wallet', path.join(here, 'wallet-server.ts'), {
    args: ['--clients', String(CLIENTS), '--coaches', String(COACHES)],
    readyTimeoutMs: 300_000,
  });
  try {
    log(
      `wallet: ready on ${String(server.info.database)} in ${round(Number(server.info.setUpMs) / 1000, 1)} s`,
    );
    const timeout = (durationSec + 120) * 1000;

    log(`wallet: warm-up ${WARMUP_SEC} s`);
    const warm = await control<AppRound>(server, `/app?durationMs=${WARMUP_SEC * 1000}`, timeout);
    await control<BareRound>(server, `/bare?pairs=${warm.pairs}`, timeout);

    const samples: RoundSample[] = [];
    const appRounds: AppRound[] = [];
    const bareRounds: BareRound[] = [];
    for (let roundNumber = 1; roundNumber <= rounds; roundNumber += 1) {
      const app = await measured<AppRound>(server, `/app?durationMs=${durationSec * 1000}`, timeout);
      const pairs = app.result.pairs;
      const appPerSec = (pairs / app.result.wallMs) * 1000;
      // Both operations share the round's CPU: per operation it is the round's total over 2 x pairs.
      for (const [target, latency] of [
        ['hold', app.result.hold],
        ['capture', app.result.capture],
      ] as const)
        samples.push(
          sample(target, roundNumber, {
            perSec: appPerSec,
            latency,
            operations: pairs * 2,
            errors: app.result.errorCount,
            wallMs: app.result.wallMs,
            ownCpuMicros: app.ownCpuMicros,
            dbCpuMicros: app.dbCpuMicros,
            load: app.load,
          }),
        );
      appRounds.push(app.result);

      const bare = await measured<BareRound>(server, `/bare?pairs=${pairs}`, timeout);
      const barePerSec = (bare.result.pairs / bare.result.wallMs) * 1000;
      samples.push(
        sample('bare-insert', roundNumber, {
          perSec: barePerSec,
          latency: bare.result.transaction,
          operations: bare.result.pairs * 2,
          errors: bare.result.errors,
          wallMs: bare.result.wallMs,
          ownCpuMicros: bare.ownCpuMicros,
          dbCpuMicros: bare.dbCpuMicros,
          load: bare.load,
        }),
      );
      bareRounds.push(bare.result);
      const errorText = app.result.errorCount > 0 ? `, errors ${JSON.stringify(app.result.errors)}` : '';
      log(
        `wallet: round ${roundNumber}/${rounds} settlement ${Math.round(appPerSec)} hold+capture/s ` +
          `(hold p50 ${round(app.result.hold.p50Ms, 2)} / p99 ${round(app.result.hold.p99Ms, 2)} ms, ` +
          `capture p50 ${round(app.result.capture.p50Ms, 2)} / p99 ${round(app.result.capture.p99Ms, 2)} ms)${errorText}; ` +
          `bare ${Math.round(barePerSec)} pairs of rows/s (${Math.round(barePerSec * 8)} rows/s, ` +
          `p50 ${round(bare.result.transaction.p50Ms, 2)} / p99 ${round(bare.result.transaction.p99Ms, 2)} ms per transaction)`,
      );
    }

    log('wallet: checking the ledger invariants');
    const checked = await control<Check>(server, '/check', 300_000);
    log(
      checked.ok
        ? `wallet: invariants hold over ${checked.counts.ledgerEntries} entries (${checked.counts.moneyHolds} holds, all captured)`
        : `wallet: INVARIANTS BROKEN: ${checked.problems.join('; ')}`,
    );

    const hold = summarize('hold', samples);
    const capture = summarize('capture', samples);
    const bare = summarize('bare-insert', samples);
    const ratio = round(hold.reqPerSec.median / bare.reqPerSec.median, 3);
    const cpuUsPerOperation = hold.cpuUsPerReq.median;
    const appErrors = appRounds.reduce((sum, entry) => sum + entry.errorCount, 0);
    const bareErrors = bareRounds.reduce((sum, entry) => sum + entry.errors, 0);
    const failures = [
      ...checked.problems,
      ...(appErrors > 0
        ? [
            `settlement: ${appErrors} failed operations (${JSON.stringify(appRounds.map((entry) => entry.errors))})`,
          ]
        : []),
      ...(bareErrors > 0 ? [`bare inserts: ${bareErrors} failed pairs`] : []),
    ];
    const goal: GoalResult = {
      goal:
        `${GOAL}: >= ${MIN_RATIO} of their rate, <= ${MAX_APP_CPU_US_PER_OPERATION} app CPU-µs per ` +
        'operation, the ledger invariants hold',
      baseline: {
        pairsPerSec: bare.reqPerSec.median,
        rowsPerSec: round(bare.reqPerSec.median * 8, 0),
        transactionP50Ms: bare.p50Ms.median,
        transactionP99Ms: bare.p99Ms.median,
        cpuUsPerTransaction: bare.cpuUsPerReq.median,
        dbCpuUsPerTransaction: bare.extraCpuUsPerReq.db?.median ?? null,
      },
      app: {
        holdsPerSec: hold.reqPerSec.median,
        capturesPerSec: capture.reqPerSec.median,
        operationsPerSec: round(hold.reqPerSec.median * 2, 0),
        rowsPerSec: round(hold.reqPerSec.median * 8, 0),
        holdP50Ms: hold.p50Ms.median,
        holdP99Ms: hold.p99Ms.median,
        captureP50Ms: capture.p50Ms.median,
        captureP99Ms: capture.p99Ms.median,
        cpuUsPerOperation,
        dbCpuUsPerOperation: hold.extraCpuUsPerReq.db?.median ?? null,
      },
      ratio,
      invariants: checked.ok ? 'hold' : 'BROKEN',
      bound: {
        ratio: `>= ${MIN_RATIO}`,
        cpuUsPerOperation: `<= ${MAX_APP_CPU_US_PER_OPERATION}`,
        invariants: 'ledger.checkInvariants ok; every hold captured; coach + platform = captured',
        errors: 0,
      },
      ...verdict(
        [
          ...atLeast('hold+capture pairs/s / bare pairs/s', ratio, MIN_RATIO),
          ...atMost('app CPU-µs per operation', cpuUsPerOperation, MAX_APP_CPU_US_PER_OPERATION),
        ],
        failures,
      ),
    };
    log(
      `wallet: ${hold.reqPerSec.median} hold+capture/s = ${ratio} of the bare inserts' ${bare.reqPerSec.median}; ` +
        `${cpuUsPerOperation} app + ${hold.extraCpuUsPerReq.db?.median ?? '-'} db CPU-µs per operation; ` +
        `${goal.pass ? 'PASS' : 'FAIL'} (target >= ${MIN_RATIO}, <= ${MAX_APP_CPU_US_PER_OPERATION} app CPU-µs, invariants hold)`,
    );

    return {
      scenario: 'wallet',
      params: {
        clients: CLIENTS,
        coaches: COACHES,
        poolSize: server.info.poolSize,
        rounds,
        durationSec,
        warmupSec: WARMUP_SEC,
        database: server.info.database,
        prices: server.info.prices,
        order: 'settlement/bare alternating',
        rowsPerPair: { money_holds: 1, ledger_transactions: 2, ledger_entries: 5 },
      },
      targets: [hold, capture, bare],
      rounds: samples.map(roundedSample),
      goals: [goal],
      notes: [
        'req/s: hold and capture = hold+capture pairs per second (each pair is one hold and one capture, ' +
          'each its own transaction); bare-insert = pairs of rows per second (1 money_holds + 2 ' +
          'ledger_transactions + 5 ledger_entries in 2 transactions). p50/p99: per operation; for ' +
          'bare-insert per transaction.',
        'The bare rows go to bench_* copies of the tables (same columns, CHECKs and indexes; no triggers, ' +
          'no foreign keys), written by the same 50 workers on their own connections.',
        `${cpuCount()} CPUs shared by the workers (one Node process) and PostgreSQL; CPU-µs/req is per operation.`,
        `Invariant check: ${JSON.stringify({ counts: checked.counts, balances: checked.balances })}`,
      ],
    };
  } finally {
    log('wallet: stopping...');
    await server.stop();
  }
}

export const walletScenario: Scenario = {
  name: 'wallet',
  description: `holds+captures/s via the real settlement service, 50 clients, vs bare inserts of the same rows (>= ${MIN_RATIO} of their rate, <= ${MAX_APP_CPU_US_PER_OPERATION} app CPU-µs/op, invariants hold)`,
  run: runWallet,
};
