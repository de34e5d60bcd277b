import fs from 'node:fs';

/**
 * Small process helpers for the embedded PostgreSQL (embedded-postgres.ts, data-directory.ts) and for
 * the bench harness that reaps the databases its children started (scripts/bench/lib/children.ts).
 */

/** Whether a process exists (EPERM: it does, but belongs to another user). */
export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the process is gone; false when it is still there after `timeoutMs`. */
export async function waitForExit(pid: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/** The pid on the first line of a PostgreSQL `postmaster.pid` file; undefined when unreadable or not a pid. */
export function readPostmasterPid(pidFile: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** A process's command line (Linux /proc); undefined without /proc or once the process is gone. */
export function commandLine(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return undefined;
  }
}
