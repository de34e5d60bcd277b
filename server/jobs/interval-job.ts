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
