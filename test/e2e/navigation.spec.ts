import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './lib/test';
import { withE2eDatabase } from './lib/database';
import { accountFactor, nextCode, PASSWORD, SCREENSHOTS, signUp, type Account } from './lib/journey';

/**
 * Navigation: on a 360 px phone every working screen of a role is at most two taps from
 * home (a bar item, or More and then the item), no placeholder ("Coming soon") holds a slot of the
 * bar, and the sheet is a keyboard-accessible dialog. Point 12: an admin who is also a client lands
 * on the administration after signing in with the form (password, then the authenticator), and finds
 * the way back to the client side and in again. The screens each role must reach are listed here,
 * apart from the navigation's own data (web/app/routes/app-navigation.tsx), so the two check each other.
 */

const PHONE = { width: 360, height: 780 };
/**
 * A brand-new person with `role`, signed in on this page and on their home: the role is assigned on
 * /auth (SPEC §2); a coach's approval is the one row written straight into the throwaway database.
 */
async function newPerson(page: Page, role: 'client' | 'coach') {
  const session = await signUp(page, `nav-${role}-${randomUUID()}@example.test`, {
    full_name: role === 'client' ? 'Maya Thompson' : 'Lena Ortiz',
    role,
  });
  if (role === 'coach')
    await withE2eDatabase((db) =>
      db.query(
        `insert into coach_applications (user_id, status, experience, bio) values ($1, 'approved', 'Years of practice', 'Bio')`,
        [session.user.id],
      ),
    );
  await page.goto('/auth');
  await expect(page).toHaveURL(role === 'coach' ? /\/portal$/ : /\/client-portal$/);
}

const WORKING = {
  client: [
    '/client-portal',
    '/discover',
    '/client-programs',
    '/wallet',
    '/gift',
    '/client-favorites',
    '/reviews',
    '/client-profile',
    '/coach-application',
    '/settings',
  ],
  coach: [
    '/portal',
    '/services',
    '/manage-revenue',
    '/profile',
    '/reviews',
    '/cards',
    '/branding',
    '/settings',
  ],
  admin: [
    '/admin',
    '/admin/applications',
    '/admin/revenue',
    '/admin/platform-revenue',
    '/settings',
    '/client-portal',
  ],
};

const bottomBar = (page: Page) => page.getByRole('navigation', { name: 'Main' }).last();
const moreSheet = (page: Page) => page.getByRole('dialog', { name: 'More' });
const pathOf = (href: string) => new URL(href, 'http://app.invalid').pathname;

async function barTargets(page: Page): Promise<string[]> {
  // The first screen after signing in loads the signed-in chrome; a busy machine takes its time.
  await expect(bottomBar(page).getByRole('link').first()).toBeVisible({ timeout: 15_000 });
  const links = bottomBar(page).getByRole('link');
  return (await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''))).map(pathOf);
}

/** A real screen has settled: its h1 shows, and it is not the "Coming soon" placeholder. */
async function expectWorkingScreen(page: Page, at: string) {
  await expect(page).toHaveURL((url) => url.pathname === at);
  await expect(page.locator('main h1').first()).toBeVisible();
  // The placeholder (web/app/routes/coming-soon.tsx) is the page's h1 and this section.
  await expect(page.locator('main #coming-soon-title')).toHaveCount(0);
}

/**
 * From home, reaches `target` in at most two taps and returns how many it took. Home itself is
 * the bar's first item.
 */
async function reach(page: Page, home: string, target: string): Promise<number> {
  await bottomBar(page).getByRole('link').first().click();
  await expect(page).toHaveURL((url) => url.pathname === home);
  if (target === home) return 0;
  const inBar = bottomBar(page).locator(`a[href="${target}"]`);
  if ((await inBar.count()) > 0) {
    await inBar.click();
    await expectWorkingScreen(page, target);
    return 1;
  }
  await bottomBar(page).getByRole('button', { name: 'More' }).click();
  const sheet = moreSheet(page);
  await expect(sheet).toBeVisible();
  await sheet.getByRole('navigation', { name: 'More' }).locator(`a[href="${target}"]`).click();
  await expect(sheet).toBeHidden();
  await expectWorkingScreen(page, target);
  return 2;
}

/** The bar: four or five slots, each a working screen (a placeholder never holds one), then More. */
async function checkBar(page: Page) {
  const targets = await barTargets(page);
  expect(targets.length).toBeGreaterThan(0);
  expect(targets.length).toBeLessThanOrEqual(4);
  await expect(bottomBar(page).getByRole('button', { name: 'More' })).toBeVisible();
  for (const target of targets) {
    await bottomBar(page).locator(`a[href="${target}"]`).click();
    await expectWorkingScreen(page, target);
  }
  return targets;
}

/** Screenshots of home and of the open sheet at 360 px, and of home at 1280 px, light and dark. */
async function shoot(page: Page, name: string, home: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?![\s\S]*\bdark\b)/);
    await page.setViewportSize(PHONE);
    await bottomBar(page).getByRole('link').first().click();
    await expect(page).toHaveURL((url) => url.pathname === home);
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({ path: path.join(SCREENSHOTS, `nav-${name}-home-360-${scheme}.png`) });
    await bottomBar(page).getByRole('button', { name: 'More' }).click();
    await expect(moreSheet(page)).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, `nav-${name}-more-360-${scheme}.png`) });
    await page.keyboard.press('Escape');
    await expect(moreSheet(page)).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 860 });
    await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, `nav-${name}-home-1280-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(PHONE);
}

test.describe('navigation at 360 px', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: PHONE });

  for (const role of ['client', 'coach'] as const) {
    test(`${role}: every working screen within two taps of home, no placeholder in the bar`, async ({
      page,
    }) => {
      const home = role === 'client' ? '/client-portal' : '/portal';
      await newPerson(page, role);
      await page.goto('/');
      await expect(page).toHaveURL((url) => url.pathname === home);
      const bar = await checkBar(page);
      expect(bar[0]).toBe(home);
      const taps: Record<string, number> = {};
      for (const target of WORKING[role]) taps[target] = await reach(page, home, target);
      expect(Object.values(taps).every((count) => count <= 2)).toBe(true);
      await shoot(page, role, home);
    });
  }

  test('the More sheet is a dialog: keyboard opens it, focus stays inside, Escape gives focus back', async ({
    page,
  }) => {
    await newPerson(page, 'client');
    const more = bottomBar(page).getByRole('button', { name: 'More' });
    await more.focus();
    await page.keyboard.press('Enter');
    const sheet = moreSheet(page);
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('heading', { name: 'Coming soon' })).toBeVisible();
    for (let step = 0; step < 25; step += 1) {
      await page.keyboard.press('Tab');
      expect(await sheet.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(more).toBeFocused();
  });
});

test.describe('admins arrive as admins', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin who is also a client signs in with the form and lands on /admin; every admin screen within two taps at 360 px', async ({
    page,
  }) => {
    // A fresh person (the demo admin's authenticator belongs to routes.spec.ts) holding the client
    // role and an active super_admin row: the "Sam Rivera" of the report, who landed on a client home.
    const account: Account = {
      email: `nav.admin.${Date.now().toString(36)}@example.test`,
      password: PASSWORD,
    };
    const signedUp = await page.request.post('/auth/v1/signup', {
      data: { email: account.email, password: PASSWORD, data: { full_name: 'Alex Admin' } },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(200);
    const { access_token, user } = (await signedUp.json()) as { access_token: string; user: { id: string } };
    const role = await page.request.post('/api/rpc/set_last_active_role', {
      headers: { authorization: `Bearer ${access_token}` },
      data: { role_name: 'client' },
    });
    expect(role.status()).toBe(200);
    await withE2eDatabase((db) =>
      db.query(`insert into admin_users (user_id, admin_role, is_active) values ($1, 'super_admin', true)`, [
        user.id,
      ]),
    );
    const factor = await accountFactor(page.request, account);

    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto('/auth');
    await page.getByLabel('Email or phone number').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Authenticator code').fill(await nextCode(page, factor));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/admin', { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your client side' })).toBeVisible();

    await page.setViewportSize(PHONE);
    const bar = await checkBar(page);
    expect(bar).toEqual(['/admin', '/admin/applications', '/admin/revenue', '/admin/platform-revenue']);
    for (const target of WORKING.admin.filter((path) => path.startsWith('/admin')))
      expect(await reach(page, '/admin', target)).toBeLessThanOrEqual(2);
    // Their own settings, and the way back to the client side, are in More.
    expect(await reach(page, '/admin', '/settings')).toBe(2);
    // Settings belongs to the person, so the client navigation shows there, Administration in its More.
    expect(await reach(page, '/client-portal', '/admin')).toBe(2);
    expect(await reach(page, '/admin', '/client-portal')).toBe(2);
    expect(await reach(page, '/client-portal', '/admin')).toBe(2);
    await shoot(page, 'admin', '/admin');
  });
});

test.describe('unsaved changes', () => {
  test.describe.configure({ timeout: 120_000 });

  test("the browser's back button is held while a form has unsaved changes", async ({ page }) => {
    await newPerson(page, 'client');
    await page.goto('/client-profile');
    await page.getByRole('link', { name: 'Edit profile' }).first().click();
    await expect(page).toHaveURL(/\/client-profile-edit$/);
    await page.getByRole('textbox', { name: 'About me' }).fill('Words not saved yet');

    await page.goBack();
    const dialog = page.getByRole('alertdialog', { name: 'You have unsaved changes' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/client-profile-edit$/);
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/client-profile-edit$/);
    await expect(page.getByRole('textbox', { name: 'About me' })).toHaveValue('Words not saved yet');

    await page.goBack();
    await page
      .getByRole('alertdialog', { name: 'You have unsaved changes' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await expect(page).toHaveURL(/\/client-profile$/);
    await expect(page.getByRole('link', { name: 'Edit profile' }).first()).toBeVisible();
  });
});

test.describe('signed out', () => {
  test('the header says Sign in on phones; the welcome page offers Browse coaches', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const signInLink = page.getByRole('banner').getByRole('link', { name: 'Sign in' });
    await expect(signInLink).toBeVisible();
    await expect(signInLink).toHaveText('Sign in');
    await page.getByRole('link', { name: 'Browse coaches' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/discover');
    await expect(page.locator('main h1').first()).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goBack();
      await expect(page.getByRole('link', { name: 'Browse coaches' })).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      // Nothing wider than the phone (the header once was, with Sign in spelled out beside the theme).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.screenshot({
        path: path.join(SCREENSHOTS, `nav-welcome-360-${scheme}.png`),
        fullPage: true,
      });
      await page.getByRole('link', { name: 'Browse coaches' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/discover');
    }
  });
});
