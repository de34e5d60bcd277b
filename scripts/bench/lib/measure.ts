import autocannon, { type Result } from 'autocannon';
import { processCpuMicros, processTreeCpuMicros, waitForQuietLoad, type LoadCheck } from './proc';
import { round, roundSpread, spread, type Spread } from './stats';

/**
 * One measured round: autocannon (in this process) against one server child, with the child's CPU
 * time read from /proc before and after, and the load average checked first.
 */

export type Target = {
  name: string;
  url: string;
  /** The server process: its CPU time per request is what we compare. */
  pid: number;
  /** Other processes whose CPU we report per request too (e.g. `db` -> postmaster, tree-summed). */
  extraPids?: Record<string, number>;
};

export type LoadShape = { path: string; durationSec: number; connections: number; pipelining: number };

export type RoundSample = {
  target: string;
  round: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  cpuUsPerReq: number;
  extraCpuUsPerReq: Record<string, number>;
  /** Server CPU time / wall time, in % of one CPU: near 100 means the server was the bottleneck. */
  serverCpuPct: number;
  /**
   * Our own (autocannon's) CPU time / wall time. Near 100 means the load generator, not the
   * server, capped the req/s: that round says little about the server's capacity.
   */
  loadgenCpuPct: number;
  load: LoadCheck;
};

export type TargetSummary = {
  name: string;
  rounds: number;
  reqPerSec: Spread;
  p50Ms: Spread;
  p99Ms: Spread;
  cpuUsPerReq: Spread;
  extraCpuUsPerReq: Record<string, Spread>;
  serverCpuPct: Spread;
  loadgenCpuPct: Spread;
  errors: number;
  non2xx: number;
};

/** autocannon, bounded: if it has not finished well after its duration, stop it and fail. */
export function runAutocannon(url: string, shape: LoadShape): Promise<Result> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const instance = autocannon(
      {
        url: new URL(shape.path, url).toString(),
        connections: shape.connections,
        pipelining: shape.pipelining,
        duration: shape.durationSec,
      },
      (error, result) => {
        if (settled) return;
        settled = true;
        clearTimeout(guard);
        if (error) reject(error);
        else resolve(result);
      },
    );
    const guard = setTimeout(
      () => {
        instance.stop();
        // stop() makes autocannon finish on its next tick; give it a moment, then give up.
        setTimeout(() => {
          if (settled) return;
          settled = true;
          reject(new Error(`autocannon against ${url} did not finish`));
        }, 5_000).unref();
      },
      (shape.durationSec + 30) * 1000,
    );
  });
}

function cpuOf(target: Target): { own: number; extra: Record<string, number> } {
  const extra: Record<string, number> = {};
  for (const [name, pid] of Object.entries(target.extraPids ?? {})) extra[name] = processTreeCpuMicros(pid);
  return { own: processCpuMicros(target.pid), extra };
}

export async function measureRound(
  target: Target,
  shape: LoadShape,
  roundNumber: number,
  options: { waitForQuiet: boolean },
): Promise<RoundSample> {
  const load = options.waitForQuiet
    ? await waitForQuietLoad(10_000)
    : { loadBefore: Number.NaN, loadAtStart: Number.NaN, waitedMs: 0, busy: false };
  const before = cpuOf(target);
  const ownBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const result = await runAutocannon(target.url, shape);
  const wallMicros = (performance.now() - wallBefore) * 1000;
  const own = process.cpuUsage(ownBefore);
  const after = cpuOf(target);
  const requests = result.requests.total;
  const perRequest = (delta: number) => (requests > 0 ? delta / requests : Number.NaN);
  const extraCpuUsPerReq: Record<string, number> = {};
  for (const name of Object.keys(before.extra)) {
    extraCpuUsPerReq[name] = perRequest(
      (after.extra[name] ?? Number.NaN) - (before.extra[name] ?? Number.NaN),
    );
  }
  return {
    target: target.name,
    round: roundNumber,
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    cpuUsPerReq: perRequest(after.own - before.own),
    extraCpuUsPerReq,
    serverCpuPct: ((after.own - before.own) / wallMicros) * 100,
    loadgenCpuPct: ((own.user + own.system) / wallMicros) * 100,
    load,
  };
}

export function summarize(name: string, samples: readonly RoundSample[]): TargetSummary {
  const mine = samples.filter((sample) => sample.target === name);
  const extraNames = [...new Set(mine.flatMap((sample) => Object.keys(sample.extraCpuUsPerReq)))];
  return {
    name,
    rounds: mine.length,
    reqPerSec: roundSpread(spread(mine.map((sample) => sample.reqPerSec)), 0),
    p50Ms: roundSpread(spread(mine.map((sample) => sample.p50Ms))),
    p99Ms: roundSpread(spread(mine.map((sample) => sample.p99Ms))),
    cpuUsPerReq: roundSpread(spread(mine.map((sample) => sample.cpuUsPerReq)), 1),
    extraCpuUsPerReq: Object.fromEntries(
      extraNames.map((extra) => [
        extra,
        roundSpread(spread(mine.map((sample) => sample.extraCpuUsPerReq[extra] ?? Number.NaN)), 1),
      ]),
    ),
    serverCpuPct: roundSpread(spread(mine.map((sample) => sample.serverCpuPct)), 0),
    loadgenCpuPct: roundSpread(spread(mine.map((sample) => sample.loadgenCpuPct)), 0),
    errors: mine.reduce((sum, sample) => sum + sample.errors, 0),
    non2xx: mine.reduce((sum, sample) => sum + sample.non2xx, 0),
  };
}

/** A RoundSample with display-friendly rounding, for the results file. */
export function roundedSample(sample: RoundSample): RoundSample {
  return {
    ...sample,
    reqPerSec: round(sample.reqPerSec, 0),
    cpuUsPerReq: round(sample.cpuUsPerReq, 1),
    serverCpuPct: round(sample.serverCpuPct, 0),
    loadgenCpuPct: round(sample.loadgenCpuPct, 0),
    extraCpuUsPerReq: Object.fromEntries(
      Object.entries(sample.extraCpuUsPerReq).map(([name, value]) => [name, round(value, 1)]),
    ),
    load: {
      ...sample.load,
      loadBefore: round(sample.load.loadBefore),
      loadAtStart: round(sample.load.loadAtStart),
    },
  };
}
