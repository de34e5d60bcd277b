import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';

/**
 * The `test` every spec imports: Playwright's, plus an accessibility audit of every screen the suite
 * visits. axe-core checks each page of every browser context — the `page`
 * fixture's and the ones specs open with `browser.newContext()` — at its quiet moments: before the
 * page navigates away (`goto`, `reload`), before it or its context closes, and at the end of the test
 * (`checkAccessibility(page)` adds a check anywhere, e.g. in a walk that moves with the history API).
 * Each screen is checked in the light and the dark theme (the `dark` class on <html>, flipped for the
 * check and back). A violation whose impact is serious or critical fails the test that saw it.
 *
 * Speed: a screen (its URL path with ids folded to `:id`) is checked once per theme per run, so a
 * screen the suite visits fifty times costs one audit. The workers share what is checked through
 * marker files (created exclusively: the first worker to claim a screen audits it; a claim whose audit
 * did not happen is given back).
 */

const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** WCAG 2.0/2.1/2.2 A and AA, plus axe's experimental rules (label-content-name-mismatch is one). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'experimental'];

/** axe-core's source, evaluated only where the page has no axe yet (AxeBuilder evaluates it per audit). */
const AXE_SOURCE = `if (typeof window.axe?.run !== 'function') {\n${axe.source}\n}`;

/** The rules whose outcome depends on the theme. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

type Finding = { screen: string; theme: string; rule: string; impact: string; help: string; nodes: string[] };

/** Marker files of the screens audited in this run (E2E_RUN_ID is set once in playwright.config.ts). */
const CLAIMS = path.join(tmpdir(), `wellspring-axe-${process.env.E2E_RUN_ID ?? process.ppid}`);
const claimFile = (key: string) => path.join(CLAIMS, encodeURIComponent(key));
/** Whether some worker has audited (or is auditing) this screen in this theme. */
const isClaimed = (key: string) => existsSync(claimFile(key));
/** Claims a screen and theme for this worker; false when another worker already has. */
function claim(key: string): boolean {
  mkdirSync(CLAIMS, { recursive: true });
  try {
    writeFileSync(claimFile(key), '', { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
const unclaim = (key: string) => rmSync(claimFile(key), { force: true });
/**
 * When the running test must finish (its timeout), less a reserve: an audit never makes a test time out.
 * A screen skipped for time stays unchecked and is audited on its next visit (noted on the test).
 */
let running: { started: number; info: TestInfo; auditMs: number } | null = null;
const pastDeadline = () => {
  if (!running || running.info.timeout <= 0) return false;
  const { started, info, auditMs } = running;
  const ownTimeout = info.timeout - auditMs;
  // Audits stop once half the test's own time is gone (at least 20 s kept in reserve): on a loaded
  // machine the test's own steps keep the time they need.
  return Date.now() - auditMs > started + ownTimeout - Math.max(20_000, ownTimeout / 2);
};
/**
 * The audit's time is not the test's: the test's timeout grows by each audit's duration (one audit of
 * a big screen on a loaded 2-core machine has taken over a minute), so its own steps keep their budget.
 */
function giveBackAuditTime(ms: number) {
  if (!running || running.info.timeout <= 0) return;
  running.auditMs += ms;
  running.info.setTimeout(running.info.timeout + ms);
}
const skippedForTime = new Set<string>();
const findings: Finding[] = [];
const instrumented = new WeakSet<Page>();
const contexts = new Set<BrowserContext>();

const screenOf = (url: URL) =>
  url.pathname
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id')
    .replace(/\/\d+(?=\/|$)/g, '/:n');

/**
 * Audits the page as it is now, in both themes, unless this screen was already checked in this run.
 * `state` names what is open on a screen whose URL does not change (a dialog), so it is checked on its own.
 */
export async function checkAccessibility(page: Page, state?: string): Promise<void> {
  if (page.isClosed()) return;
  let url: URL;
  try {
    url = new URL(page.url());
  } catch {
    return;
  }
  if (!url.protocol.startsWith('http') || url.hostname !== '127.0.0.1') return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/auth/v1/')) return;
  const screen = state ? `${screenOf(url)} (${state})` : screenOf(url);
  const pending = (['light', 'dark'] as const).filter((theme) => !isClaimed(`${screen}|${theme}`));
  if (pending.length === 0) return;
  if (pastDeadline()) {
    skippedForTime.add(screen);
    return;
  }
  const auditStarted = Date.now();
  try {
    await page.waitForLoadState('domcontentloaded');
    // The app has rendered something (not the bare HTML shell).
    const rendered = await page.evaluate(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
    if (!rendered) return;
    const current = (await page.evaluate(() => document.documentElement.classList.contains('dark')))
      ? 'dark'
      : 'light';
    // Still pictures: with reduced motion (the app's own rule stops its animations) axe runs several
    // times faster, and no colour is measured half-way through a pulse. Put back afterwards.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    stillPages.add(page);
    // The current theme first, then the other one (and back), so the page ends as the test left it.
    const order = pending.includes(current) ? [current, ...pending.filter((t) => t !== current)] : pending;
    let full = true;
    for (const theme of order) {
      const key = `${screen}|${theme}`;
      if (!claim(key)) continue;
      const flip = theme !== current;
      let done = false;
      try {
        if (flip) await setDark(page, theme === 'dark');
        const started = Date.now();
        // Only violations are collected (axe skips building passes and incompletes). The second theme
        // changes colours only, so it re-runs only the colour rules. Legacy mode runs axe in the page
        // itself; the default opens a new tab per audit to merge the frames' results, and our screens
        // have no frames (a third of the audit's cost). The source is evaluated once per page load.
        const builder = new AxeBuilder({ page, axeSource: AXE_SOURCE })
          .setLegacyMode()
          .options({ resultTypes: ['violations'] });
        const results = await (full ? builder.withTags(TAGS) : builder.withRules(COLOUR_RULES)).analyze();
        full = false;
        done = true;
        if (process.env.E2E_AXE_DEBUG) console.log(`axe ${screen} ${theme} ${Date.now() - started} ms`);
        for (const violation of results.violations) {
          if (!FAILING_IMPACTS.has(violation.impact ?? '')) continue;
          findings.push({
            screen,
            theme,
            rule: violation.id,
            impact: violation.impact ?? '',
            help: violation.help,
            nodes: violation.nodes.slice(0, 5).map((node) => {
              const summary = node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? '';
              return `${node.target.join(' ')} ${node.html.slice(0, 140)} — ${summary}`;
            }),
          });
        }
      } finally {
        if (!done) unclaim(key);
        if (flip) {
          await setDark(page, current === 'dark');
          await releaseStill(page);
        }
      }
    }
    await release(page);
  } catch (error) {
    await release(page);
    // The page went away while it was being checked (a test closing it, a navigation): nothing to audit.
    if (page.isClosed() || /Target .*closed|Execution context was destroyed|navigat/i.test(String(error)))
      return;
    throw error;
  } finally {
    giveBackAuditTime(Date.now() - auditStarted);
  }
}

/** Flips the theme at once: transitions are held off, so no colour is caught half-way. */
async function setDark(page: Page, dark: boolean) {
  await page.evaluate(async (on) => {
    const root = document.documentElement;
    let still = document.getElementById('axe-audit-still');
    if (!still) {
      still = document.createElement('style');
      still.id = 'axe-audit-still';
      still.textContent = '*, *::before, *::after { transition: none !important; }';
      document.head.append(still);
    }
    root.classList.toggle('dark', on);
    root.style.colorScheme = on ? 'dark' : 'light';
    void getComputedStyle(root).color; // styles recomputed now, before the next frames
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  }, dark);
}

const stillPages = new WeakSet<Page>();

/** Motion back to what the test had (no emulation), once the audit is over. */
async function release(page: Page) {
  if (!stillPages.has(page)) return;
  stillPages.delete(page);
  if (!page.isClosed()) await page.emulateMedia({ reducedMotion: null }).catch(() => undefined);
}

async function releaseStill(page: Page) {
  await page.evaluate(() => document.getElementById('axe-audit-still')?.remove());
}

function instrumentPage(page: Page) {
  if (instrumented.has(page)) return;
  instrumented.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const close = page.close.bind(page);
  page.goto = async (...args) => {
    await checkAccessibility(page);
    return goto(...args);
  };
  page.reload = async (...args) => {
    await checkAccessibility(page);
    return reload(...args);
  };
  page.close = async (...args) => {
    await checkAccessibility(page);
    return close(...args);
  };
}

/**
 * API calls made with a context's request (`page.request`) are sent once more after ECONNRESET. The
 * server closes a keep-alive connection idle for 72 s (Fastify's default); a test that calls the API
 * again after such a pause may write on that connection at the moment it closes, before Playwright's
 * client has seen it go (a busy driver). The request never reached the server, so sending it again is
 * safe; a browser does the same on a reused connection. Only ECONNRESET is retried (Playwright's
 * `maxRetries`), never an HTTP answer.
 */
function retryResetConnections(request: APIRequestContext) {
  for (const method of ['fetch', 'get', 'post', 'put', 'patch', 'delete', 'head'] as const) {
    const original = request[method].bind(request) as (url: unknown, options?: object) => Promise<unknown>;
    (request as unknown as Record<string, unknown>)[method] = (url: unknown, options: object = {}) =>
      original(url, { maxRetries: 1, ...options });
  }
}

function instrumentContext(context: BrowserContext) {
  if (contexts.has(context)) return;
  contexts.add(context);
  retryResetConnections(context.request);
  context.pages().forEach(instrumentPage);
  context.on('page', instrumentPage);
  context.on('close', () => contexts.delete(context));
  const close = context.close.bind(context);
  context.close = async (...args) => {
    for (const page of context.pages()) await checkAccessibility(page);
    return close(...args);
  };
}

function instrumentBrowser(browser: Browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    instrumentContext(context);
    return context;
  };
}

function report(): string {
  const lines = findings.map(
    (f) => `${f.impact} ${f.rule} on ${f.screen} (${f.theme}): ${f.help}\n    ${f.nodes.join('\n    ')}`,
  );
  return `axe found ${findings.length} serious or critical violation(s):\n  ${lines.join('\n  ')}`;
}

export const test = base.extend<{ accessibilityAudit: void }, { axeBrowser: void }>({
  axeBrowser: [
    async ({ browser }, use) => {
      instrumentBrowser(browser);
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  context: async ({ context }, use) => {
    instrumentContext(context);
    await use(context);
  },
  accessibilityAudit: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use, testInfo) => {
      findings.length = 0;
      skippedForTime.clear();
      running = { started: Date.now(), info: testInfo, auditMs: 0 };
      await use();
      for (const context of [...contexts]) for (const page of context.pages()) await checkAccessibility(page);
      running = null;
      const skipped = [...skippedForTime].filter((screen) => !isClaimed(`${screen}|light`));
      if (skipped.length > 0)
        testInfo.annotations.push({
          type: 'axe-skipped-for-time',
          description: skipped.join(', '),
        });
      if (findings.length > 0) {
        const message = report();
        findings.length = 0;
        throw new Error(message);
      }
    },
    { auto: true },
  ],
});

export { expect };
