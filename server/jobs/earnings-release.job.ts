import { createCountingJob, type CountingJobDeps } from './interval-job';

/** Captured earnings are made available at start-up and then every 10 minutes. */
export const EARNINGS_RELEASE_INTERVAL_MS = 10 * 60_000;

export type EarningsReleaseJobDeps = CountingJobDeps & {
  /** EarningsService.releaseDue: releases what is due at `now`, returns how many holds it released. */
  releaseDue: (now: Date) => Promise<number>;
};

/**
 * Moves coaches' captured earnings from pending to available once `earnings_hold_days` have passed
 * (EarningsService.releaseDue: one compare-and-set per hold, batches claimed FOR UPDATE SKIP LOCKED, so
 * several instances may run it at once). A run that fails (database down) is a warning; the next run
 * picks up whatever is still due. runOnce(now = the clock's now): undefined when it could not run.
 */
export function createEarningsReleaseJob(deps: EarningsReleaseJobDeps) {
  return createCountingJob(deps, {
    step: deps.releaseDue,
    intervalMs: EARNINGS_RELEASE_INTERVAL_MS,
    countField: 'released',
    done: 'Coach earnings made available',
    failed: 'Coach earnings release could not run',
  });
}

export type EarningsReleaseJob = ReturnType<typeof createEarningsReleaseJob>;
