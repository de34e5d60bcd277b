import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { checkAccessibility, expect, test } from './lib/test';
import { PASSWORD, TAKE_SCREENSHOTS, type Account } from './lib/journey';
import { approveCoach, newParty } from './lib/parties';
import { totpCode, totpStep } from '#server/modules/auth/factors/totp';
import { loadAccessMatrix, type ScreenRow } from '../authz/access-matrix';

/**
 * SPEC §2 in a real browser: the screen rows of test/authz/access-matrix.json walked as anonymous,
 * client, coach, dual-role, no-role and admin users — every screen each of them may open and a few
 * rows of every other outcome (`rowsToWalk`; screen-rules.test.ts checks every row against the rules).
 * The people sign in through the API, so the HttpOnly refresh cookie is set, then the page loads and
 * restores the session like a returning visitor; the client and the coach are new accounts of this
 * spec's own, the admin is the demo super_admin. Plus the login guard's return path, the automatic
 * role, the welcome role choice and its toasts, "Role synchronized", and screenshots of the shells in
 * test-results/screenshots/.
 *
 * Within one principal the walk moves between screens the way the app does (history + popstate, so
 * React Router runs the same navigation as a link), which keeps refresh calls — and the per-IP auth
 * rate limit — to one per page load.
 */

const matrix = loadAccessMatrix();
const SCREENSHOTS = path.join('test-results', 'screenshots');
const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 4310}`;
// Admins cannot sign up: the admin walks are the demo super_admin's.
const ADMIN: Account = { email: 'admin@wellspring.demo', password: 'wellspring-demo-admin' };
const WELCOME = 'Care for what matters, with a coach by your side';
const SECOND_FACTOR = 'Enter the 6-digit code from your authenticator app';

let counter = 0;
const freshEmail = (label: string) =>
  `routes.${label}.${Date.now().toString(36)}.${(counter += 1)}@example.test`;

type Session = { access_token: string; user: { id: string } };

// ---- Signing in through the API, from the page's own context (the cookie lands in the browser).

async function signInThroughApi(page: Page, account: Account): Promise<Session> {
  const response = await page.request.post('/auth/v1/token?grant_type=password', {
    headers: { 'x-refresh-cookie': '1' },
    data: account,
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Session;
}

async function signUpThroughApi(page: Page, data: Record<string, unknown> = {}): Promise<Session> {
  const response = await page.request.post('/auth/v1/signup', {
    headers: { 'x-refresh-cookie': '1' },
    data: { email: freshEmail('person'), password: PASSWORD, data: { full_name: 'Robin Example', ...data } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Session;
}

async function setRoleThroughApi(request: APIRequestContext, session: Session, role: 'client' | 'coach') {
  const response = await request.post('/api/rpc/set_last_active_role', {
    headers: { authorization: `Bearer ${session.access_token}` },
    data: { role_name: role },
  });
  expect(response.status()).toBe(200);
}

/**
 * A new account holding `role` only (a coach is approved too), made in its own browser context, which
 * then closes: the walks sign in with it like a returning visitor.
 */
async function newAccount(browser: Browser, role: 'client' | 'coach', fullName: string): Promise<Account> {
  const party = await newParty(browser, role, fullName);
  if (role === 'coach') await approveCoach(party, fullName);
  await party.context.close();
  return { email: party.email, password: PASSWORD };
}

/** The browser thinks the account is 6 minutes old: the automatic role (first 5 minutes) is not tried. */
const ageTheAccount = (page: Page) => page.clock.install({ time: new Date(Date.now() + 6 * 60_000) });

// ---- Walking screens.

const here = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

let historyIndex = 1000;
/** In-app navigation as React Router does it for a link: push a history entry and let it handle popstate. */
async function navigate(page: Page, to: string) {
  // The screen being left has settled (the walk waited for it): audit it before it goes.
  await checkAccessibility(page);
  historyIndex += 1;
  await page.evaluate(
    ({ to, idx }) => {
      delete (window as unknown as { e2eSettle?: unknown }).e2eSettle;
      window.history.pushState({ usr: null, key: `e2e${idx}`, idx }, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    },
    { to, idx: historyIndex },
  );
}

/**
 * Waits until the screen has settled: a page heading shows, nothing is loading, and the URL has held
 * still for 400 ms (a guard's redirect comes within a frame or two; the 400 ms leave room for a busy
 * machine). The page checks this itself every 50 ms, so waiting costs no round trips to the browser.
 * After 8 s it answers with what the screen shows then.
 */
async function settle(page: Page): Promise<{ at: string; heading: string }> {
  await page
    .waitForFunction(
      (quietMs) => {
        const state = window as unknown as { e2eSettle?: { href: string; since: number } };
        const now = performance.now();
        if (state.e2eSettle?.href !== location.href) {
          state.e2eSettle = { href: location.href, since: now };
          return false;
        }
        const heading = document.querySelector('main h1');
        if (!heading?.checkVisibility()) return false;
        const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = texts.nextNode(); node; node = texts.nextNode()) {
          const text = node.textContent?.trim();
          if (
            (text === 'Loading...' || text === 'Setting up your account...') &&
            node.parentElement?.checkVisibility()
          )
            return false;
        }
        return now - state.e2eSettle.since >= quietMs;
      },
      400,
      { polling: 50, timeout: 8000 },
    )
    .catch(() => undefined);
  const heading = await page
    .evaluate(() => {
      const element = document.querySelector('main h1');
      return element?.checkVisibility() ? (element.textContent ?? '').trim() : '(none)';
    })
    .catch(() => '(none)');
  return { at: here(page), heading };
}

const activeRoleInSwitcher = async (page: Page) => {
  const switcher = page.getByRole('radiogroup', { name: 'Use Wellspring as' });
  if (!(await switcher.isVisible().catch(() => false))) return null;
  if ((await switcher.getByRole('radio', { name: 'Coach' }).getAttribute('aria-checked')) === 'true')
    return 'coach';
  if ((await switcher.getByRole('radio', { name: 'Client' }).getAttribute('aria-checked')) === 'true')
    return 'client';
  return null;
};

/** What a row's expectation is, without the return path: every sign-in redirect is one outcome. */
const outcomeOf = (expected: string) => expected.replace(/\?redirect=.*$/, '');

/**
 * The rows a principal walks in the browser. Every row of every principal is already checked against
 * the guard's rules and the router table in test/authz/screen-rules.test.ts; the walk proves that the
 * real app, with a real session, applies them and that each screen renders. So the principals who see
 * the screens (anonymous, client, coach, super_admin) open every screen they may, and every principal
 * meets up to three rows (first, middle, last) of each other outcome — a redirect to sign-in, home,
 * the second factor, not found. Every screen row is allowed to one of those four (asserted below).
 */
function rowsToWalk(principal: string, rows: ScreenRow[], opts: { everyAllowed: boolean }): ScreenRow[] {
  const byOutcome = new Map<string, ScreenRow[]>();
  for (const row of rows) {
    const outcome = outcomeOf(row.expect[principal]!);
    byOutcome.set(outcome, [...(byOutcome.get(outcome) ?? []), row]);
  }
  const picked = new Set<ScreenRow>();
  for (const [outcome, group] of byOutcome) {
    if (outcome === 'allow' && opts.everyAllowed) group.forEach((row) => picked.add(row));
    else [group[0]!, group[Math.floor(group.length / 2)]!, group.at(-1)!].forEach((row) => picked.add(row));
  }
  return rows.filter((row) => picked.has(row));
}
const SEE_EVERY_SCREEN = ['anonymous', 'client', 'coach', 'super_admin'];

type Mismatch = { path: string; expected: string; actual: string };

/**
 * Visits every row and compares what happened with the row's expectation for `principal`:
 * allow, allow+sync:<role>, redirect:<path>[+sync:<role>], second_factor or not_found.
 */
async function walk(page: Page, principal: string, rows: ScreenRow[]): Promise<Mismatch[]> {
  const mismatches: Mismatch[] = [];
  const syncRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/rpc/set_last_active_role'))
      syncRequests.push((request.postDataJSON() as { role_name: string }).role_name);
  });

  for (const row of rows) {
    const expected = row.expect[principal]!;
    const sync = expected.split('+sync:')[1];
    const requestsBefore = syncRequests.length;
    await navigate(page, row.path);

    const observe = async () => {
      const { at, heading } = await settle(page);
      // On /auth the code step is the sign-in page's own; on admin routes it stands in for the page.
      if (heading === SECOND_FACTOR && at === row.path && row.path.startsWith('/admin'))
        return { actual: 'second_factor', heading };
      if (heading === 'Page not found' && at === row.path) return { actual: 'not_found', heading };
      return { actual: at === row.path ? 'allow' : `redirect:${at}`, heading };
    };
    let { actual, heading } = await observe();
    if (actual !== expected.split('+sync:')[0]) {
      // A busy machine can be slow to finish a navigation: look once more before calling it a mismatch.
      await page.waitForTimeout(1500);
      ({ actual, heading } = await observe());
    }

    if (sync) {
      // The stored role follows the path after 100 ms: the request goes out and the switcher shows it.
      await expect
        .poll(() => activeRoleInSwitcher(page), { timeout: 5000 })
        .toBe(sync)
        .catch(() => undefined);
      const role = await activeRoleInSwitcher(page);
      const sent = syncRequests.slice(requestsBefore);
      if (role === sync && sent.includes(sync)) actual += `+sync:${sync}`;
      else actual += ` (switcher: ${role}, requests: ${sent.join(',') || 'none'})`;
    } else if (syncRequests.length > requestsBefore) {
      actual += ` (unexpected role change: ${syncRequests.slice(requestsBefore).join(',')})`;
    }
    if (actual !== expected)
      mismatches.push({ path: row.path, expected, actual: `${actual} [h1: ${heading}]` });
  }
  return mismatches;
}

async function openApp(page: Page) {
  await page.goto('/');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Screenshots at 360 and 1280 px, light and dark (the system theme follows the emulated colour scheme). */
async function shoot(page: Page, name: string) {
  if (!TAKE_SCREENSHOTS) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 860 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.screenshot({
        path: path.join(SCREENSHOTS, `${name}-${width}-${scheme}.png`),
        fullPage: true,
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.emulateMedia({ colorScheme: 'light' });
}

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

// ---- The walks.

test.describe('screen access matrix in the browser', () => {
  test.describe.configure({ timeout: 240_000 });

  test('every screen row is opened by a principal whose walk visits every screen it may open', () => {
    const unseen = matrix.screens.filter(
      (row) =>
        Object.values(row.expect).some((expected) => expected.startsWith('allow')) &&
        !SEE_EVERY_SCREEN.some((principal) => row.expect[principal]!.startsWith('allow')),
    );
    expect(unseen.map((row) => row.path)).toEqual([]);
  });

  test('anonymous visitors', async ({ page }) => {
    await openApp(page);
    await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();
    expect(
      await walk(page, 'anonymous', rowsToWalk('anonymous', matrix.screens, { everyAllowed: true })),
    ).toEqual([]);
    await navigate(page, '/coach/lena-ortiz');
    await expect(page.getByRole('heading', { level: 1, name: 'Dr. Lena Ortiz' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/auth');
    await shoot(page, 'routes-public-coach-page');
  });

  test('client (a new account), with screenshots of the client home', async ({ browser, page }) => {
    await signInThroughApi(page, await newAccount(browser, 'client', 'Nora Whitfield'));
    await openApp(page);
    await expect(page).toHaveURL(/\/client-portal$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'NW: Account menu for Nora Whitfield' })).toHaveText('NW');
    await shoot(page, 'routes-client-home');
    expect(await walk(page, 'client', rowsToWalk('client', matrix.screens, { everyAllowed: true }))).toEqual(
      [],
    );
  });

  test('coach (a new approved coach), with screenshots of the coach portal', async ({ browser, page }) => {
    await signInThroughApi(page, await newAccount(browser, 'coach', 'Elliot Marsh'));
    await openApp(page);
    await expect(page).toHaveURL(/\/portal$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Coach home' })).toBeVisible();
    await shoot(page, 'routes-coach-portal');
    expect(await walk(page, 'coach', rowsToWalk('coach', matrix.screens, { everyAllowed: true }))).toEqual(
      [],
    );
  });

  test('dual-role person (client active): role synchronisation instead of redirects', async ({ page }) => {
    const session = await signUpThroughApi(page);
    await setRoleThroughApi(page.request, session, 'coach');
    await setRoleThroughApi(page.request, session, 'client');
    await openApp(page);
    await expect(page).toHaveURL(/\/client-portal$/);

    // First a sample of the rows that keep the client role, then every syncing row from the client role.
    const syncing = matrix.screens.filter((row) => row.expect.dual_role!.includes('+sync:'));
    const steady = matrix.screens.filter((row) => !row.expect.dual_role!.includes('+sync:'));
    expect(syncing.length).toBeGreaterThan(5);
    const mismatches = await walk(
      page,
      'dual_role',
      rowsToWalk('dual_role', steady, { everyAllowed: false }),
    );

    await navigate(page, '/services');
    await expect(toasts(page)).toContainText('Role synchronized');
    await expect(
      page.getByRole('radiogroup', { name: 'Use Wellspring as' }).getByRole('radio', { name: 'Coach' }),
    ).toHaveAttribute('aria-checked', 'true');
    await shoot(page, 'routes-dual-role-services');
    // On phones the switch lives in the account menu.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Coach' })).toHaveAttribute('aria-checked', 'true');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'routes-dual-role-menu-360-light.png') });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 860 });
    for (const row of syncing) {
      await navigate(page, '/client-portal');
      await expect.poll(() => activeRoleInSwitcher(page)).toBe('client');
      mismatches.push(...(await walk(page, 'dual_role', [row])));
    }
    expect(mismatches).toEqual([]);
  });

  test('person without a role (older than 5 minutes)', async ({ page }) => {
    await ageTheAccount(page);
    await signUpThroughApi(page);
    await openApp(page);
    await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();
    expect(
      await walk(page, 'no_role', rowsToWalk('no_role', matrix.screens, { everyAllowed: false })),
    ).toEqual([]);
  });
});

test.describe('admin (demo super_admin with an authenticator)', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  let secret = '';
  let lastStep = 0;

  /** A code the server has not seen yet for this factor (each step works once). */
  async function nextCode(page: Page) {
    let step = Math.max(totpStep(new Date()), lastStep + 1);
    while (step > totpStep(new Date()) + 1) {
      await page.waitForTimeout(1000);
      step = Math.max(totpStep(new Date()), lastStep + 1);
    }
    lastStep = step;
    return totpCode(secret, step);
  }

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: BASE_URL });
    const signedIn = await request.post('/auth/v1/token?grant_type=password', { data: ADMIN });
    expect(signedIn.status()).toBe(200);
    const auth = { authorization: `Bearer ${((await signedIn.json()) as Session).access_token}` };
    const enrolled = await request.post('/auth/v1/factors', { headers: auth, data: { factor_type: 'totp' } });
    expect(enrolled.status(), `enrol a factor for the demo admin: ${await enrolled.text()}`).toBe(200);
    const factor = (await enrolled.json()) as { id: string; totp: { secret: string } };
    secret = factor.totp.secret;
    const challenge = (await (
      await request.post(`/auth/v1/factors/${factor.id}/challenge`, { headers: auth })
    ).json()) as {
      id: string;
    };
    lastStep = totpStep(new Date());
    const verified = await request.post(`/auth/v1/factors/${factor.id}/verify`, {
      headers: auth,
      data: { challenge_id: challenge.id, code: totpCode(secret, lastStep) },
    });
    expect(verified.status(), await verified.text()).toBe(200);
    await request.dispose();
  });

  test('at aal1 every admin route shows the second-factor step first', async ({ page }) => {
    await ageTheAccount(page);
    await signInThroughApi(page, ADMIN);
    await openApp(page);
    await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open administration' })).toBeVisible();
    expect(
      await walk(
        page,
        'super_admin_aal1',
        rowsToWalk('super_admin_aal1', matrix.screens, { everyAllowed: false }),
      ),
    ).toEqual([]);

    await navigate(page, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: SECOND_FACTOR })).toBeVisible();
    await expect(page.getByLabel('Authenticator code')).toBeVisible();
    await shoot(page, 'routes-admin-second-factor');
  });

  test('with the code from the authenticator the admin opens every admin route without a role', async ({
    page,
  }) => {
    await ageTheAccount(page);
    await signInThroughApi(page, ADMIN);
    await page.goto('/admin/coaches');
    await expect(page.getByRole('heading', { level: 1, name: SECOND_FACTOR })).toBeVisible();
    await page.getByLabel('Authenticator code').fill(await nextCode(page));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Coaches' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/coaches$/);
    await navigate(page, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
    await shoot(page, 'routes-admin');
    expect(
      await walk(page, 'super_admin', rowsToWalk('super_admin', matrix.screens, { everyAllowed: true })),
    ).toEqual([]);
  });
});

// ---- The rules one at a time.

test.describe('redirects and gates', () => {
  test('the login guard keeps the return path, and sends the person there after signing in', async ({
    browser,
    page,
  }) => {
    const client = await newAccount(browser, 'client', 'Felix Navarro');
    await page.goto('/client-favorites?sort=new');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fclient-favorites%3Fsort%3Dnew$/);
    await signInThroughApi(page, client);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Favourite coaches' })).toBeVisible();
    expect(here(page)).toBe('/client-favorites?sort=new');

    // A return path outside the app is never followed.
    await navigate(page, '/auth?redirect=https%3A%2F%2Fevil.example%2F');
    await expect(page).toHaveURL(/\/client-portal$/);
    await navigate(page, '/auth?redirect=%2F%2Fevil.example');
    await expect(page).toHaveURL(/\/client-portal$/);
  });

  test('automatic role: a new account on /?as=coach sees "Setting up your account..." and lands on /portal', async ({
    page,
  }) => {
    await signUpThroughApi(page);
    // Hold the real answer for a moment so the set-up screen can be seen.
    await page.route('**/api/rpc/auto_assign_role', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const sent = page.waitForRequest('**/api/rpc/auto_assign_role');
    await page.goto('/?as=coach');
    await expect(page.getByText('Setting up your account...')).toBeVisible();
    expect((await sent).postDataJSON()).toEqual({ as: 'coach', signup: false, on_auth_page: false });
    await expect(page.getByRole('heading', { level: 1, name: 'Coach home' })).toBeVisible();
    await expect(page).toHaveURL(/\/portal$/);
  });

  test('automatic role: a new account on /auth gets the role from its sign-up and goes home', async ({
    page,
  }) => {
    await signUpThroughApi(page, { role: 'coach' });
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Coach home' })).toBeVisible();
    await expect(page).toHaveURL(/\/portal$/);
  });

  test('welcome: a signed-in person who picks a role has it saved, is told so and goes home', async ({
    page,
  }) => {
    await signUpThroughApi(page);
    await openApp(page);
    await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();
    const saved = page.waitForResponse('**/api/rpc/set_last_active_role');
    await page.getByRole('button', { name: /I am a coach/ }).click();
    expect((await saved).status()).toBe(200);
    await expect(toasts(page).getByRole('status')).toContainText('Role set successfully!');
    await expect(toasts(page).getByRole('status')).toContainText('You are now using the product as a coach.');
    await expect(page.getByRole('heading', { level: 1, name: 'Coach home' })).toBeVisible();
    await expect(page).toHaveURL(/\/portal$/);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'routes-role-set-toast-1280-light.png') });
  });

  test('welcome: when saving fails the person is told and sent to /auth?as={role}', async ({ page }) => {
    await signUpThroughApi(page);
    await openApp(page);
    await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();
    await page.route('**/api/rpc/set_last_active_role', (route) =>
      route.fulfill({
        status: 503,
        json: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Unavailable', requestId: 'e2e' } },
      }),
    );
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame())
        visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
    });
    await page.getByRole('button', { name: /I'm looking for coaching/ }).click();
    await expect(toasts(page).getByRole('alert')).toContainText('Failed to set role');
    await expect(toasts(page).getByRole('alert')).toContainText(
      'There was an error setting your role. Please try again.',
    );
    await expect.poll(() => visited).toContain('/auth?as=client');
    // Signed in on /auth, the guard takes them home, which for someone without a role is the choice.
    await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();
    await page.setViewportSize({ width: 360, height: 780 });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'routes-role-failed-toast-360-light.png') });
  });

  test('signing out from the account menu ends the session and shows the sign-in page', async ({
    browser,
    page,
  }) => {
    await signInThroughApi(page, await newAccount(browser, 'coach', 'Hana Okoye'));
    await openApp(page);
    await expect(page).toHaveURL(/\/portal$/);
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.reload();
    await navigate(page, '/portal');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fportal$/);
  });
});
