import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './lib/test';
import { TAKE_SCREENSHOTS } from './lib/journey';
import { totpCode, totpStep } from '#server/modules/auth/factors/totp';

/**
 * The sign-in screen, the settings screen and the inactivity sign-out, in a real Chromium against
 * the real server (scripts/e2e-server.mjs: a fresh embedded database with the demo accounts, and
 * the demo mailbox on). Screenshots land in test-results/screenshots/ for a human to look at.
 */

const SCREENSHOTS = path.join('test-results', 'screenshots');
const STRONG_PASSWORD = 'harbor lantern violet oat';
const REFRESH_COOKIE = 'wellspring-refresh';

let counter = 0;
const uniqueEmail = (label: string) =>
  `${label}.${Date.now().toString(36)}.${process.pid}.${(counter += 1)}@example.test`;

/** A full-page screenshot at 360 and 1280 px wide, in the light and the dark theme (the page follows the system). */
async function shots(page: Page, name: string) {
  if (!TAKE_SCREENSHOTS) return;
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // The app follows the system theme while the preference is "system" (the default).
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?![\s\S]*\bdark\b)/);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({
        path: path.join(SCREENSHOTS, `${name}-${width}-${scheme}.png`),
        fullPage: true,
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A new account, signed in for this browser context the way the web app is: refresh token in the HttpOnly cookie. */
async function signUpInContext(context: BrowserContext, label = 'person', extra: { phone?: string } = {}) {
  const email = uniqueEmail(label);
  const response = await context.request.post('/auth/v1/signup', {
    headers: { 'x-refresh-cookie': '1' },
    data: { email, ...extra, password: STRONG_PASSWORD, data: { role: 'client' } },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect((await response.json()).refresh_token).toBeNull();
  return email;
}

async function refreshCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === REFRESH_COOKIE);
  expect(cookie, 'the refresh cookie').toBeDefined();
  return cookie?.value ?? '';
}

/** The newest 6-digit code sent to an address, from the demo mailbox (GET /api/dev/mailbox). */
async function latestCode(request: APIRequestContext, recipient: string, template: string) {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get('/api/dev/mailbox')).json()) as {
        messages: { recipient: string; template: string; body_text: string }[];
      };
      const message = messages.find((entry) => entry.recipient === recipient && entry.template === template);
      code = message ? /\b(\d{6})\b/.exec(message.body_text)?.[1] : undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code as string;
}

/** A phone number no other test uses (E.164, in a range reserved for fiction). */
const uniquePhone = () => `+4477009${String(Date.now() % 1_000_000).padStart(6, '0')}${counter++ % 10}`;

/** The page's own messages (the toast region elsewhere on the page also has an alert role). */
const alertIn = (page: Page) => page.getByRole('main').getByRole('alert');

const addressField = (page: Page) => page.getByLabel('Email or phone number');
const passwordField = (page: Page) => page.getByLabel('Password', { exact: true });

async function openAuth(page: Page, url = '/auth') {
  await page.goto(url);
  await expect(page.getByRole('tablist', { name: 'Sign in or create an account' })).toBeVisible();
}

test.describe('/auth', () => {
  test('sign up through the form; a reload restores the session from the cookie (shown in /settings)', async ({
    page,
  }) => {
    const email = uniqueEmail('form-signup');
    await openAuth(page, '/auth?as=client&signup=true');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await expect(page.getByTestId('auth-role')).toHaveText(
      'You are joining as someone looking for coaching.',
    );
    await addressField(page).fill(email);
    await passwordField(page).fill(STRONG_PASSWORD);
    await expect(page.getByText('This password is strong enough.')).toBeVisible();
    await page.getByRole('button', { name: 'Create account' }).click();

    // Signed in, the router takes the new client on (the automatic role from ?as=client).
    await expect(page).not.toHaveURL(/\/auth/, { timeout: 10_000 });

    await page.reload();
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(email);
  });

  test('sign in through the form with the demo client', async ({ page }) => {
    await openAuth(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Wellspring' })).toBeVisible();
    await shots(page, 'auth-sign-in');
    await addressField(page).fill('client@wellspring.demo');
    await passwordField(page).fill('wellspring-demo-client');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/client-portal$/, { timeout: 10_000 });
  });

  test('missing credentials and a wrong password are explained', async ({ page }) => {
    await openAuth(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(alertIn(page)).toHaveText('You must provide either an email or phone number and a password');
    await addressField(page).fill(uniqueEmail('nobody'));
    await passwordField(page).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(alertIn(page)).toHaveText('Invalid login credentials');
  });

  test('a weak password shows the reasons while typing', async ({ page }) => {
    await openAuth(page, '/auth?signup=true');
    await addressField(page).fill(uniqueEmail('weak'));
    await passwordField(page).fill('password1');
    const strength = page.getByTestId('password-strength');
    await expect(strength.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
      'aria-valuetext',
      /weak/i,
    );
    await expect(strength.getByRole('listitem').first()).toBeVisible();
    await expect(strength).toContainText(/password/i);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(
      page.getByText('Please choose a stronger password. See the suggestions below.'),
    ).toBeVisible();
    await shots(page, 'auth-create-account-weak');
  });

  test('"Email me a code instead" (here by text message): the code from the demo mailbox signs in', async ({
    page,
  }) => {
    // Sign-up sends its confirmation code to the email, and an address gets one code a minute:
    // the account also has a phone number, and the sign-in code goes there.
    const phone = uniquePhone();
    await signUpInContext(page.context(), 'code-sign-in', { phone });
    await page.context().clearCookies();
    await openAuth(page);
    await expect(page.getByText('Demo: codes we send appear in the')).toBeVisible();
    await addressField(page).fill(phone);
    await page.getByRole('button', { name: 'Email me a code instead' }).click();
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your phone' })).toBeVisible();
    await shots(page, 'auth-code-step');

    await page.getByLabel('6-digit code').fill(await latestCode(page.request, phone, 'auth_otp'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).not.toHaveURL(/\/auth/, { timeout: 10_000 });
  });
});

test.describe('/settings', () => {
  test('two-factor authentication: enrol with a real TOTP code, then sign-in asks for it', async ({
    page,
  }) => {
    // A sign-up, an enrolment, a second sign-in and twelve full-page screenshots (three screens, two
    // widths, two themes): past 30 s on a loaded 2-core machine since Settings grew its time zone section.
    test.setTimeout(60_000);
    const email = await signUpInContext(page.context(), 'totp');
    await page.goto('/settings');
    const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
    await expect(twoFactor.getByTestId('two-factor-status')).toHaveText('Off');
    await expect(
      page.getByRole('region', { name: 'Active sessions' }).getByText('This device'),
    ).toBeVisible();
    await shots(page, 'settings');

    await twoFactor.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect(twoFactor.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = ((await twoFactor.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shots(page, 'settings-2fa-enrol');
    await twoFactor.getByLabel('Code from the app').fill(totpCode(secret, totpStep(new Date())));
    await twoFactor.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await expect(twoFactor.getByTestId('two-factor-status')).toHaveText('On');
    await expect(twoFactor.getByText(/Two-factor authentication is on/)).toBeVisible();

    // Sign out, sign in with the password: the authenticator step comes before anything else.
    await page
      .getByRole('region', { name: 'Active sessions' })
      .getByRole('button', { name: 'Sign out', exact: true })
      .click();
    await expect(page).toHaveURL(/\/auth$/);
    await addressField(page).fill(email);
    await passwordField(page).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Enter the 6-digit code from your authenticator app' }),
    ).toBeVisible();
    await shots(page, 'auth-second-factor');
    // Each code works once: the next 30-second step is still accepted.
    await page.getByLabel('Authenticator code').fill(totpCode(secret, totpStep(new Date()) + 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).not.toHaveURL(/\/auth/, { timeout: 10_000 });
  });

  test('cross-tab sign-out: the other tab shows signed-out within 2 s', async ({ context }) => {
    await signUpInContext(context, 'two-tabs');
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto('/settings');
    await second.goto('/settings');
    await expect(first.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(second.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    await first
      .getByRole('region', { name: 'Active sessions' })
      .getByRole('button', { name: 'Sign out', exact: true })
      .click();
    await expect(second).toHaveURL(/\/auth$/, { timeout: 2_000 });
    await expect(second.getByRole('heading', { level: 1, name: 'Sign in to Wellspring' })).toBeVisible();
  });
});

test.describe('inactivity', () => {
  test('the prompt at 25 minutes, sign-out at 30, and the old session cannot be refreshed', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // Two screens in eight full-page screenshots after a sign-up: past 30 s on a loaded 2-core machine.
    test.setTimeout(60_000);
    await page.clock.install();
    await signUpInContext(page.context(), 'idle');
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    await page.clock.fastForward('25:00');
    const prompt = page.getByRole('alertdialog', { name: 'Your session expires in 5 minutes' });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
    await shots(page, 'inactivity-prompt');
    const tokenBeforeSignOut = await refreshCookie(page.context());

    await page.clock.fastForward('05:00');
    await expect(page).toHaveURL(/\/auth\?timeout=true$/);
    await expect(page.getByText('You were signed out after 30 minutes without activity.')).toBeVisible();
    await shots(page, 'auth-timeout');

    // A separate client (no cookies of this browser) presents the last refresh token the browser held.
    const outsider = await playwright.request.newContext({ baseURL });
    const refused = await outsider.post('/auth/v1/token?grant_type=refresh_token', {
      data: { refresh_token: tokenBeforeSignOut },
    });
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    expect(refused.status()).toBeLessThan(500);
    // GoTrue's error body ({ code, error_code, msg }), as /auth/v1 answers it.
    expect([
      'session_expired',
      'session_not_found',
      'refresh_token_not_found',
      'refresh_token_already_used',
    ]).toContain(((await refused.json()) as { error_code?: string }).error_code);
    await outsider.dispose();
  });

  test('"Stay signed in" keeps the session', async ({ page }) => {
    await page.clock.install();
    await signUpInContext(page.context(), 'stay');
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.clock.fastForward('25:00');
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await page.clock.fastForward('06:00');
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });
});
