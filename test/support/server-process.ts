import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findFreePort } from '#server/db/embedded-postgres';

/**
 * The real server (server/main.ts) as a child process on an embedded PostgreSQL in `dataDir`,
 * listening on 127.0.0.1 only: for tests of start-up, ownership of the data directory and crashes.
 */
export type ServerProcess = {
  child: ChildProcess;
  pid: number;
  port: number;
  baseUrl: string;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function spawnServer(dataDir: string, options: { port?: number; env?: Record<string, string> } = {}) {
  return (async () => {
    const port = options.port ?? (await findFreePort());
    const env: Record<string, string | undefined> = { ...process.env };
    for (const key of ['DATABASE_URL', 'SMTP_URL', 'SMS_PROVIDER', 'PUBLIC_URL', 'LOG_FILE', 'HOST'])
      delete env[key];
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'main.ts')], {
      cwd: process.cwd(),
      env: {
        ...env,
        DATA_DIR: dataDir,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        SEED_DEMO_DATA: 'false',
        WEB_DIST_DIR: 'test/fixtures/no-web-build',
        RATE_LIMIT_MAX: '1000000',
        AUTH_RATE_LIMIT_MAX: '1000000',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const server: ServerProcess = {
      child,
      pid: child.pid ?? 0,
      port,
      baseUrl: `http://127.0.0.1:${port}`,
      output: () => output,
      exited,
    };
    return server;
  })();
}

/** Resolves once /api/health answers 200; throws with the output if the process exits first. */
export async function waitHealthy(server: ServerProcess, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`The server exited before it was healthy:\n${server.output()}`);
    const ok = await fetch(`${server.baseUrl}/api/health`)
      .then((response) => response.status === 200)
      .catch(() => false);
    if (ok) return;
    await sleep(150);
  }
  throw new Error(`The server did not become healthy in ${timeoutMs} ms:\n${server.output()}`);
}

/** The pid of the embedded PostgreSQL running on `dataDir` (its postmaster.pid), if any. */
export function postgresPid(dataDir: string): number | undefined {
  try {
    const pid = Number.parseInt(
      fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8'),
      10,
    );
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Best-effort clean-up after a test: the server, then any PostgreSQL still on its data directory. */
export async function killEverything(server: ServerProcess | undefined, dataDir: string) {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  const pid = postgresPid(dataDir);
  if (pid !== undefined && isAlive(pid)) {
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 100 && isAlive(pid); i += 1) await sleep(50);
  }
}
