import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { App } from '#server/app';
import { restartChildProfiler, startChildProfiler } from './child-profiler';
import { repoRoot } from './children';
import { handleServerLifecycle, type CloseReporter } from './server-lifecycle';

/**
 * The opening of every bench server child that runs on a throwaway database (app-server,
 * discovery-server, wallet-server and the app children of app-child.ts), and the loopback control
 * server some of them answer the parent on. The other end is lib/children.ts; the end of a child is
 * lib/server-lifecycle.ts.
 */

export type SendToParent = (message: Record<string, unknown>) => void;

export type BenchChild = {
  send: SendToParent;
  /** The child's temp dir, removed on the way out (by the child, or by the parent if it was killed). */
  tmpDir: string;
  /** Where its PostgreSQL cluster lives (inside tmpDir). */
  dataDir: string;
  /** Where the app writes its log (inside tmpDir). */
  logFile: string;
  /** Whether the parent asked us to stop meanwhile: a start in progress returns early. */
  stopping: () => boolean;
  /**
   * Runs `start` (which ends by sending `ready`) and, on SIGTERM, SIGINT, the parent going away or a
   * failed start, `close` once, then removes the temp dir and exits (lib/server-lifecycle.ts).
   */
  serve: (start: () => Promise<void>, close: (report: CloseReporter) => Promise<void>) => void;
};

/**
 * Refuses to run without the IPC channel lib/children.ts opens (`who` names the child in that
 * message), makes the temp dir `wellspring-bench-<scenario>-…` and tells the parent about it first, so
 * the parent can clean up for us if we are killed before we can.
 */
export function openBenchChild(who: string, scenario?: string): BenchChild {
  if (!process.send) {
    process.stderr.write(`${who} is started by scripts/bench/run.ts (it needs an IPC channel).\n`);
    process.exit(2);
  }
  const send: SendToParent = (message) => {
    // Profiling (when asked for) starts once the server is ready, so start-up stays out of it.
    if (message.type === 'ready')
      void startChildProfiler(scenario ?? who).finally(() => process.send?.(message));
    else process.send?.(message);
  };
  process.on('message', (message: { type?: string } | null) => {
    if (message?.type === 'profile-restart') void restartChildProfiler();
  });
  const prefix = scenario ? `wellspring-bench-${scenario}-` : 'wellspring-bench-';
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to traverse this dir.
  fs.chmodSync(tmpDir, 0o755);
  send({ type: 'owns', dir: tmpDir });
  let stopping = false;
  return {
    send,
    tmpDir,
    dataDir: path.join(tmpDir, 'db'),
    logFile: path.join(tmpDir, 'app.log'),
    stopping: () => stopping,
    serve: (start, close) =>
      handleServerLifecycle({
        started: start(),
        tmpDir,
        send,
        onStopping: () => {
          stopping = true;
        },
        close,
      }),
  };
}

/** The app's version (package.json), as production passes it to buildApp. */
export function appVersion(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

export type ControlServer = { port: number; close: () => Promise<void> };

/**
 * A control server on loopback: GET <path>?… runs `routes[path]` with the URL's query and answers its
 * result as JSON; 404 for any other path; 500 with `{ error }` (the stack) when the route throws.
 */
export async function startControlServer(
  routes: Record<string, (query: URLSearchParams) => Promise<unknown>>,
): Promise<ControlServer> {
  const answer = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://control');
    const route = routes[url.pathname];
    if (!route) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = await route(url.searchParams);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: message }));
    }
  };
  const server = http.createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the control server is not on TCP');
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Starts the app listening on a free loopback port; returns the port. */
export async function listenOnLoopback(app: App): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('the app is not listening on a TCP port');
  return address.port;
}
