import type pg from 'pg';
import type { Database } from '#server/db/client';
import type { RealtimeRepository } from '../realtime.repository';
import type { BusLogger, RealtimeBus } from './bus';
import { createPgBus } from './pg-bus';
import { createRedisBus } from './redis-bus';

/** The pg pool under the Drizzle client (drizzle() keeps it as $client). */
function poolOf(db: Database): pg.Pool {
  const pool = (db as unknown as { $client?: pg.Pool }).$client;
  if (!pool?.options) throw new Error('The realtime bus needs the Drizzle client of a pg.Pool');
  return pool;
}

/** Redis pub/sub when REDIS_URL is set, otherwise LISTEN/NOTIFY on the app's PostgreSQL. */
export function createRealtimeBus(deps: {
  redisUrl: string | undefined;
  db: Database;
  repository: RealtimeRepository;
  logger: BusLogger;
}): RealtimeBus {
  if (deps.redisUrl) return createRedisBus({ url: deps.redisUrl, logger: deps.logger });
  return createPgBus({
    // The app's pool: publish runs on it; the listener opens its own connection with the same settings.
    pool: poolOf(deps.db),
    fetchEvent: (topic, seq) => deps.repository.findEvent(deps.db, topic, seq),
    logger: deps.logger,
  });
}
