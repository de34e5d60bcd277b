import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './lib/test';
import sharp from 'sharp';
import { accountFactor, newPage, nextCode, shots, signIn, signUp, type MailboxMessage } from './lib/journey';

/**
 * Coaches end to end, in a real Chromium against the real server (scripts/e2e-server.mjs: a fresh
 * database with the demo accounts, the demo mailbox on): a new person applies to coach, the demo
 * reviewer (coach_manager, with an authenticator) approves, the coach completes the profile with a
 * photo and a service, and a new client finds them by search and filters, opens their page and
 * website, and follows them. Discovery is a trigger-maintained read model: the coach is searched
 * for before the approval (not found) and after it (found). Screenshots of each step land in
 * test-results/screenshots/coaches-*.png.
 */

const REVIEWER = { email: 'reviewer@wellspring.demo', password: 'wellspring-demo-reviewer' };

type CoachCard = { full_name: string | null; username: string | null; categories: string[] };

const SERVICE = 'Sleep reset session';

/**
 * This journey's own names: the tag is one search word (letters and digits, starting with a
 * letter), new for every run of the test, so search and filters find exactly this coach.
 */
function journeyNames() {
  // Search matches the last word by prefix, also by its first five letters alone: the random part
  // comes first, so two runs never share those five letters (nor find each other's coach).
  const random = Math.floor(Math.random() * 36 ** 5)
    .toString(36)
    .padStart(5, '0');
  const tag = `k${random}${Date.now().toString(36)}`;
  return {
    tag,
    coachName: `Wren Calloway ${tag}`,
    username: `wren-calloway-${tag}`,
    coachEmail: `coaches.coach.${tag}@example.test`,
    clientEmail: `coaches.client.${tag}@example.test`,
  };
}

/** GET /api/coaches as anyone: the discovery read model. */
async function searchCoaches(request: APIRequestContext, query: Record<string, string>) {
  const response = await request.get(`/api/coaches?${new URLSearchParams(query).toString()}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { coaches: CoachCard[] }).coaches;
}

/** A real 256×256 PNG portrait placeholder: a soft gradient with a circle, made by sharp. */
async function portraitPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#7fb8a4"/><stop offset="1" stop-color="#2f6f62"/></linearGradient></defs>
    <rect width="256" height="256" fill="url(#g)"/>
    <circle cx="128" cy="104" r="52" fill="#f3e3d3"/>
    <ellipse cx="128" cy="236" rx="92" ry="70" fill="#f3e3d3"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test.describe('from application to a client who follows the coach', () => {
  test.describe.configure({ timeout: 180_000 });

  test('apply, approve, complete the profile and a service, then be found, visited and followed', async ({
    browser,
    playwright,
    baseURL,
  }) => {
    const { tag, coachName, username, coachEmail, clientEmail } = journeyNames();
    const coach = await newPage(browser);
    const reviewer = await newPage(browser);
    const client = await newPage(browser);
    const anonymous = await playwright.request.newContext({ baseURL });

    // ---- 1. A new person chooses "I am a coach", applies, and waits for the review.
    await test.step('a new person applies to coach', async () => {
      const { page } = coach;
      await signUp(page, coachEmail, { full_name: coachName });
      await page.goto('/');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Care for what matters, with a coach by your side' }),
      ).toBeVisible();
      await page.getByRole('button', { name: /I am a coach/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Coach home' })).toBeVisible();
      await expect(page).toHaveURL(/\/portal$/);
      await expect(page.getByRole('heading', { name: 'Apply to be listed' })).toBeVisible();
      await shots(page, 'coaches', '1-portal-before-applying');

      await page.getByRole('link', { name: 'Apply to be listed' }).click();
      await expect(page).toHaveURL(/\/coach-application$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Become a coach' })).toBeVisible();
      await page
        .getByLabel('Your coaching experience')
        .fill('Eight years coaching shift workers and new parents through sleep problems and stress.');
      await page.getByLabel('Years of experience').fill('8');
      await page.getByRole('button', { name: 'Sleep', exact: true }).click();
      await page.getByRole('button', { name: 'Stress management' }).click();
      await expect(page.getByText('2 of 5 selected')).toBeVisible();
      await page.getByLabel('Credentials').fill('Certified sleep science coach (CSSC), 2017.');
      await page
        .getByLabel('Bio', { exact: true })
        .fill('I help tired people sleep again with small, kind changes that fit real lives.');
      await page.getByLabel('Text sessions ($)').fill('25');
      await page.getByLabel('Audio sessions ($)').fill('30');
      await page.getByLabel('Video sessions ($)').fill('45');
      await shots(page, 'coaches', '1-application-form');
      await page.getByRole('button', { name: 'Submit application' }).click();

      await expect(page.getByRole('heading', { name: "We're reviewing your application" })).toBeVisible();
      await page.getByText('What you sent').click();
      await expect(page.getByText('Sleep, Stress management')).toBeVisible();
      await expect(page.getByText('Text $25.00 · Audio $30.00 · Video $45.00')).toBeVisible();
      await shots(page, 'coaches', '1-application-pending');

      // Not listed yet: a coach role and a profile, but no approved application.
      expect(await searchCoaches(anonymous, { q: coachName })).toEqual([]);
      expect(await searchCoaches(anonymous, { q: tag })).toEqual([]);
    });

    // ---- 2. The reviewer confirms the second factor and approves.
    await test.step('the reviewer approves the application', async () => {
      const { page } = reviewer;
      const factor = await accountFactor(reviewer.context.request, REVIEWER);
      await signIn(page, REVIEWER);
      await page.goto('/admin/applications');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Enter the 6-digit code from your authenticator app' }),
      ).toBeVisible();
      await page.getByLabel('Authenticator code').fill(await nextCode(page, factor));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Coach applications' })).toBeVisible();

      const listed = page.getByRole('link', { name: new RegExp(coachName) });
      await expect(listed).toBeVisible();
      await listed.click();
      const detail = page.getByRole('article', { name: coachName });
      await expect(detail.getByRole('heading', { level: 2, name: coachName })).toBeVisible();
      await expect(detail).toContainText(coachEmail);
      await expect(detail).toContainText('Eight years coaching shift workers');
      await expect(detail).toContainText('Video: $45.00');
      await shots(page, 'coaches', '2-admin-application');

      await detail.getByRole('button', { name: 'Approve…' }).click();
      const dialog = page.getByRole('alertdialog', { name: `Approve ${coachName}?` });
      await expect(dialog).toBeVisible();
      await shots(page, 'coaches', '2-admin-approve-dialog');
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
        `${coachName} is now a coach. We emailed them a welcome.`,
      );

      await page.getByRole('tab', { name: /^Approved/ }).click();
      await expect(page).toHaveURL(/status=approved/);
      await page.getByRole('link', { name: new RegExp(coachName) }).click();
      await expect(page.getByRole('article', { name: coachName })).toContainText(
        /Approved by Ines Duarte on/,
      );
      await shots(page, 'coaches', '2-admin-approved');
    });

    await test.step('the applicant sees the approval and the welcome email', async () => {
      const { page } = coach;
      await page.reload();
      await expect(page.getByRole('heading', { name: "You're approved" })).toBeVisible();
      await shots(page, 'coaches', '2-application-approved');

      let welcome: MailboxMessage | undefined;
      await expect
        .poll(async () => {
          const { messages } = (await (await anonymous.get('/api/dev/mailbox')).json()) as {
            messages: MailboxMessage[];
          };
          welcome = messages.find(
            (entry) => entry.recipient === coachEmail && entry.template === 'coach_welcome',
          );
          return welcome?.subject;
        })
        .toBe("You're approved to coach on Wellspring");
      expect(welcome?.body_text).toContain(`Welcome to Wellspring, ${coachName}!`);
      expect(welcome?.body_text).toContain('/portal');

      // Listed now, with what the application filled in.
      const [card, ...others] = await searchCoaches(anonymous, { q: coachName });
      expect(others).toEqual([]);
      expect(card?.full_name).toBe(coachName);
      expect(card?.categories.sort()).toEqual(['sleep', 'stress']);
    });

    // ---- 3. The coach completes the profile (photo included) and adds a service.
    let avatarUrl = '';
    await test.step('the coach completes the profile with a photo', async () => {
      const { page } = coach;
      await page.getByRole('link', { name: 'Edit your profile' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();
      // The application filled the bio and the rates in.
      await expect(page.getByLabel('Short bio')).toHaveValue(/I help tired people sleep again/);
      await expect(page.getByLabel('Video call, $ per 15 min')).toHaveValue('45.00');

      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Professional title').fill('Sleep and stress coach');
      await page.getByLabel('Tagline').fill('Rested nights, steadier days');
      await page
        .getByLabel('About me')
        .fill(
          'I help tired people sleep again with small, kind changes that fit real lives.\n\nSessions are calm, practical and built around your week.',
        );
      const categories = page.getByRole('group', { name: 'Categories' });
      await expect(categories.getByRole('button', { name: 'Sleep', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await categories.getByRole('button', { name: 'Burnout recovery' }).click();
      await expect(categories.getByRole('button', { name: 'Burnout recovery' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );

      await page.getByLabel('Choose a file for profile photo').setInputFiles({
        name: 'wren.png',
        mimeType: 'image/png',
        buffer: await portraitPng(),
      });
      const photo = page.getByRole('img', { name: 'Profile photo: current picture' });
      await expect(photo).toBeVisible({ timeout: 10_000 });
      await expect
        .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
      avatarUrl = (await photo.getAttribute('src')) ?? '';
      expect(avatarUrl).not.toBe('');

      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Profile saved');
      await expect(page.getByText('All changes saved.')).toBeAttached();
      await expect(page.getByLabel('Username')).toHaveValue(username);
      await shots(page, 'coaches', '3-profile-edit');
    });

    await test.step('the coach creates a service; the coach home says the profile is complete', async () => {
      const { page } = coach;
      await page.goto('/services');
      await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'No services yet' })).toBeVisible();
      await page.getByRole('button', { name: 'New service' }).click();
      const dialog = page.getByRole('dialog', { name: 'New service' });
      await dialog.getByLabel('Title', { exact: true }).fill(SERVICE);
      await dialog.getByLabel('Subtitle (optional)').fill('Four weeks to calmer nights');
      await dialog
        .getByLabel('Description (optional)')
        .fill('We look at your evenings together and build a wind-down routine you can keep.');
      await dialog.getByLabel('Format').selectOption('video');
      await dialog.getByLabel('Price (USD)').fill('60');
      await dialog.getByLabel('Duration (minutes)').fill('50');
      await dialog.getByLabel('Category').selectOption('sleep');
      await shots(page, 'coaches', '3-service-dialog');
      await dialog.getByRole('button', { name: 'Create service' }).click();
      await expect(dialog).toBeHidden();
      const card = page.getByRole('article', { name: SERVICE });
      await expect(card).toContainText('Active');
      await expect(card).toContainText('$60.00');
      await expect(card).toContainText('50 min');
      await shots(page, 'coaches', '3-services');

      await page.goto('/portal');
      await expect(page.getByRole('heading', { level: 1, name: 'Coach home' })).toBeVisible();
      await expect(
        page.getByText('Your profile is complete. Clients see everything they need.'),
      ).toBeVisible();
      await expect(page.getByRole('progressbar', { name: 'Profile completion' })).toHaveAttribute(
        'aria-valuenow',
        '100',
      );
      await expect(page.getByRole('heading', { name: 'Apply to be listed' })).toBeHidden();
      await shots(page, 'coaches', '3-portal-complete');
    });

    // ---- 4. A client finds the coach, visits the page and the website, and follows them.
    await test.step('a client finds the coach by search and filters', async () => {
      const { page } = client;
      await signUp(page, clientEmail, { full_name: 'Noor Haddad', role: 'client' });
      // The automatic role from the sign-up (a new account on /auth) takes the client home.
      await page.goto('/auth');
      await expect(page).toHaveURL(/\/client-portal$/);

      await page.goto('/discover');
      await expect(page.getByRole('heading', { level: 1, name: 'Discover coaches' })).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search coaches' }).fill(coachName);
      await page.getByRole('searchbox', { name: 'Search coaches' }).press('Enter');
      await expect(page).toHaveURL(new RegExp(`[?&]q=Wren\\+Calloway\\+${tag}(&|$)`));
      const results = page.getByRole('region', { name: 'Results' });
      const coachCard = results.getByRole('link', { name: new RegExp(coachName) });
      await expect(results.getByText('1 coach', { exact: true })).toBeVisible();
      await expect(coachCard).toBeVisible();
      await expect(coachCard).toContainText('Sleep and stress coach');
      await expect(coachCard).toContainText('Rested nights, steadier days');

      // The category from the profile editor narrows to them.
      await page.getByRole('button', { name: /^Burnout recovery\b/ }).click();
      await expect(page).toHaveURL(/[?&]category=burnout(&|$)/);
      await expect(coachCard).toBeVisible();
      await expect(coachCard.getByRole('list', { name: 'Categories' })).toContainText('Burnout recovery');

      // Video sessions cost $45 per 15 minutes: a $40 ceiling leaves them out, $50 brings them back.
      const filters = page.getByRole('complementary', { name: 'Filters' });
      await filters.getByLabel('Session format').selectOption('video');
      await expect(page).toHaveURL(/[?&]format=video(&|$)/);
      await filters.getByLabel('Maximum ($)').fill('40');
      await filters.getByRole('button', { name: 'Apply price' }).click();
      await expect(page).toHaveURL(/[?&]max=40(&|$)/);
      await expect(page.getByRole('heading', { name: 'No coaches match' })).toBeVisible();
      await filters.getByLabel('Maximum ($)').fill('50');
      await filters.getByRole('button', { name: 'Apply price' }).click();
      await expect(page).toHaveURL(/[?&]max=50(&|$)/);
      await expect(coachCard).toBeVisible();
      await expect(results.getByText('1 coach', { exact: true })).toBeVisible();
      await expect(coachCard.locator('img')).toHaveAttribute('src', avatarUrl);
      await shots(page, 'coaches', '4-discover', { all: true });
    });

    await test.step('the client opens the coach page and the website', async () => {
      const { page } = client;
      await page
        .getByRole('region', { name: 'Results' })
        .getByRole('link', { name: new RegExp(coachName) })
        .click();
      await expect(page).toHaveURL(new RegExp(`/coach/${username}$`));
      await expect(page.getByRole('heading', { level: 1, name: coachName })).toBeVisible();
      const coachPage = page.getByRole('article', { name: coachName });
      await expect(coachPage).toContainText('Sleep and stress coach');
      const avatar = coachPage.locator('header img');
      await expect(avatar).toHaveAttribute('src', avatarUrl);
      await expect
        .poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
      await expect(coachPage.getByRole('list', { name: 'Specialties' })).toContainText('Burnout recovery');
      const services = page.getByRole('region', { name: 'Services' });
      await expect(services.getByRole('heading', { name: SERVICE })).toBeVisible();
      await expect(services).toContainText('Four weeks to calmer nights');
      await expect(services).toContainText('$60.00');
      await expect(page.getByRole('region', { name: 'On-demand sessions' })).toContainText('$45.00');
      await shots(page, 'coaches', '4-coach-page', { all: true });

      await page.getByRole('link', { name: 'Visit website' }).click();
      await expect(page).toHaveURL(new RegExp(`/coach/${username}/website$`));
      const website = page.getByTestId('coach-website');
      await expect(website.getByRole('heading', { level: 1 })).toHaveText('Rested nights, steadier days');
      await expect(website).toContainText(`${coachName} · Sleep and stress coach`);
      await expect(website.getByRole('heading', { name: SERVICE })).toBeVisible();
      await expect(website.locator(`header img[src="${avatarUrl}"]`)).toBeVisible();
      await shots(page, 'coaches', '4-coach-website');

      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/coach/${username}$`));
      await expect(page.getByRole('heading', { level: 1, name: coachName })).toBeVisible();
    });

    await test.step('the client follows the coach, asks to be notified, and finds them in favourites', async () => {
      const { page } = client;
      const follow = page.getByRole('group', { name: 'Follow this coach' });
      await follow.getByRole('button', { name: 'Follow', exact: true }).click();
      await expect(follow.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
      await follow.getByRole('button', { name: 'Notify me' }).click();
      await expect(follow.getByRole('button', { name: 'Notifying you' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await shots(page, 'coaches', '4-coach-page-following');

      // Saved on the server, not only in the page: a reload shows the same.
      await page.reload();
      await expect(follow.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
      await expect(follow.getByRole('button', { name: 'Notifying you' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );

      await page.goto('/client-favorites');
      await expect(page.getByRole('heading', { level: 1, name: 'Favourite coaches' })).toBeVisible();
      const favourite = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 2, name: coachName }) });
      await expect(favourite).toHaveCount(1);
      await expect(favourite.getByRole('link', { name: new RegExp(coachName) })).toHaveAttribute(
        'href',
        `/coach/${username}`,
      );
      await expect(favourite.getByRole('switch', { name: 'Following' })).toBeChecked();
      await expect(favourite.getByRole('switch', { name: 'Notify me' })).toBeChecked();
      await shots(page, 'coaches', '4-client-favorites', { all: true });
    });

    await anonymous.dispose();
    await Promise.all([coach.context.close(), reviewer.context.close(), client.context.close()]);
  });
});
