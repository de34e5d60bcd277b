import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './lib/test';
import { shots } from './lib/journey';
import { approveAndGoOnline, bearer, newParty, topUp, type Party } from './lib/parties';

/**
 * Screens that stay true, in a real browser: sending chat messages leaves the page
 * where it was (the session title stays in sight); an old waiting-room link after the session ended;
 * /withdrawal/success with nothing to confirm; a titled name greeted by first name; an offline coach's
 * status pill; the coach's website in the dark theme; "Connection Restored" anywhere in the app.
 * Screenshots (1280 and 360 px, light and dark) in test-results/screenshots/polish-*.png.
 */

const OFFLINE_COACH_PAGE = '/coach/daniel-cohen';

/** A live session from an instant request: its request and session ids. */
async function acceptedRequest(
  coach: Party,
  client: Party,
): Promise<{ requestId: string; sessionId: string }> {
  const requested = await client.page.request.post('/api/session-requests', {
    headers: { ...bearer(client.session), 'idempotency-key': randomUUID() },
    data: { coach_id: coach.session.user.id, format: 'text', duration_minutes: 30, purpose: 'Sleep better' },
  });
  expect(requested.status(), await requested.text()).toBe(201);
  const { id: requestId } = (await requested.json()) as { id: string };
  const accepted = await coach.page.request.post(`/api/session-requests/${requestId}/accept`, {
    headers: bearer(coach.session),
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { requestId, sessionId: ((await accepted.json()) as { session: { id: string } }).session.id };
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test.describe('screens that stay true', () => {
  test.describe.configure({ timeout: 120_000 });

  test('sending messages keeps the page still; an old waiting room says the session ended', async ({
    browser,
  }) => {
    const coach = await newParty(browser, 'coach', 'Hana Okafor');
    const client = await newParty(browser, 'client', 'Dr. Ada Lindqvist');
    await topUp(client, 10_000);
    await approveAndGoOnline(coach, 'Hana Okafor');

    await test.step('a titled name is welcomed by first name', async () => {
      await client.page.goto('/client-portal');
      await expect(client.page.getByText('Welcome back, Ada.')).toBeVisible();
    });

    const { requestId, sessionId } = await acceptedRequest(coach, client);

    await test.step('the chat scrolls itself, never the page: the title stays in sight', async () => {
      for (const size of [
        { width: 1440, height: 900 },
        { width: 360, height: 800 },
      ]) {
        await client.page.setViewportSize(size);
        await client.page.goto(`/session/${sessionId}`);
        const title = client.page.getByRole('heading', { level: 1, name: 'Session with Hana Okafor' });
        await expect(title).toBeVisible({ timeout: 15_000 });
        const box = client.page.getByLabel('Message to Hana Okafor');
        // On a laptop the whole room fits: title, chat and its message box, with no page scroll at all.
        if (size.width === 1440) await expect(box).toBeInViewport({ ratio: 1 });
        // Filling brings the box into view (Playwright scrolls if needed); from then on the page stays.
        await box.fill('Hello');
        const before = await scrollY(client.page);
        if (size.width === 1440) expect(before).toBe(0);
        await box.press('Enter');
        for (const text of ['One', 'Two', 'Three', 'Four', 'Five', 'Six']) {
          await box.fill(`${text} (${size.width})`);
          await box.press('Enter');
          await expect(
            client.page.getByTestId('chat-message').filter({ hasText: `${text} (${size.width})` }),
          ).toBeVisible();
        }
        expect(await scrollY(client.page)).toBe(before);
        if (size.width === 1440) await expect(title).toBeInViewport();
      }
      await client.page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('after the session ends, its waiting room no longer offers to join it', async () => {
      const ended = await coach.page.request.post(`/api/sessions/${sessionId}/end`, {
        headers: bearer(coach.session),
      });
      expect(ended.status(), await ended.text()).toBe(200);
      await client.page.goto(`/waiting-room/${requestId}`);
      await expect(
        client.page.getByRole('heading', { level: 1, name: 'Your session has ended' }),
      ).toBeVisible();
      await expect(client.page.getByRole('link', { name: 'See the session' })).toHaveAttribute(
        'href',
        `/session/${sessionId}`,
      );
      await expect(client.page.getByRole('link', { name: 'Go to your session' })).toHaveCount(0);
      await shots(client.page, 'polish', 'waiting-room-ended', { all: true });
    });

    await test.step('"Connection Lost", then "Connection Restored" outside the session room', async () => {
      await client.page.goto('/wallet');
      await expect(client.page.getByRole('heading', { level: 1 })).toBeVisible();
      await client.context.setOffline(true);
      await expect(client.page.getByText('Connection Lost')).toBeVisible();
      await client.context.setOffline(false);
      // One toast at a time (SPEC §9): it follows once 'Connection Lost' has had its 4 s.
      await expect(client.page.getByText('Connection Restored')).toBeVisible({ timeout: 10_000 });
      await expect(client.page.getByText("You're back online!")).toBeVisible();
    });

    await coach.context.close();
    await client.context.close();
  });

  test('withdrawal page with nothing to confirm, offline pill, dark coach website', async ({ browser }) => {
    // A coach of its own signs in, online (like the demo coach this used to be: the header's switch then
    // reads Online); the two public pages visited are demo coaches' (an offline coach, and a coach
    // website with content), which is what those steps look at.
    const coach = await newParty(browser, 'coach', 'Noor Haddad');
    await approveAndGoOnline(coach, 'Noor Haddad');
    const { context, page } = coach;

    await test.step('/withdrawal/success without a withdrawal does not claim one was requested', async () => {
      await page.goto('/withdrawal/success');
      await expect(page.getByRole('heading', { level: 1, name: 'Withdrawal not found' })).toBeVisible();
      await expect(page.getByText('Withdrawal requested')).toHaveCount(0);
      await shots(page, 'polish', 'withdrawal-not-found', { all: true });
    });

    await test.step("an offline coach's status is a pill like Online, not a full-width bar", async () => {
      await page.goto(OFFLINE_COACH_PAGE);
      const pill = page.getByText('Offline', { exact: true });
      await expect(pill).toBeVisible();
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        const box = (await pill.boundingBox())!;
        expect(box.width).toBeLessThan(120);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await shots(page, 'polish', 'coach-offline', { all: true });
    });

    await test.step('the coach website turns dark with the app', async () => {
      await page.goto('/coach/lena-ortiz/website');
      const site = page.getByTestId('coach-website');
      await expect(site).toBeVisible();
      const background = () => site.evaluate((element) => getComputedStyle(element).backgroundColor);
      const light = await background();
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await expect.poll(background).not.toBe(light);
      const [r, g, b] = (await background()).match(/\d+/g)!.map(Number);
      expect(Math.max(r!, g!, b!)).toBeLessThan(48);
      await page.emulateMedia({ colorScheme: 'light' });
      await shots(page, 'polish', 'coach-website', { all: true });
    });

    await context.close();
  });
});
