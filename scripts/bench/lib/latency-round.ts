import type { ServerChild } from './children';
import { sleep } from './concurrency';
import type { RoundSample } from './measure';
import { processCpuMicros, processTreeCpuMicros } from './proc';
import type { Person } from './socket-fleet';
import { latencyStats, round } from './stats';

/**
 * For the open-loop latency benches (ring, chat), where the load generator times events itself instead
 * of autocannon: the CPU spent during a round (the app child, its database, this process) and the
 * round's RoundSample per target, in the shape the report and the results file use.
 */

export type CpuWindow = {
  wallMs: number;
  ownCpuMicros: number;
  serverCpuMicros: number;
  /** NaN when the database is not ours (a shared TEST_DATABASE_URL server). */
  dbCpuMicros: number;
};

/**
 * Starts measuring now; the returned function ends the window. Several app instances on one database:
 * `serverCpuMicros` is theirs together, the database's counted once (the instance that started it).
 */
export function startCpuWindow(
  serverOrServers: ServerChild | readonly ServerChild[],
  options: { restartProfile?: boolean } = {},
): () => CpuWindow {
  const servers = Array.isArray(serverOrServers)
    ? (serverOrServers as readonly ServerChild[])
    : [serverOrServers as ServerChild];
  // With --profile, the server's profile starts here too (the last window's is the one kept).
  if (options.restartProfile ?? true) for (const server of servers) server.restartProfile();
  const dbPid = servers
    .map((server) => server.info.dbPid)
    .find((pid): pid is number => typeof pid === 'number');
  const serversCpu = () => servers.reduce((sum, server) => sum + processCpuMicros(server.pid), 0);
  const dbBefore = dbPid ? processTreeCpuMicros(dbPid) : Number.NaN;
  const serverBefore = serversCpu();
  const ownBefore = process.cpuUsage();
  const startedAt = performance.now();
  return () => {
    const own = process.cpuUsage(ownBefore);
    return {
      wallMs: performance.now() - startedAt,
      ownCpuMicros: own.user + own.system,
      serverCpuMicros: serversCpu() - serverBefore,
      dbCpuMicros: dbPid ? processTreeCpuMicros(dbPid) - dbBefore : Number.NaN,
    };
  };
}

/**
 * One target's sample of a round: `values` are its latencies (ms). Every target of a round shares the
 * round's CPU, so CPU per operation is the round's total over all `operations` done in it.
 */
export function latencySample(input: {
  target: string;
  round: number;
  values: readonly number[];
  cpu: CpuWindow;
  operations: number;
  load: RoundSample['load'];
  errors: number;
}): RoundSample {
  const { cpu, values } = input;
  const stats = latencyStats(values);
  const operations = Math.max(1, input.operations);
  return {
    target: input.target,
    round: input.round,
    reqPerSec: (values.length / cpu.wallMs) * 1000,
    p50Ms: stats.p50Ms,
    p99Ms: stats.p99Ms,
    requests: values.length,
    errors: input.errors,
    timeouts: 0,
    non2xx: 0,
    cpuUsPerReq: cpu.serverCpuMicros / operations,
    extraCpuUsPerReq: { db: cpu.dbCpuMicros / operations },
    serverCpuPct: (cpu.serverCpuMicros / (cpu.wallMs * 1000)) * 100,
    loadgenCpuPct: (cpu.ownCpuMicros / (cpu.wallMs * 1000)) * 100,
    load: input.load,
  };
}

/**
 * Reports how the child set up, connects every person's socket (timed), then lets the connections
 * settle for a second. `sockets` names them in the log ("sockets", "coach sockets"). Returns the
 * seconds connecting took.
 */
export async function connectFleet(
  context: { scenario: string; log: (line: string) => void; server: ServerChild; sockets: string },
  fleet: { connectAll: (people: readonly Person[]) => Promise<unknown>; connected: () => number },
  people: readonly Person[],
): Promise<number> {
  const { scenario, log, server } = context;
  log(
    `${scenario}: ready on ${String(server.info.database)} in ${round(Number(server.info.setUpMs) / 1000, 1)} s; ` +
      `connecting ${people.length} ${context.sockets}...`,
  );
  const connectStarted = performance.now();
  await fleet.connectAll(people);
  const connectSec = (performance.now() - connectStarted) / 1000;
  log(`${scenario}: ${fleet.connected()} sockets connected and subscribed in ${round(connectSec, 1)} s`);
  await sleep(1_000);
  return connectSec;
}
