import fs from 'node:fs';
import { stopChildProfiler } from './child-profiler';
import { reapOwnedDir } from './children';

/** Reports a failed close to stderr and carries on (shutdown must reach the end). */
export type CloseReporter = (what: string) => (error: unknown) => void;

/**
 * The end of every bench server child (app-server, discovery-server, wallet-server): on SIGTERM, SIGINT,
 * the parent's disconnect (even a SIGKILLed parent) or a failed start, run `close` once (after whatever
 * `started` got to), remove `tmpDir` and exit. Bounded: if closing hangs for 25 s, the database is killed
 * and the dir removed without waiting. A failed start is sent to the parent as { type: 'error' }.
 */
export function handleServerLifecycle(options: {
  started: Promise<void>;
  tmpDir: string;
  send: (message: Record<string, unknown>) => void;
  onStopping: () => void;
  close: (report: CloseReporter) => Promise<void>;
}) {
  let shuttingDown: Promise<void> | undefined;
  const shutdown = (exitCode: number) => {
    shuttingDown ??= (async () => {
      options.onStopping();
      const force = setTimeout(() => {
        reapOwnedDir(options.tmpDir);
        process.exit(1);
      }, 25_000);
      force.unref();
      await options.started.catch(() => undefined); // whatever start() got to, it is assigned by now
      await stopChildProfiler().catch((error: unknown) =>
        process.stderr.write(`Error writing the CPU profile: ${String(error)}\n`),
      );
      const report: CloseReporter = (what) => (error) =>
        process.stderr.write(`Error closing the ${what}: ${String(error)}\n`);
      await options.close(report);
      fs.rmSync(options.tmpDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      process.exit(exitCode);
    })();
  };
  options.started.catch((error: unknown) => {
    options.send({
      type: 'error',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    shutdown(1);
  });
  process.on('SIGTERM', () => shutdown(0));
  process.on('SIGINT', () => shutdown(0));
  process.on('disconnect', () => shutdown(0));
}
