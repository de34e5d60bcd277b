// The server Playwright starts (playwright.config.ts `webServer`): the real server on a throwaway
// embedded PostgreSQL in a fresh temporary directory, listening on 127.0.0.1:4310 (E2E_PORT).
// It serves the already built dist/web (`npm run test:e2e` runs `vite build` first).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// WEB_DIST_DIR lets two people run end-to-end tests side by side, each on their own build
// (`npx vite build --outDir dist/web-mine`); the default is dist/web.
const webDist = process.env.WEB_DIST_DIR || path.join('dist', 'web');
if (!fs.existsSync(path.join(root, webDist, 'index.html'))) {
  process.stderr.write(`${webDist} is missing: run \`npx vite build\` first (npm run test:e2e does).\n`);
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wellspring-e2e-'));
// As root the embedded PostgreSQL runs as the `postgres` user, which must be able to enter this directory.
fs.chmodSync(dataDir, 0o755);

// Where the throwaway database lives, for the few journeys that must move time forward on the server
// (test/e2e/lib/database.ts: e.g. let a request's 180 s pass without waiting 180 s).
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'test-results', `e2e-server-${process.env.E2E_PORT || '4310'}.json`),
  JSON.stringify({ dataDir }),
);

// The server stops PostgreSQL before it exits (graceful shutdown, or a failed start), so the
// directory can go once the process is on its way out.
process.on('exit', () => {
  try {
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    // Best effort: the OS cleans the temporary directory eventually.
  }
});

// If whoever started us goes away without stopping us (a killed test runner), shut down cleanly
// instead of leaving an orphaned PostgreSQL behind.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) process.kill(process.pid, 'SIGTERM');
}, 1000).unref();

delete process.env.DATABASE_URL; // always the throwaway embedded database, never a real one
process.env.DATA_DIR = dataDir;
process.env.PORT = process.env.E2E_PORT || '4310';
process.env.HOST = '127.0.0.1';
// Pages are opened at http://127.0.0.1:<port>, which the default Origin allowlist accepts (without
// PUBLIC_URL: every loopback name of the address), so REALTIME_ALLOWED_ORIGINS is left unset on purpose.
delete process.env.REALTIME_ALLOWED_ORIGINS;
delete process.env.PUBLIC_URL;
process.env.LOG_LEVEL = 'warn';
// Every browser test signs in from 127.0.0.1: the per-IP sign-in limit is tested by the integration suite.
// E2E_DEFAULT_LIMITS=1 keeps the shipped limits instead (test/e2e/live-updates.spec.ts's own server).
if (process.env.E2E_DEFAULT_LIMITS !== '1') {
  process.env.AUTH_RATE_LIMIT_MAX = '100000';
  process.env.RATE_LIMIT_MAX = '100000';
}
delete process.env.LOG_FILE;

process.chdir(root);
register();
await import('../server/main.ts');
