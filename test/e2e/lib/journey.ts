import fs from 'node:fs';
import path from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { totpCode, totpStep } from '#server/modules/auth/factors/totp';

/** Shared steps of the end-to-end journeys (coaches.spec.ts, money.spec.ts). */

export const SCREENSHOTS = path.join('test-results', 'screenshots');
export const PASSWORD = 'harbor lantern violet oat';

export type Account = { email: string; password: string };
export type Session = { access_token: string; user: { id: string } };
export type MailboxMessage = {
  recipient: string;
  template: string;
  subject: string | null;
  body_text: string;
};

/**
 * Whether journeys take their screenshots: on a developer's run, for people to look at; not in CI
 * (`CI` set), whose pictures nobody sees and which spent minutes on them. `E2E_SCREENSHOTS=1` forces
 * them, `0` turns them off.
 */
export const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS
  ? process.env.E2E_SCREENSHOTS !== '0'
  : !process.env.CI;

/**
 * Full-page screenshots named `<prefix>-<name>-<width>-<scheme>.png`: 1280 px light; with `all`, also
 * 360 px and the dark theme at both widths. `fullPage: false` takes the window only (an open dialog or
 * an overlay fixed to the window: a full page would show it over the first 800 px alone). Skipped in CI
 * (TAKE_SCREENSHOTS): a journey never relies on them to wait — each step waits for its own state.
 */
export async function shots(
  page: Page,
  prefix: string,
  name: string,
  { all = false, fullPage = true }: { all?: boolean; fullPage?: boolean } = {},
) {
  if (!TAKE_SCREENSHOTS) return;
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // From the top, so sticky bars sit where they belong in the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  const variants: [number, 'light' | 'dark'][] = all
    ? [
        [1280, 'light'],
        [360, 'light'],
        [1280, 'dark'],
        [360, 'dark'],
      ]
    : [[1280, 'light']];
  for (const [width, scheme] of variants) {
    await page.emulateMedia({ colorScheme: scheme });
    // The app follows the system theme while the preference is "system" (the default).
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?![\s\S]*\bdark\b)/);
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({
      path: path.join(SCREENSHOTS, `${prefix}-${name}-${width}-${scheme}.png`),
      fullPage,
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A fresh browser context (its own cookies) with a page, at the desktop width (in `timezoneId`, else UTC). */
export async function newPage(
  browser: Browser,
  { timezoneId = 'UTC' }: { timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId });
  return { context, page: await context.newPage() };
}

/** Signs in through the API from the page's own context, so the refresh cookie lands in the browser. */
export async function signIn(page: Page, account: Account): Promise<Session> {
  const response = await page.request.post('/auth/v1/token?grant_type=password', {
    headers: { 'x-refresh-cookie': '1' },
    data: account,
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Session;
}

export async function signUp(page: Page, email: string, data: Record<string, unknown>): Promise<Session> {
  const response = await page.request.post('/auth/v1/signup', {
    headers: { 'x-refresh-cookie': '1' },
    data: { email, password: PASSWORD, data },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Session;
}

/** The demo mailbox (the e2e server runs with it on): newest first. */
export async function mailbox(request: APIRequestContext): Promise<MailboxMessage[]> {
  const response = await request.get('/api/dev/mailbox');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { messages: MailboxMessage[] }).messages;
}

// ---- Authenticators.

export type Factor = { file: string; secret: string; lastStep: number };

/**
 * The account's TOTP factor, enrolled once per server (its database is fresh per run). The secret is
 * kept in a file named after the account's user id, which is new with every database: a retried (or
 * repeated) test reuses the factor instead of failing to enrol a second one at aal1.
 */
export async function accountFactor(request: APIRequestContext, account: Account): Promise<Factor> {
  const signedIn = await request.post('/auth/v1/token?grant_type=password', { data: account });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const session = (await signedIn.json()) as Session;
  // Playwright empties its output folder at the start of each run; retries within the run keep it.
  const file = path.join(test.info().project.outputDir, `totp-${session.user.id}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (fs.existsSync(file))
    return { file, ...(JSON.parse(fs.readFileSync(file, 'utf8')) as Omit<Factor, 'file'>) };

  const auth = { authorization: `Bearer ${session.access_token}` };
  const enrolled = await request.post('/auth/v1/factors', { headers: auth, data: { factor_type: 'totp' } });
  expect(enrolled.status(), `enrol a factor for ${account.email}: ${await enrolled.text()}`).toBe(200);
  const { id, totp } = (await enrolled.json()) as { id: string; totp: { secret: string } };
  const challenge = await request.post(`/auth/v1/factors/${id}/challenge`, { headers: auth });
  expect(challenge.status(), await challenge.text()).toBe(200);
  const lastStep = totpStep(new Date());
  const verified = await request.post(`/auth/v1/factors/${id}/verify`, {
    headers: auth,
    data: {
      challenge_id: ((await challenge.json()) as { id: string }).id,
      code: totpCode(totp.secret, lastStep),
    },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const factor = { file, secret: totp.secret, lastStep };
  fs.writeFileSync(file, JSON.stringify({ secret: factor.secret, lastStep }));
  return factor;
}

/** A code the server has not seen yet (each 30-second step works once; the next one is accepted too). */
export async function nextCode(page: Page, factor: Factor) {
  let step = Math.max(totpStep(new Date()), factor.lastStep + 1);
  while (step > totpStep(new Date()) + 1) {
    await page.waitForTimeout(1000);
    step = Math.max(totpStep(new Date()), factor.lastStep + 1);
  }
  factor.lastStep = step;
  fs.writeFileSync(factor.file, JSON.stringify({ secret: factor.secret, lastStep: step }));
  return totpCode(factor.secret, step);
}
