import { randomUUID } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/lib/find-chromium.mjs';

// The server (webServer inherits this environment) and the browser (timezoneId) both run in UTC.
process.env.TZ = 'UTC';
// One id for the whole run, set here in the runner and inherited by its workers: they share which
// screens the accessibility audit has checked (test/e2e/lib/test.ts).
process.env.E2E_RUN_ID ??= randomUUID();

const PORT = Number(process.env.E2E_PORT ?? 4310);
const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * End-to-end tests: the real server (scripts/e2e-server.mjs, a throwaway embedded database) and the
 * system Chromium (scripts/ensure-chromium.mjs finds or installs it; we never download Playwright's).
 * `npm run test:e2e` builds the web app first.
 */
export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  // A screen's first load on a 2-core machine running two browsers with calls can pass 5 s: waits
  // return as soon as their state holds, so a longer ceiling costs a passing run nothing.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: BASE_URL,
    timezoneId: 'UTC',
    launchOptions: {
      executablePath: findChromium() ?? undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        // Journeys open pages with goto (no click): let calls play sound and Web Audio measure it.
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    // SIGTERM lets the server stop its embedded PostgreSQL (its own process group) and remove the
    // temporary data directory; a plain kill would leave the database running.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
