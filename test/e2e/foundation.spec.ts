import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './lib/test';

/**
 * The foundation, end to end: the real server (scripts/e2e-server.mjs) serving the built web app to
 * a real Chromium. Screenshots land in test-results/screenshots/ for a human to look at.
 */

const SCREENSHOTS = path.join('test-results', 'screenshots');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true });

// The html background (web/styles/index.css --background), so a "dark" class that styles nothing fails.
const LIGHT_BACKGROUND = 'rgb(247, 245, 241)';
const DARK_BACKGROUND = 'rgb(16, 21, 19)';

const WELCOME_HEADING = 'Care for what matters, with a coach by your side';
const clientChoice = (page: Page) => page.getByRole('button', { name: /I'm looking for coaching/ });
const coachChoice = (page: Page) => page.getByRole('button', { name: /I am a coach/ });
const themeGroup = (page: Page) => page.getByRole('radiogroup', { name: 'Theme' });
const themeItem = (page: Page, name: 'Light theme' | 'Dark theme' | 'System theme') =>
  themeGroup(page).getByRole('radio', { name });

const html = (page: Page) => page.locator('html');
const storedTheme = (page: Page) => page.evaluate(() => window.localStorage.getItem('theme'));
const htmlBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

async function openWelcome(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: WELCOME_HEADING })).toBeVisible();
  // Screenshots should show the real typeface, not a fallback caught mid-load.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

test.describe('welcome page', () => {
  test('shows the two role choices as buttons', async ({ page }) => {
    await openWelcome(page);
    await expect(page).toHaveTitle('Wellspring');
    await expect(clientChoice(page)).toBeVisible();
    await expect(coachChoice(page)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wellspring home' })).toBeVisible();
    await shot(page, 'welcome-desktop.png');
  });

  test('"I\'m looking for coaching" goes to /auth?as=client', async ({ page }) => {
    await openWelcome(page);
    await clientChoice(page).click();
    await expect(page).toHaveURL(/\/auth\?as=client$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Wellspring' })).toBeVisible();
    await expect(page.getByTestId('auth-role')).toHaveText(
      'You are joining as someone looking for coaching.',
    );
  });

  test('"I am a coach" goes to /auth?as=coach', async ({ page }) => {
    await openWelcome(page);
    await coachChoice(page).click();
    await expect(page).toHaveURL(/\/auth\?as=coach$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Wellspring' })).toBeVisible();
    await expect(page.getByTestId('auth-role')).toHaveText('You are joining as a coach.');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await shot(page, 'auth-coach-desktop.png');
  });
});

test.describe('theme', () => {
  test('dark and light choices apply at once and survive a reload', async ({ page }) => {
    await openWelcome(page);
    // Nothing stored and a light system: the System choice is on and the page is light.
    await expect(themeItem(page, 'System theme')).toHaveAttribute('aria-checked', 'true');
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    expect(await storedTheme(page)).toBeNull();
    expect(await htmlBackground(page)).toBe(LIGHT_BACKGROUND);

    await themeItem(page, 'Dark theme').click();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect(themeItem(page, 'Dark theme')).toHaveAttribute('aria-checked', 'true');
    expect(await storedTheme(page)).toBe('dark');
    expect(await htmlBackground(page)).toBe(DARK_BACKGROUND);

    await page.reload();
    // Applied by /theme-init.js before first paint, with no click.
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('heading', { level: 1, name: WELCOME_HEADING })).toBeVisible();
    await expect(themeItem(page, 'Dark theme')).toHaveAttribute('aria-checked', 'true');
    expect(await htmlBackground(page)).toBe(DARK_BACKGROUND);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await shot(page, 'welcome-desktop-dark.png');

    await themeItem(page, 'Light theme').click();
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    expect(await storedTheme(page)).toBe('light');
    expect(await htmlBackground(page)).toBe(LIGHT_BACKGROUND);

    await page.reload();
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    await expect(themeItem(page, 'Light theme')).toHaveAttribute('aria-checked', 'true');
    expect(await storedTheme(page)).toBe('light');
    expect(await htmlBackground(page)).toBe(LIGHT_BACKGROUND);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await shot(page, 'welcome-desktop-light.png');
  });

  test.describe('with a dark operating system', () => {
    test.use({ colorScheme: 'dark' });

    test('the page is dark by default and follows the system while "System" is chosen', async ({ page }) => {
      await openWelcome(page);
      expect(await storedTheme(page)).toBeNull();
      await expect(html(page)).toHaveClass(/\bdark\b/);
      await expect(themeItem(page, 'System theme')).toHaveAttribute('aria-checked', 'true');
      expect(await htmlBackground(page)).toBe(DARK_BACKGROUND);

      // The system switches to light while the page is open.
      await page.emulateMedia({ colorScheme: 'light' });
      await expect(html(page)).not.toHaveClass(/\bdark\b/);

      // An explicit choice wins over the system.
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(html(page)).toHaveClass(/\bdark\b/);
      await themeItem(page, 'Light theme').click();
      await expect(html(page)).not.toHaveClass(/\bdark\b/);
      await page.reload();
      await expect(html(page)).not.toHaveClass(/\bdark\b/);
    });
  });
});

test('an unknown path shows "Page not found" with a working link home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await shot(page, 'not-found-desktop.png');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.getByRole('heading', { level: 1, name: WELCOME_HEADING })).toBeVisible();
});

test('going offline shows "No internet connection" until the connection is back', async ({
  page,
  context,
}) => {
  await openWelcome(page);
  const banner = page.getByText('No internet connection');
  await expect(banner).toBeHidden();

  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await shot(page, 'offline-desktop.png');
  // The banner pushes the header down instead of covering it: its controls stay usable offline.
  await page.getByRole('radio', { name: 'Dark theme' }).click({ timeout: 2000 });
  await expect(page.locator('html')).toHaveClass(/dark/);

  await context.setOffline(false);
  await expect(banner).toBeHidden();
});

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  const horizontalOverflow = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  async function expectFitsTheScreen(page: Page) {
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    for (const choice of [clientChoice(page), coachChoice(page)]) {
      await expect(choice).toBeVisible();
      const box = await choice.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    }
    // The header (logo and "Sign in", in words) fits too.
    const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign in' });
    await expect(signIn).toBeVisible();
    const box = await signIn.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  }

  test('the welcome page fits without horizontal scrolling, light and dark', async ({ page }) => {
    await openWelcome(page);
    await expectFitsTheScreen(page);
    await shot(page, 'welcome-mobile.png');

    // Visitors on a phone follow the system theme (the header keeps its room for "Sign in").
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expectFitsTheScreen(page);
    await shot(page, 'welcome-mobile-dark.png');
  });
});

test('loading the app logs no console errors and no content-security violations', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} sample=${event.sample}`,
      );
    });
  });

  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: WELCOME_HEADING })).toBeVisible();
  // The lazily loaded sign-in screen too (its own chunk).
  await coachChoice(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Wellspring' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(problems).toEqual([]);
});

test('a deep link to /auth with timeout=true is served by the app and shows the timeout notice', async ({
  page,
}) => {
  const response = await page.goto('/auth?as=coach&timeout=true');
  expect(response?.status()).toBe(200);
  await expect(page.getByText('You were signed out after 30 minutes without activity')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Wellspring' })).toBeVisible();
  await expect(page.getByTestId('auth-role')).toHaveText('You are joining as a coach.');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await shot(page, 'auth-timeout-desktop.png');
});

test.describe('API and headers', () => {
  test('GET /api/health answers 200 with status ok', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/json');
    const body = (await response.json()) as { status: string; checks: Record<string, string> };
    expect(body.status).toBe('ok');
    expect(body.checks).toEqual({ database: 'ok', migrations: 'current', ledger: 'ok' });
  });

  test('an unknown /api path answers a JSON 404 with code NOT_FOUND', async ({ request }) => {
    const response = await request.get('/api/nope');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    const body = (await response.json()) as { error: { code: string; message: string; requestId?: string } };
    expect(body.error.code).toBe('NOT_FOUND');
    expect(body.error.message).toEqual(expect.any(String));
    expect(body.error.requestId).toBe(response.headers()['x-request-id']);
  });

  test('the HTML page carries the security headers', async ({ request }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers['content-type']).toContain('text/html');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    // The single-page app's shell (its first frame is the loader, web/index.html).
    expect(await response.text()).toContain('<div id="root">');
  });
});
