import { createCountingJob, type CountingJobDeps } from './interval-job';

/** every minute, reviews that became visible by time are counted into coach_stats. */
export const REVIEW_VISIBILITY_INTERVAL_MS = 60_000;

/**
 * A review nobody answered becomes visible 7 days after its session (double-blind). This job finds the
 * reviews whose visible_at has passed and that are not counted yet (ReviewsService.countDueVisible:
 * batches claimed FOR UPDATE SKIP LOCKED, so several instances may run it at once), refreshes their
 * coaches' stats and tells both parties. A failure is a warning; the next run counts what is still due.
 */
export function createReviewVisibilityJob(
  deps: CountingJobDeps & { countDueVisible: (now: Date) => Promise<number> },
) {
  return createCountingJob(deps, {
    step: deps.countDueVisible,
    intervalMs: REVIEW_VISIBILITY_INTERVAL_MS,
    countField: 'counted',
    done: 'Reviews made visible and counted',
    failed: 'Review visibility could not run',
  });
}

export type ReviewVisibilityJob = ReturnType<typeof createReviewVisibilityJob>;
