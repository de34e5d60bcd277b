import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine, isAlive, readPostmasterPid } from '#server/db/processes';

/**
 * Servers under test run in their own child processes so the load generator (autocannon, in the
 * parent) does not share their event loop, and so their CPU time can be read from /proc/<pid>.
 *
 * Protocol (IPC): a child may first send `{ type: 'owns', dir }` naming a temp dir it will remove
 * itself; then `{ type: 'ready', port, info? }` once it listens on 127.0.0.1, or
 * `{ type: 'error', message }` if it cannot start. It must shut down on SIGTERM and when the IPC
 * channel closes (the parent died). If it does not, we SIGKILL it and clean its temp dir for it.
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export type ServerChild = {
  name: string;
  pid: number;
  port: number;
  url: string;
  /** Whatever extra the child reported with `ready` (e.g. the database's pid). */
  info: Record<string, unknown>;
  /**
   * With --profile: the child drops what it has recorded so far and starts again, so its profile
   * covers the measured window that starts now (lib/latency-round.ts startCpuWindow calls it).
   */
  restartProfile: () => void;
  stop: () => Promise<void>;
};

type ChildMessage =
  | { type: 'owns'; dir: string }
  | { type: 'ready'; port: number; info?: Record<string, unknown> }
  | { type: 'error'; message: string };

type Tracked = { child: ChildProcess; ownedDirs: string[]; stop: () => Promise<void> };

/** Every child we started and have not yet seen stopped: cleaned up on any exit path. */
const live = new Set<Tracked>();

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (hasExited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** postmaster.pid files at most three levels below `dir` (embedded PostgreSQL data dirs). */
function findPostmasterPidFiles(dir: string, depth = 3): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isFile() && entry.name === 'postmaster.pid') found.push(full);
    else if (entry.isDirectory() && depth > 0) found.push(...findPostmasterPidFiles(full, depth - 1));
  }
  return found;
}

/**
 * Last resort after a child was killed before it could clean up: a PostgreSQL it started runs in
 * its own process group and would outlive it, holding the temp dir. Stop it (immediate shutdown;
 * the data is throwaway), then remove the dir. Synchronous so it also works from process 'exit'.
 */
export function reapOwnedDir(dir: string): void {
  if (!fs.existsSync(dir)) return;
  for (const pidFile of findPostmasterPidFiles(dir)) {
    const pid = readPostmasterPid(pidFile);
    // Check the command line: the pid may have been reused by an unrelated process.
    if (pid === undefined || !commandLine(pid)?.includes('postgres')) continue;
    try {
      process.kill(pid, 'SIGQUIT');
    } catch {
      // gone already
    }
  }
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}

export type SpawnOptions = {
  /** Extra argv for the child script. */
  args?: string[];
  /** How long the child may take to report `ready` (the app child starts a database first). */
  readyTimeoutMs?: number;
  /** How long a child may take to shut down after SIGTERM before it is SIGKILLed. */
  stopTimeoutMs?: number;
};

/** Starts `node --import tsx <script>` and resolves once it reports the port it listens on. */
export async function spawnServer(
  name: string,
  script: string,
  options: SpawnOptions = {},
): Promise<ServerChild> {
  const { args = [], readyTimeoutMs = 120_000, stopTimeoutMs = 30_000 } = options;
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    // Own process group: a Ctrl-C in the terminal reaches only the parent, which then stops the
    // children in order (the app must close before its database) instead of all at once.
    detached: true,
  });
  // Prefix the child's output so it is clear who said what; the servers are quiet while measured.
  const relay = (stream: NodeJS.ReadableStream | null) =>
    stream?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) process.stderr.write(`[${name}] ${line}\n`);
    });
  relay(child.stdout);
  relay(child.stderr);

  const tracked: Tracked = { child, ownedDirs: [], stop: async () => undefined };
  let stopping: Promise<void> | undefined;
  tracked.stop = () =>
    (stopping ??= (async () => {
      if (!hasExited(child)) {
        child.kill('SIGTERM');
        if (!(await waitForExit(child, stopTimeoutMs))) {
          process.stderr.write(`[bench] ${name} did not stop within ${stopTimeoutMs} ms; killing it\n`);
          child.kill('SIGKILL');
          await waitForExit(child, 5_000);
        }
      }
      for (const dir of tracked.ownedDirs) reapOwnedDir(dir);
      live.delete(tracked);
    })());
  live.add(tracked);

  const ready = await new Promise<{ port: number; info: Record<string, unknown> }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not report ready within ${readyTimeoutMs} ms`)),
      readyTimeoutMs,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'owns') tracked.ownedDirs.push(message.dir);
      else if (message.type === 'ready') {
        clearTimeout(timer);
        resolve({ port: message.port, info: message.info ?? {} });
      } else if (message.type === 'error') fail(new Error(`${name} failed to start: ${message.message}`));
    });
    child.once('error', fail);
    child.once('exit', (code, signal) =>
      fail(new Error(`${name} exited while starting (code ${code}, signal ${signal})`)),
    );
  }).catch(async (error: unknown) => {
    await tracked.stop();
    throw error;
  });

  if (child.pid === undefined) throw new Error(`${name} has no pid`);
  return {
    name,
    pid: child.pid,
    port: ready.port,
    url: `http://127.0.0.1:${ready.port}`,
    info: ready.info,
    restartProfile: () => {
      if (child.connected) child.send({ type: 'profile-restart' });
    },
    stop: tracked.stop,
  };
}

/** Graceful: SIGTERM every live child in parallel and wait (each bounded by its stop timeout). */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...live].map((tracked) => tracked.stop()));
}

/**
 * Synchronous last resort for process 'exit' and a forced second Ctrl-C: SIGKILL what is still
 * running and reap the temp dirs it owned.
 */
export function killAllServersNow(): void {
  for (const tracked of live) {
    if (!hasExited(tracked.child) && tracked.child.pid !== undefined && isAlive(tracked.child.pid)) {
      tracked.child.kill('SIGKILL');
    }
    for (const dir of tracked.ownedDirs) {
      try {
        reapOwnedDir(dir);
      } catch {
        // best effort on the way out
      }
    }
  }
  live.clear();
}
