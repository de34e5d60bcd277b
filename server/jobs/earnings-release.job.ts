import type { Clock } from '#domain/clock';
import { describeErrorForLog } from '../plugins/log-safety';
import { createIntervalJob } from './interval-job';

/** Captured earnings are made available at start-up and then every 10 minutes. */
export const EARNINGS_RELEASE_INTERVAL_MS = 10 * 60_000;

/** The pino methods the job uses; Fastify's `app.log` fits. */
export type EarningsReleaseJobLogger = {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
};

export type EarningsReleaseJobDeps = {
  /** EarningsService.releaseDue: releases what is due at `now`, returns how many holds it released. */
  releaseDue: (now: Date) => Promise<number>;
  clock: Clock;
  logger: EarningsReleaseJobLogger;
  intervalMs?: number;
};

/**
 * Moves coaches' captured earnings from pending to available once `earnings_hold_days` have passed
 * (EarningsService.releaseDue: one compare-and-set per hold, batches claimed FOR UPDATE SKIP LOCKED, so
 * several instances may run it at once). A run that fails (database down) is a warning; the next run
 * picks up whatever is still due.
 */
export function createEarningsReleaseJob(deps: EarningsReleaseJobDeps) {
  const intervalMs = deps.intervalMs ?? EARNINGS_RELEASE_INTERVAL_MS;

  async function release(now: Date): Promise<number | undefined> {
    try {
      const released = await deps.releaseDue(now);
      if (released > 0) deps.logger.info({ released }, 'Coach earnings made available');
      return released;
    } catch (error) {
      deps.logger.warn({ err: describeErrorForLog(error) }, 'Coach earnings release could not run');
      return undefined;
    }
  }

  /** runOnce(now = the clock's now): undefined when it could not run. start() and stop() as every job. */
  return createIntervalJob<number | undefined, [now: Date]>(
    (now = deps.clock.now()) => release(now),
    intervalMs,
  );
}

export type EarningsReleaseJob = ReturnType<typeof createEarningsReleaseJob>;
