import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { findChromium } from '#scripts/lib/find-chromium.mjs';
import { repoRoot } from './lib/children';
import { sleep } from './lib/concurrency';
import { round } from './lib/stats';
import type { GoalResult, Scenario, ScenarioOptions, ScenarioResult } from './lib/types';

/**
 * Scenario `web`: the first load of four public pages on a phone, in Chromium (issue #16): the
 * compressed JavaScript each page fetches (over the wire, as the server sends it: Brotli when the
 * browser asks), the requests made before the first paint of content, and the biggest chunk of the
 * build. The app is built first (`vite build`) and served by the real server on a throwaway embedded
 * database with the demo data (scripts/e2e-server.mjs), so /coach/lena-ortiz exists. Each page is
 * opened in a fresh browser context (nothing cached), 390 × 844 at 3× like a current phone, and
 * measured once the network is idle (every lazily loaded screen of that page is in).
 */

const PAGES = ['/', '/discover', '/auth', '/coach/lena-ortiz'];
const GOAL = { maxJsKb: 120, maxRequestsBeforePaint: 25, maxChunkKb: 250 };
const READY_TIMEOUT_MS = 240_000;

type PageLoad = {
  path: string;
  jsKb: number;
  jsFiles: number;
  requests: number;
  requestsBeforePaint: number;
  firstContentfulPaintMs: number;
};

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(500);
  }
  throw new Error(`the server did not answer ${url}/api/health within ${READY_TIMEOUT_MS / 1000} s`);
}

/** One page's first load, read from the browser's own Resource and Paint Timing entries. */
async function measurePage(browser: Browser, baseUrl: string, pagePath: string): Promise<PageLoad> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'networkidle' });
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        fcp: paint ? paint.startTime : Number.NaN,
        resources: resources.map((entry) => ({
          name: entry.name,
          startTime: entry.startTime,
          encodedBodySize: entry.encodedBodySize,
        })),
      };
    });
    const js = timing.resources.filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
    return {
      path: pagePath,
      jsKb: round(js.reduce((sum, entry) => sum + entry.encodedBodySize, 0) / 1024, 1),
      jsFiles: js.length,
      // The document itself is a request too.
      requests: timing.resources.length + 1,
      requestsBeforePaint: timing.resources.filter((entry) => entry.startTime < timing.fcp).length + 1,
      firstContentfulPaintMs: round(timing.fcp, 0),
    };
  } finally {
    await context.close();
  }
}

/** The build's JavaScript chunks by minified size (kB), biggest first. */
function chunkSizes(webDist: string): { file: string; kb: number }[] {
  const assets = path.join(webDist, 'assets');
  return fs
    .readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, kb: round(fs.statSync(path.join(assets, file)).size / 1024, 1) }))
    .sort((a, b) => b.kb - a.kb);
}

async function runWeb(options: ScenarioOptions): Promise<ScenarioResult> {
  const { log } = options;
  const executablePath = findChromium();
  if (!executablePath)
    throw new Error('no Chromium found: apt-get install -y chromium (or set CHROMIUM_PATH)');
  log('web: building the app (vite build)...');
  const built = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error(`vite build failed (exit ${built.status})`);
  const chunks = chunkSizes(path.join(repoRoot, 'dist', 'web'));

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  log(`web: starting the app with the demo data on ${baseUrl}...`);
  const server = spawn(process.execPath, [path.join(repoRoot, 'scripts/e2e-server.mjs')], {
    cwd: repoRoot,
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let browser: Browser | undefined;
  try {
    await waitForHealth(baseUrl, server);
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
    const loads: PageLoad[] = [];
    for (const pagePath of PAGES) {
      const load = await measurePage(browser, baseUrl, pagePath);
      log(
        `web: ${pagePath}: ${load.jsKb} KB of JS in ${load.jsFiles} files, ${load.requestsBeforePaint} ` +
          `requests before the first paint (${load.requests} in all), FCP ${load.firstContentfulPaintMs} ms`,
      );
      loads.push(load);
    }
    const biggest = chunks[0];
    const problems = [
      // Without a first contentful paint, "requests before it" would count only the document.
      ...loads
        .filter((load) => !Number.isFinite(load.firstContentfulPaintMs))
        .map((load) => `${load.path}: no first contentful paint, requests before it not measured`),
      ...loads
        .filter((load) => load.jsKb > GOAL.maxJsKb)
        .map((load) => `${load.path}: ${load.jsKb} KB of JS > ${GOAL.maxJsKb}`),
      ...loads
        .filter((load) => load.requestsBeforePaint > GOAL.maxRequestsBeforePaint)
        .map(
          (load) =>
            `${load.path}: ${load.requestsBeforePaint} requests before the first paint > ${GOAL.maxRequestsBeforePaint}`,
        ),
      ...chunks
        .filter((chunk) => chunk.kb > GOAL.maxChunkKb)
        .map((chunk) => `chunk ${chunk.file}: ${chunk.kb} kB > ${GOAL.maxChunkKb}`),
      ...(chunks.length > 0 ? [] : ['no JavaScript chunk found in dist/web/assets']),
    ];
    const goal: GoalResult = {
      goal: `first load on a phone: <= ${GOAL.maxJsKb} KB of compressed JS and <= ${GOAL.maxRequestsBeforePaint} requests before the first paint on each page; no chunk over ${GOAL.maxChunkKb} kB`,
      app: { pages: loads, biggestChunk: biggest ?? null },
      bound: GOAL,
      pass: problems.length === 0,
      ...(problems.length > 0 ? { problems } : {}),
    };
    const table = [
      'page                 JS KB  JS files  requests before paint  requests  FCP ms',
      ...loads.map(
        (load) =>
          `${load.path.padEnd(19)} ${String(load.jsKb).padStart(6)}  ${String(load.jsFiles).padStart(8)}  ` +
          `${String(load.requestsBeforePaint).padStart(21)}  ${String(load.requests).padStart(8)}  ${String(load.firstContentfulPaintMs).padStart(6)}`,
      ),
    ].join('\n');
    return {
      scenario: 'web',
      params: { pages: PAGES, viewport: '390x844@3', chromium: browser.version() },
      targets: [],
      rounds: [],
      goals: [goal],
      notes: [
        `pages (a fresh context each; JS KB = compressed bytes of every .js the page fetched until the network was idle):\n${table}`,
        `biggest chunks (minified): ${chunks
          .slice(0, 5)
          .map((chunk) => `${chunk.file} ${chunk.kb} kB`)
          .join(', ')}`,
        'FCP is on this machine and says little; the bytes and request counts are what the goal bounds.',
      ],
    };
  } finally {
    log('web: stopping...');
    await browser?.close().catch(() => undefined);
    server.kill('SIGTERM');
    if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
  }
}

export const webScenario: Scenario = {
  name: 'web',
  description: `first load of /, /discover, /auth, /coach/:username on a phone in Chromium: compressed JS (<= ${GOAL.maxJsKb} KB), requests before the first paint (<= ${GOAL.maxRequestsBeforePaint}), biggest chunk (<= ${GOAL.maxChunkKb} kB)`,
  run: runWeb,
};
