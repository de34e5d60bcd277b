import type { Clock } from '#domain/clock';
import { describeErrorForLog } from '../plugins/log-safety';
import { createIntervalJob } from './interval-job';

/** unanswered requests expire and sessions that ran out complete within about 2 s. */
export const SESSION_LIFECYCLE_INTERVAL_MS = 2_000;

/** The pino methods the job uses; Fastify's `app.log` fits. */
export type SessionLifecycleJobLogger = {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
};

export type SessionLifecycleJobDeps = {
  /** sessionRequests.expireDue: pending requests past expires_at -> expired, hold released; the count. */
  expireDue: (now: Date) => Promise<number>;
  /** chatSessions.completeDue: active sessions past start_time + duration -> completed, captured; the count. */
  completeDue: (now: Date) => Promise<number>;
  /**
   * sessionExtensions.expireDue: asks for more time unanswered after 2 minutes (or whose session
   * completed) -> expired, hold released; the count. Optional: without it, nothing of the kind runs.
   */
  expireExtensions?: (now: Date) => Promise<number>;
  /**
   * bookings.closeMissed: confirmed bookings that ended with their room never opened -> coach no-show,
   * hold released; the count. Optional like expireExtensions.
   */
  closeMissedBookings?: (now: Date) => Promise<number>;
  clock: Clock;
  logger: SessionLifecycleJobLogger;
  intervalMs?: number;
};

export type SessionLifecycleRun = {
  /** undefined when that half could not run (it was logged). */
  expired: number | undefined;
  completed: number | undefined;
  /** Asks for more time expired (only when expireExtensions is given). */
  extensionsExpired?: number | undefined;
  /** Bookings closed as missed (only when closeMissedBookings is given). */
  bookingsMissed?: number | undefined;
};

/**
 * The session lifecycle on the server's clock, every 2 s: expires the
 * requests nobody answered within 180 s (hold released) and completes the sessions whose start_time +
 * duration passed (hold captured, coach 95 %), and, with expireExtensions, the asks for more time nobody
 * answered within 2 minutes (hold released), and, with closeMissedBookings, the bookings whose room
 * nobody opened by their end (coach no-show, hold released). The services claim their rows FOR UPDATE SKIP LOCKED
 * and change each by compare-and-set, so several instances may run the job at once. Each half runs
 * even when the other fails; a failure is a warning and the next run picks up whatever is still due.
 */
export function createSessionLifecycleJob(deps: SessionLifecycleJobDeps) {
  const intervalMs = deps.intervalMs ?? SESSION_LIFECYCLE_INTERVAL_MS;

  async function step(
    what: 'expire requests' | 'expire session extensions' | 'complete sessions' | 'close missed bookings',
    run: () => Promise<number>,
  ): Promise<number | undefined> {
    try {
      return await run();
    } catch (error) {
      deps.logger.warn({ err: describeErrorForLog(error) }, `Session lifecycle could not ${what}`);
      return undefined;
    }
  }

  async function tick(now: Date): Promise<SessionLifecycleRun> {
    const expired = await step('expire requests', () => deps.expireDue(now));
    const expireExtensions = deps.expireExtensions;
    const extensionsExpired = expireExtensions
      ? await step('expire session extensions', () => expireExtensions(now))
      : undefined;
    const completed = await step('complete sessions', () => deps.completeDue(now));
    const closeMissed = deps.closeMissedBookings;
    const bookingsMissed = closeMissed
      ? await step('close missed bookings', () => closeMissed(now))
      : undefined;
    if ((expired ?? 0) > 0 || (completed ?? 0) > 0)
      deps.logger.info(
        { expired: expired ?? 0, completed: completed ?? 0 },
        'Session requests expired / sessions completed',
      );
    if ((extensionsExpired ?? 0) > 0)
      deps.logger.info({ extensionsExpired }, 'Requests for more session time expired');
    if ((bookingsMissed ?? 0) > 0)
      deps.logger.info({ bookingsMissed }, 'Booked sessions never opened closed as coach no-shows');
    return {
      expired,
      completed,
      ...(expireExtensions ? { extensionsExpired } : {}),
      ...(closeMissed ? { bookingsMissed } : {}),
    };
  }

  /** runOnce(now = the clock's now). start() and stop() as every job. */
  return createIntervalJob<SessionLifecycleRun, [now: Date]>(
    (now = deps.clock.now()) => tick(now),
    intervalMs,
  );
}

export type SessionLifecycleJob = ReturnType<typeof createSessionLifecycleJob>;
