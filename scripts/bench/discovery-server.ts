import { parseArgs } from 'node:util';
import pg from 'pg';
import { coachSearchQuerySchema } from '#contracts/discovery';
import { systemClock } from '#domain/clock';
import { buildApp, type App } from '#server/app';
import { loadConfig } from '#server/config/env';
import { connectDatabase, type DatabaseHandle } from '#server/db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '#server/db/embedded-postgres';
import { runMigrations } from '#server/db/migrate';
import { planSearch, segmentQuery, type SqlQuery } from '#server/modules/discovery/discovery.query';
import { seedLargeCoaches } from '../seed-large';
import { listenOnLoopback, openBenchChild, startControlServer, type ControlServer } from './lib/bench-child';
import { readPostmasterPid } from './lib/proc';
import { percentile } from './lib/stats';

/**
 * Bench child for the `discovery` scenario: a throwaway embedded PostgreSQL seeded with N coaches
 * (the seed:large generator), the real app on it, and — in the same process, on a pool of the same
 * size — the raw `pg` driver running the very SQL the discovery repository sends. The parent drives
 * the API with autocannon and asks this process, over a small control server on loopback, to run
 * the raw loop for a round (so both see the same process, database and run), to EXPLAIN the
 * discovery queries, and to time them one at a time.
 *
 * Protocol: as app-server.ts (IPC `owns` then `ready` with info.controlPort and info.dbPid).
 */

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: { coaches: { type: 'string', default: '100000' }, path: { type: 'string' } },
});
const coachCount = Number(args.coaches);
if (!args.path) throw new Error('--path is required');
const benchPath = args.path;

const { send, dataDir, logFile, stopping, serve } = openBenchChild('discovery-server.ts', 'discovery');

let embedded: EmbeddedPostgres | undefined;
let database: DatabaseHandle | undefined;
let rawPool: pg.Pool | undefined;
let app: App | undefined;
let control: ControlServer | undefined;

/** The SQL the repository sends for a discovery URL's first page (pageSize + 1 rows: has_more). */
function firstPageQuery(urlPath: string): SqlQuery {
  const url = new URL(urlPath, 'http://bench');
  const params = coachSearchQuerySchema.parse(Object.fromEntries(url.searchParams));
  const plan = planSearch(params);
  return segmentQuery(plan, 0, null, plan.pageSize + 1);
}

/** `concurrency` loops, each awaiting one query at a time, for `durationMs`. */
async function rawRound(query: SqlQuery, concurrency: number, durationMs: number) {
  const pool = rawPool!;
  const latencies: number[] = [];
  let errors = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const at = performance.now();
        try {
          await pool.query(query);
          latencies.push(performance.now() - at);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    wallMs,
    perSec: (latencies.length / wallMs) * 1000,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    cpuUsPerReq: (cpu.user + cpu.system) / Math.max(1, latencies.length),
  };
}

/** One query at a time: the SQL's own latency (goal G3), without queueing. */
async function serialTimings(query: SqlQuery, count: number) {
  const pool = rawPool!;
  const latencies: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const at = performance.now();
    await pool.query(query);
    latencies.push(performance.now() - at);
  }
  latencies.sort((a, b) => a - b);
  return { count, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Actual Rows'?: number; Plans?: PlanNode[] };

/** EXPLAIN (ANALYZE, FORMAT JSON): node types found, and any Seq Scan / Sort that reads coach_directory. */
async function explain(urlPath: string) {
  const query = firstPageQuery(urlPath);
  const result = await rawPool!.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>({
    text: `EXPLAIN (ANALYZE, FORMAT JSON) ${query.text}`,
    values: query.values,
  });
  const root = result.rows[0]!['QUERY PLAN'][0];
  const nodes: string[] = [];
  const problems: string[] = [];
  const walk = (node: PlanNode, underSort: boolean) => {
    nodes.push(
      node['Relation Name'] ? `${node['Node Type']} on ${node['Relation Name']}` : node['Node Type'],
    );
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'coach_directory')
      problems.push('Seq Scan on coach_directory');
    if (node['Relation Name'] === 'coach_directory' && underSort) problems.push('Sort over coach_directory');
    for (const child of node.Plans ?? []) walk(child, underSort || node['Node Type'].includes('Sort'));
  };
  walk(root.Plan, false);
  return { path: urlPath, executionMs: root['Execution Time'], nodes, problems };
}

async function start() {
  embedded = await startEmbeddedPostgres({ dataDir });
  if (stopping()) return;
  await runMigrations(embedded.url);
  const seedClient = new pg.Client({ connectionString: embedded.url });
  await seedClient.connect();
  let seedTimings: Record<string, number>;
  const seedStarted = performance.now();
  try {
    seedTimings = (await seedLargeCoaches(seedClient, { count: coachCount })).timingsMs;
  } finally {
    await seedClient.end();
  }
  const seedMs = Math.round(performance.now() - seedStarted);
  if (stopping()) return;
  const config = loadConfig({ LOG_LEVEL: 'info', LOG_FILE: logFile, RATE_LIMIT_MAX: '100000000' });
  database = connectDatabase(embedded.url, { poolSize: config.databasePoolSize });
  // The baseline's pool: same size, same settings, its own connections.
  rawPool = new pg.Pool({ connectionString: embedded.url, max: config.databasePoolSize });
  app = await buildApp({ config, db: database.db, clock: systemClock, version: 'bench' });
  const port = await listenOnLoopback(app);
  control = await startControlServer({
    '/raw': async (query) =>
      rawRound(
        firstPageQuery(benchPath),
        Number(query.get('concurrency') ?? 10),
        Number(query.get('durationMs') ?? 5000),
      ),
    '/explain': async (query) => explain(query.get('path') ?? benchPath),
    '/serial': async (query) =>
      serialTimings(firstPageQuery(query.get('path') ?? benchPath), Number(query.get('count') ?? 500)),
  });
  send({
    type: 'ready',
    port,
    info: {
      controlPort: control.port,
      dbPid: readPostmasterPid(dataDir),
      poolSize: config.databasePoolSize,
      coaches: coachCount,
      seedMs,
      seedTimings,
      sql: firstPageQuery(benchPath),
    },
  });
}

serve(start, async (report) => {
  await control?.close();
  await app?.close().catch(report('app'));
  await rawPool?.end().catch(report('raw pool'));
  await database?.close().catch(report('pool'));
  await embedded?.stop().catch(report('database'));
});
