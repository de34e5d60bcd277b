import type { Clock } from '#domain/clock';
import { describeErrorForLog } from '../plugins/log-safety';
import { createIntervalJob } from './interval-job';

/** every minute, reviews that became visible by time are counted into coach_stats. */
export const REVIEW_VISIBILITY_INTERVAL_MS = 60_000;

/**
 * A review nobody answered becomes visible 7 days after its session (double-blind). This job finds the
 * reviews whose visible_at has passed and that are not counted yet (ReviewsService.countDueVisible:
 * batches claimed FOR UPDATE SKIP LOCKED, so several instances may run it at once), refreshes their
 * coaches' stats and tells both parties. A failure is a warning; the next run counts what is still due.
 */
export function createReviewVisibilityJob(deps: {
  countDueVisible: (now: Date) => Promise<number>;
  clock: Clock;
  logger: { info(fields: object, message: string): void; warn(fields: object, message: string): void };
  intervalMs?: number;
}) {
  return createIntervalJob<number | undefined, [now: Date]>(async (now = deps.clock.now()) => {
    try {
      const counted = await deps.countDueVisible(now);
      if (counted > 0) deps.logger.info({ counted }, 'Reviews made visible and counted');
      return counted;
    } catch (error) {
      deps.logger.warn({ err: describeErrorForLog(error) }, 'Review visibility could not run');
      return undefined;
    }
  }, deps.intervalMs ?? REVIEW_VISIBILITY_INTERVAL_MS);
}

export type ReviewVisibilityJob = ReturnType<typeof createReviewVisibilityJob>;
