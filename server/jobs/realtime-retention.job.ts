import type { Clock } from '#domain/clock';
import { describeErrorForLog } from '../plugins/log-safety';
import { createIntervalJob } from './interval-job';

/** Hourly: recorded realtime events older than a day are deleted (realtime.prune). */
export const REALTIME_RETENTION_INTERVAL_MS = 60 * 60_000;

/**
 * Keeps realtime_events from growing without end (every presence change and request event is
 * recorded). Deleting is idempotent, so several instances may run it at once. A failure is a warning;
 * the next run deletes what is still due.
 */
export function createRealtimeRetentionJob(deps: {
  prune: (now: Date) => Promise<number>;
  clock: Clock;
  logger: { info(fields: object, message: string): void; warn(fields: object, message: string): void };
  intervalMs?: number;
}) {
  return createIntervalJob<number | undefined, [now: Date]>(async (now = deps.clock.now()) => {
    try {
      const deleted = await deps.prune(now);
      if (deleted > 0) deps.logger.info({ deleted }, 'Old realtime events deleted');
      return deleted;
    } catch (error) {
      deps.logger.warn({ err: describeErrorForLog(error) }, 'Realtime events could not be pruned');
      return undefined;
    }
  }, deps.intervalMs ?? REALTIME_RETENTION_INTERVAL_MS);
}

export type RealtimeRetentionJob = ReturnType<typeof createRealtimeRetentionJob>;
