import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './lib/test';
import { mailbox, newPage, shots } from './lib/journey';
import { approveAndGoOnline, liveSession, newParty, topUp } from './lib/parties';

/**
 * Guest links: in a live audio session the coach invites someone by email from the
 * room; the link in the session_invitation email (the demo mailbox) opened in a fresh browser context
 * joins the session as a guest, who chats with both parties (messages live on all three screens,
 * signed 'Guest'); the call stays between the coach and the client; the same link opened again is
 * refused with a calm explanation. Anywhere but the room the guest sees one guest
 * screen (the way back while the session is on, Sign out, Create your own account) and the app asks the
 * server for nothing it refuses a guest (no automatic role, no "Setup Error"). Screenshots of the join screen, the guest's room, the invite dialog
 * and the refusal at 1280 and 360 px, light and dark.
 */

const chat = (page: Page) => page.getByRole('region', { name: 'Chat' });
const messages = (page: Page) => chat(page).getByTestId('chat-message');

test.describe('guest links', () => {
  test.describe.configure({ timeout: 150_000 });

  test('the coach invites by email; the link joins a guest who chats with both; it works once', async ({
    browser,
  }) => {
    const coach = await newParty(browser, 'coach', 'Ines Carvalho');
    const client = await newParty(browser, 'client', 'Jonah Becker');
    await topUp(client, 10_000);
    await approveAndGoOnline(coach, 'Ines Carvalho');
    const sessionId = await liveSession(coach, client, { format: 'audio', purpose: 'Co-parenting plan' });
    for (const party of [coach, client]) {
      await party.page.goto(`/session/${sessionId}`);
      await expect(chat(party.page).getByRole('log')).toBeVisible();
    }
    const invitee = `partner-${randomUUID()}@example.test`;

    await test.step('the coach invites someone from the room', async () => {
      await coach.page.getByRole('button', { name: 'Invite someone' }).click();
      const dialog = coach.page.getByRole('dialog', { name: 'Invite someone to this session' });
      await expect(dialog.getByText('Nobody yet.')).toBeVisible();
      await dialog.getByLabel('Their email address').fill(invitee);
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await expect(dialog.getByText(`Invitation sent to ${invitee}.`)).toBeVisible();
      await expect(dialog.getByTestId('invitation')).toContainText(invitee);
      await expect(dialog.getByTestId('invitation')).toContainText('Invited');
      await shots(coach.page, 'guests', '1-invite-dialog', { all: true });
      await dialog.getByRole('button', { name: 'Close' }).click();
    });

    const link = await test.step('the invitation email carries the link', async () => {
      const message = (await mailbox(coach.page.request)).find(
        (entry) => entry.recipient === invitee && entry.template === 'session_invitation',
      );
      expect(message?.subject).toBe('Ines Carvalho invited you to a session on Wellspring');
      const url = /https?:\/\/\S+\/session\/([A-Za-z0-9_-]{43})/.exec(message?.body_text ?? '');
      expect(url, message?.body_text).not.toBeNull();
      return new URL(url![0]).pathname;
    });

    const guest = await newPage(browser);
    await test.step('a fresh browser opens the link and joins as a guest', async () => {
      await guest.page.goto(link);
      await expect(guest.page.getByRole('heading', { level: 1, name: 'Join the session' })).toBeVisible();
      await shots(guest.page, 'guests', '2-join', { all: true });
      await guest.page.getByRole('button', { name: 'Join the session' }).click();
      await expect(guest.page).toHaveURL(new RegExp(`/session/${sessionId}$`));
      await expect(
        guest.page.getByRole('heading', { level: 1, name: 'Session with Ines Carvalho and Jonah Becker' }),
      ).toBeVisible();
      await expect(guest.page.getByTestId('guest-note')).toContainText(
        'The call is between Ines Carvalho and Jonah Becker',
      );
      await expect(guest.page.getByRole('button', { name: 'End session' })).toHaveCount(0);
      await expect(guest.page.getByRole('button', { name: 'Invite someone' })).toHaveCount(0);
      await expect(chat(guest.page).getByRole('log')).toBeVisible();
    });

    await test.step('the three chat, live on every screen, in order', async () => {
      await coach.page.getByLabel('Message to Jonah Becker').fill('Welcome to you both');
      await coach.page.getByLabel('Message to Jonah Becker').press('Enter');
      await expect(messages(guest.page).last()).toContainText('Welcome to you both');
      await expect(messages(guest.page).last()).toContainText('Ines Carvalho');

      const guestBox = guest.page.getByLabel('Message to Ines Carvalho and Jonah Becker');
      await guestBox.fill('Thanks for including me');
      await guestBox.press('Enter');
      for (const page of [coach.page, client.page]) {
        await expect(messages(page).last()).toContainText('Thanks for including me');
        await expect(messages(page).last()).toContainText('Guest');
        await expect(messages(page).last()).toHaveAttribute('data-mine', 'false');
      }

      await client.page.getByLabel('Message to Ines Carvalho').fill('Glad you are here');
      await client.page.getByLabel('Message to Ines Carvalho').press('Enter');
      await expect(messages(guest.page).last()).toContainText('Glad you are here');
      await expect(messages(guest.page).last()).toContainText('Jonah Becker');
      for (const page of [coach.page, client.page, guest.page])
        await expect(messages(page)).toHaveText([
          /Welcome to you both/,
          /Thanks for including me/,
          /Glad you are here/,
        ]);
      await shots(guest.page, 'guests', '3-guest-room', { all: true });
    });

    await test.step('the coach sees that the invitation was used', async () => {
      await coach.page.getByRole('button', { name: 'Invite someone' }).click();
      const dialog = coach.page.getByRole('dialog', { name: 'Invite someone to this session' });
      await expect(dialog.getByTestId('invitation')).toContainText('Joined');
      await dialog.getByRole('button', { name: 'Close' }).click();
    });

    await test.step('the same link opened again is refused', async () => {
      const again = await newPage(browser);
      await again.page.goto(link);
      await again.page.getByRole('button', { name: 'Join the session' }).click();
      await expect(
        again.page.getByRole('heading', { level: 1, name: 'This invitation link has already been used.' }),
      ).toBeVisible();
      await expect(again.page.getByRole('link', { name: 'Go to Wellspring' })).toBeVisible();
      await shots(again.page, 'guests', '4-used', { all: true });
      await again.context.close();
    });

    // The server refuses a guest everything but the room; the app must not ask.
    const refused: string[] = [];
    guest.page.on('response', (response) => {
      if (response.status() === 403) refused.push(`${response.request().method()} ${response.url()}`);
    });
    const guestOnly = guest.page.getByRole('region', { name: 'You joined as a guest' });
    const setupError = guest.page.getByText('Setup Error');

    await test.step('anywhere else, the guest sees the guest screen and the way back to the room', async () => {
      for (const path of ['/', '/settings', '/client-portal']) {
        await guest.page.goto(path);
        await expect(guestOnly).toContainText('Guest access covers only the session you were invited to.');
        await expect(guestOnly.getByRole('link', { name: 'Back to your session' })).toBeVisible();
      }
      // No navigation to screens a guest cannot use, no account menu.
      await expect(guest.page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await expect(guest.page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
      await shots(guest.page, 'guests', '5-guest-only-live', { all: true });
      await guestOnly.getByRole('link', { name: 'Back to your session' }).click();
      await expect(guest.page).toHaveURL(new RegExp(`/session/${sessionId}$`));
      await expect(chat(guest.page).getByRole('log')).toBeVisible();
    });

    await test.step('after the session, / is the guest screen: no automatic role, no Setup Error', async () => {
      await coach.page.getByRole('button', { name: 'End session' }).click();
      await coach.page.getByRole('alertdialog').getByRole('button', { name: 'End session' }).click();
      await expect(coach.page.getByRole('region', { name: 'Session completed' })).toBeVisible();

      await guest.page.goto('/');
      await expect(guestOnly).toContainText('That session has ended.');
      await expect(guestOnly.getByRole('link', { name: 'Back to your session' })).toHaveCount(0);
      await expect(guestOnly.getByRole('button', { name: 'Create your own account' })).toBeVisible();
      await expect(guestOnly.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await expect(setupError).toHaveCount(0);
      expect(refused).toEqual([]);
      await shots(guest.page, 'guests', '6-guest-only-ended', { all: true });
    });

    await test.step('"Create your own account" signs the guest out onto the sign-in page', async () => {
      await guestOnly.getByRole('button', { name: 'Create your own account' }).click();
      await expect(guest.page).toHaveURL(/\/auth$/);
      await expect(guest.page.getByLabel('Email or phone number')).toBeVisible();
      await expect(setupError).toHaveCount(0);
      expect(refused).toEqual([]);
    });

    await guest.context.close();
    await coach.context.close();
    await client.context.close();
  });
});
