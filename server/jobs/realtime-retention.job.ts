import { createCountingJob, type CountingJobDeps } from './interval-job';

/** Hourly: recorded realtime events older than a day are deleted (realtime.prune). */
export const REALTIME_RETENTION_INTERVAL_MS = 60 * 60_000;

/**
 * Keeps realtime_events from growing without end (every presence change and request event is
 * recorded). Deleting is idempotent, so several instances may run it at once. A failure is a warning;
 * the next run deletes what is still due.
 */
export function createRealtimeRetentionJob(
  deps: CountingJobDeps & { prune: (now: Date) => Promise<number> },
) {
  return createCountingJob(deps, {
    step: deps.prune,
    intervalMs: REALTIME_RETENTION_INTERVAL_MS,
    countField: 'deleted',
    done: 'Old realtime events deleted',
    failed: 'Realtime events could not be pruned',
  });
}

export type RealtimeRetentionJob = ReturnType<typeof createRealtimeRetentionJob>;
