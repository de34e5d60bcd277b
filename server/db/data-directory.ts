import fs from 'node:fs';
import path from 'node:path';
import { commandLine, isAlive, readPostmasterPid, sleep, waitForExit } from './processes';

/**
 * The embedded database's data directory: who owns it (one app per directory) and what an earlier,
 * killed run left behind in it.
 */

/** Another live app owns the data directory (and its PostgreSQL): refuse to start instead of stopping it. */
export class DataDirectoryInUseError extends Error {
  constructor(
    readonly ownerPid: number,
    readonly dataDir: string,
  ) {
    super(
      `Wellspring is already running on this data directory (pid ${ownerPid}) — stop it or set DATA_DIR (${dataDir})`,
    );
    this.name = 'DataDirectoryInUseError';
  }
}

type Owner = { pid: number; startTime: string | null };

/** The kernel's start time of a process (Linux): a pid reused by another process has another one. */
function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function readOwner(file: string): Owner | undefined {
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Owner>;
    return typeof owner.pid === 'number' ? { pid: owner.pid, startTime: owner.startTime ?? null } : undefined;
  } catch {
    return undefined;
  }
}

function ownerIsRunning(owner: Owner): boolean {
  if (!isAlive(owner.pid)) return false;
  const startTime = processStartTime(owner.pid);
  // Same pid but another start time: the pid was reused (a restarted container), the owner is gone.
  if (owner.startTime !== null && startTime !== null) return owner.startTime === startTime;
  return owner.pid !== process.pid;
}

/**
 * One app per data directory: `owner.json` records the pid of the app that runs its PostgreSQL. A
 * second app finds the owner alive and refuses; an owner that is gone (killed, crashed) is replaced.
 * Returns the release function.
 */
export async function claimDataDirectory(dataDir: string): Promise<() => void> {
  const file = path.join(dataDir, 'owner.json');
  const me: Owner = { pid: process.pid, startTime: processStartTime(process.pid) };
  for (let attempt = 0; ; attempt += 1) {
    try {
      const fd = fs.openSync(file, 'wx', 0o644); // atomic: exactly one of two racing starts creates it
      fs.writeSync(fd, JSON.stringify(me));
      fs.closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw error;
    }
    const owner = readOwner(file);
    if (owner && ownerIsRunning(owner)) throw new DataDirectoryInUseError(owner.pid, dataDir);
    // Unreadable: possibly being written by a start racing ours this very moment; look again shortly.
    if (!owner && Date.now() - fs.statSync(file).mtimeMs < 2000) {
      await sleep(200);
      continue;
    }
    fs.rmSync(file, { force: true });
  }
  return () => {
    const owner = readOwner(file);
    if (owner?.pid === me.pid && owner.startTime === me.startTime) fs.rmSync(file, { force: true });
  };
}

/**
 * A server left running by an app that was killed (SIGKILL cannot be caught) still holds the data
 * directory. Called only once we own the directory (its owner is gone): stop it before starting our
 * own, fast shutdown first, immediate shutdown if it hangs.
 */
export async function stopStaleServer(dataDir: string, log: (line: string) => void) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = readPostmasterPid(pidFile);
  if (pid === undefined || !isAlive(pid)) return; // postgres itself clears a dead pid file
  // No /proc (macOS): trust the pid file.
  const command = commandLine(pid) ?? 'postgres';
  if (!command.includes('postgres')) {
    // A killed postmaster nobody has reaped yet (a zombie has no command line), or the pid reused by
    // another program: PostgreSQL would take the pid file for a live server and refuse to start. We
    // own the directory, so the file is stale.
    fs.rmSync(pidFile, { force: true });
    return;
  }
  log(`Stopping a PostgreSQL server (pid ${pid}) left running by an earlier run`);
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 15_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (!(await waitForExit(pid, 5_000)))
    throw new Error(`Could not stop the stale PostgreSQL server (pid ${pid})`);
}
