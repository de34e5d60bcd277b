import type { Database } from '#server/db/client';
import type { RealtimeRepository } from '../realtime.repository';
import type { BusLogger, RealtimeBus } from './bus';
import { createPgBus } from './pg-bus';
import { createRedisBus } from './redis-bus';

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
    pool: deps.db.$client,
    fetchEvent: (topic, seq) => deps.repository.findEvent(deps.db, topic, seq),
    logger: deps.logger,
  });
}
