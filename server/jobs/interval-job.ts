import type { Clock } from '#domain/clock';
import { describeErrorForLog } from '../plugins/log-safety';

/**
 * The shape every periodic job shares: `runOnce` (a run already in progress is shared, not doubled),
 * `start` (run now, then every `intervalMs`; the timer does not keep the process alive) and `stop`
 * (clear the timer, wait for a run in progress). `run` must not throw: a job logs its own failures.
 */
export function createIntervalJob<T, A extends unknown[] = []>(
  run: (...args: A | []) => Promise<T>,
  intervalMs: number,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T> | undefined;

  function runOnce(...args: A | []): Promise<T> {
    running ??= run(...args).finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    runOnce,
    start(): void {
      if (timer) return;
      void runOnce();
      timer = setInterval(() => void runOnce(), intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

/** The pino methods a job logs with; Fastify's `app.log` fits. */
export type JobLogger = {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
};

/** What the counting jobs are given: the clock, the logger, and an interval to replace their default. */
export type CountingJobDeps = {
  clock: Clock;
  logger: JobLogger;
  intervalMs?: number;
};

/**
 * A job whose run is one step at `now` (the clock's now unless given) answering how many rows it
 * handled, every `deps.intervalMs` (else `job.intervalMs`): a count above zero is logged (`done`, the
 * count under `countField`), a failure (database down) is a warning (`failed`) and answers undefined;
 * the next run picks up whatever is still due.
 */
export function createCountingJob(
  deps: CountingJobDeps,
  job: {
    step: (now: Date) => Promise<number>;
    intervalMs: number;
    countField: string;
    done: string;
    failed: string;
  },
) {
  return createIntervalJob<number | undefined, [now: Date]>(async (now = deps.clock.now()) => {
    try {
      const count = await job.step(now);
      if (count > 0) deps.logger.info({ [job.countField]: count }, job.done);
      return count;
    } catch (error) {
      deps.logger.warn({ err: describeErrorForLog(error) }, job.failed);
      return undefined;
    }
  }, deps.intervalMs ?? job.intervalMs);
}
