import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, test } from './lib/test';
import { mailbox, SCREENSHOTS, shots } from './lib/journey';
import { approveAndGoOnline, bearer, finishedSession, newParty, topUp, type Party } from './lib/parties';

/**
 * Follow-ups and both session lists, with two browser contexts: after a finished session the coach opens it
 * from their session list ("Follow up"), writes notes and a resource (an http link is refused with
 * the reason), sends; the client, already on the follow-up page, sees it arrive, and finds the
 * session's "Review" on their home; the coach_followup email is in the demo mailbox.
 *
 * Both people are new accounts made through the API (no demo account shared with other specs). The
 * coach's approval is the one row written straight into the throwaway database (an admin's approval
 * needs a second factor, which the admin journeys own); the session itself is real: the client's
 * request holds money, the coach accepts and ends it.
 */

/** One region (a long page's list) at 360 px, light and dark, for a closer look than the full page. */
/** The client confirms their address with the code from the demo mailbox (follow-ups are emailed to confirmed addresses). */
async function confirmEmail(party: Party) {
  const message = (await mailbox(party.page.request)).find(
    (entry) => entry.recipient === party.email && entry.template === 'auth_confirmation',
  );
  const code = message ? /\b(\d{6})\b/.exec(message.body_text)?.[1] : undefined;
  expect(code, 'a confirmation code in the mailbox').toBeTruthy();
  const verified = await party.page.request.post('/auth/v1/verify', {
    data: { type: 'signup', email: party.email, token: code },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

async function regionShots(region: Locator, name: string) {
  const page = region.page();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 360, height: 800 });
    await region.screenshot({ path: path.join(SCREENSHOTS, `followups-${name}-360-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('follow-up after a session, and the session in both lists', () => {
  test.describe.configure({ timeout: 150_000 });

  test('the coach sends notes and a resource; the client sees it arrive; the email is in the mailbox', async ({
    browser,
  }) => {
    const coach = await newParty(browser, 'coach', 'Nadia Brooks');
    const client = await newParty(browser, 'client', 'Robin Hale');
    await confirmEmail(client);
    await topUp(client, 10_000);
    await approveAndGoOnline(coach, 'Nadia Brooks');
    const sessionId = await finishedSession(coach, client, {
      format: 'video',
      purpose: 'Sleep through the night again',
    });

    // The client's home: the finished session opens its details, and offers a review.
    await client.page.goto('/client-portal');
    const clientRows = client.page.getByRole('region', { name: 'Your sessions' });
    await expect(clientRows.getByRole('link', { name: /Nadia Brooks/ })).toHaveAttribute(
      'href',
      `/session/${sessionId}`,
    );
    await expect(clientRows.getByRole('link', { name: 'Review' })).toHaveAttribute(
      'href',
      `/review/${sessionId}`,
    );
    await shots(client.page, 'followups', '1-client-home-sessions', { all: true });
    await regionShots(clientRows, '1-client-sessions');

    // The client waits on the follow-up page: nothing yet.
    await client.page.goto(`/follow-up/${sessionId}`);
    await expect(
      client.page.getByRole('heading', { level: 1, name: 'Notes from Nadia Brooks' }),
    ).toBeVisible();
    await expect(client.page.getByText(/No follow-up yet/)).toBeVisible();
    await shots(client.page, 'followups', '2-client-empty', { all: true });

    // The coach's home: "Follow up" on the completed session.
    await coach.page.goto('/portal');
    const completed = coach.page.getByRole('region', { name: 'Completed sessions' });
    await expect(completed.getByRole('link', { name: /Robin Hale/ })).toHaveAttribute(
      'href',
      `/session/${sessionId}`,
    );
    await shots(coach.page, 'followups', '3-coach-home-sessions', { all: true });
    await regionShots(completed, '3-coach-completed-sessions');
    await completed.getByRole('link', { name: 'Follow up' }).click();
    await expect(coach.page).toHaveURL(`/follow-up/${sessionId}`);
    await expect(
      coach.page.getByRole('heading', { level: 1, name: 'Follow up with Robin Hale' }),
    ).toBeVisible();
    await expect(coach.page.getByText(/Video call · 30 min/)).toBeVisible();
    await shots(coach.page, 'followups', '4-coach-form-empty', { all: true });

    const notes = 'Great work today.\nTry the 4-7-8 breathing for ten minutes before bed this week.';
    await coach.page.getByLabel('Notes for Robin Hale').fill(notes);
    await expect(coach.page.getByText(`${notes.length}/5000 characters`)).toBeVisible();
    await coach.page.getByRole('button', { name: 'Add a resource' }).click();
    await expect(coach.page.getByLabel('Title of resource 1')).toBeFocused();
    await coach.page.getByLabel('Title of resource 1').fill('Sleep hygiene basics');
    const link = coach.page.getByLabel('Link of resource 1');
    await link.fill('http://example.com/sleep');
    await link.blur();
    await expect(coach.page.getByText('Use a secure link that starts with https://')).toBeVisible();
    await shots(coach.page, 'followups', '5-coach-form-invalid-link', { all: true });
    await link.fill('https://example.com/sleep-hygiene');
    await expect(coach.page.getByText('Use a secure link that starts with https://')).toHaveCount(0);
    await coach.page.getByRole('button', { name: 'Send follow-up' }).click();

    await expect(coach.page.getByText('Follow-up sent')).toBeVisible();
    const sent = coach.page.getByRole('region', { name: 'Sent follow-ups' });
    await expect(sent.getByRole('article')).toHaveCount(1);
    await expect(sent).toContainText('Try the 4-7-8 breathing');
    await expect(coach.page.getByLabel('Notes for Robin Hale')).toHaveValue('');
    await shots(coach.page, 'followups', '6-coach-sent', { all: true });

    // The client's open page shows it without a reload (session_followup.created on their topic).
    const received = client.page.getByRole('region', { name: 'Follow-ups from Nadia Brooks' });
    await expect(received).toContainText('Try the 4-7-8 breathing', { timeout: 10_000 });
    const resource = received.getByRole('link', { name: /Sleep hygiene basics/ });
    await expect(resource).toHaveAttribute('href', 'https://example.com/sleep-hygiene');
    await expect(resource).toHaveAttribute('target', '_blank');
    await shots(client.page, 'followups', '7-client-received', { all: true });

    // The coach_followup email, to the client's confirmed address, with the notes, the link and the session.
    const email = (await mailbox(client.page.request)).find(
      (entry) => entry.recipient === client.email && entry.template === 'coach_followup',
    );
    expect(email?.subject).toBe('Notes from Nadia Brooks after your session');
    expect(email?.body_text).toContain('Try the 4-7-8 breathing');
    expect(email?.body_text).toContain('- Sleep hygiene basics: https://example.com/sleep-hygiene');
    expect(email?.body_text).toContain(`/session/${sessionId}`);

    // The client may not send one (the screen offers no form; the server refuses).
    const refused = await client.page.request.post(`/api/sessions/${sessionId}/followups`, {
      headers: { ...bearer(client.session), 'idempotency-key': randomUUID() },
      data: { notes: 'From the client' },
    });
    expect(refused.status()).toBe(403);
    await coach.context.close();
    await client.context.close();
  });
});
