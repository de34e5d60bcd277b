import { systemClock } from '#domain/clock';
import { buildApp, type App } from '#server/app';
import { loadConfig } from '#server/config/env';
import { connectDatabase, type DatabaseHandle } from '#server/db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '#server/db/embedded-postgres';
import { runMigrations } from '#server/db/migrate';
import { appVersion, listenOnLoopback, openBenchChild } from './lib/bench-child';
import { readPostmasterPid } from './lib/proc';

/**
 * Bench child: the real Wellspring app, as production builds it (every plugin, pino at info), on a
 * throwaway embedded PostgreSQL in a temp dir. Started by lib/children.ts with an IPC channel;
 * reports `{ type: 'ready', port, info }`. SIGTERM, SIGINT or the parent going away (IPC
 * disconnect) close the app, the pool and the database, then remove the temp dir.
 */

const { send, dataDir, logFile, stopping, serve } = openBenchChild('app-server.ts');

let embedded: EmbeddedPostgres | undefined;
let database: DatabaseHandle | undefined;
let app: App | undefined;

async function start() {
  // Default (production-like) PostgreSQL settings: the health check is a read, durability
  // settings would not change it, and the app should see the database it normally sees.
  embedded = await startEmbeddedPostgres({ dataDir });
  if (stopping()) return;
  await runMigrations(embedded.url);
  if (stopping()) return;
  // Production defaults except where a benchmark needs otherwise: logs go to a file (stdout would
  // be relayed through the parent and measure the pipe); the rate limit is lifted in case a future
  // scenario hits limited routes (the health route is exempt anyway).
  const config = loadConfig({ LOG_LEVEL: 'info', LOG_FILE: logFile, RATE_LIMIT_MAX: '100000000' });
  database = connectDatabase(embedded.url, { poolSize: config.databasePoolSize });
  app = await buildApp({ config, db: database.db, clock: systemClock, version: appVersion() });
  if (stopping()) return;
  const port = await listenOnLoopback(app);
  send({
    type: 'ready',
    port,
    info: { dbPid: readPostmasterPid(dataDir), logFile, poolSize: config.databasePoolSize },
  });
}

serve(start, async (report) => {
  await app?.close().catch(report('app'));
  await database?.close().catch(report('pool'));
  await embedded?.stop().catch(report('database'));
});
