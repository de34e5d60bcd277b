import type { Page } from '@playwright/test';
import { expect, test } from './lib/test';
import { shots } from './lib/journey';
import { approveAndGoOnline, liveSession, newParty, topUp } from './lib/parties';

/**
 * Buying more minutes, with two browser contexts in one live text session: the
 * client asks for 15 more minutes from "Add time" (the dialog says what is held from the wallet), the
 * coach is prompted in the room and accepts by keyboard, both timers show the longer time (from
 * chat_session.updated), the coach ends the session, the summaries show both payments together, and
 * the client's wallet lists the session and the extra time as two payments.
 *
 * Both people are new accounts made through the API; the coach's approval is the one row written
 * straight into the throwaway database (test/e2e/lib/parties.ts). Default text rate: $30 per 15 min.
 */

const timeLeft = (page: Page) => page.getByTestId('session-time-left');

/** The minutes part of the time left ("44:59" -> 44). */
async function minutesLeft(page: Page): Promise<number> {
  const text = (await timeLeft(page).textContent()) ?? '';
  return Number(text.split(':')[0]);
}

test.describe('more time in a live session', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the client asks for 15 more minutes, the coach accepts, both timers grow, both payments settle', async ({
    browser,
  }) => {
    const coach = await newParty(browser, 'coach', 'Priya Anand');
    const client = await newParty(browser, 'client', 'Noah Becker');
    await topUp(client, 10_000);
    await approveAndGoOnline(coach, 'Priya Anand');
    const sessionId = await liveSession(coach, client, { format: 'text', purpose: 'Evening routine' });
    for (const party of [coach, client]) {
      await party.page.goto(`/session/${sessionId}`);
      await expect(timeLeft(party.page)).toBeVisible();
    }
    const before = new Map<typeof coach, number>();
    // The timer starts once both are in the room.
    for (const party of [coach, client])
      await expect(party.page.getByTestId('session-presence')).not.toContainText('not here yet');

    await test.step('the client opens Add time and sees what is held before sending', async () => {
      await client.page.getByRole('button', { name: 'Add time' }).click();
      const dialog = client.page.getByRole('dialog', { name: 'Add time to your session' });
      await expect(dialog).toBeVisible();
      const choices = dialog.getByRole('radiogroup', { name: 'How much more time?' });
      await expect(choices.getByRole('radio', { name: /15 min/ })).toBeChecked();
      await expect(choices.getByRole('radio', { name: /30 min/ })).toContainText('$60.00');
      const quote = dialog.getByTestId('extension-quote');
      await expect(quote).toContainText('15 more minutes$30.00');
      await expect(quote).toContainText('Held from your wallet now$30.00');
      await expect(quote).toContainText('Your wallet: $40.00');
      await expect(quote).toContainText("If they decline or don't answer within 2 minutes");
      await shots(client.page, 'extensions', '1-client-dialog', { all: true });
      await dialog.getByRole('button', { name: 'Send request' }).click();
      await expect(dialog).toBeHidden();
      await expect(client.page.getByText('Waiting for Priya Anand to accept 15 more minutes…')).toBeVisible();
      await expect(client.page.getByRole('button', { name: 'Cancel request' })).toBeVisible();
      await shots(client.page, 'extensions', '2-client-waiting', { all: true });
    });

    await test.step('the coach is prompted in the room and accepts with the keyboard', async () => {
      const prompt = coach.page.getByRole('region', {
        name: 'Noah Becker asks for 15 more minutes ($30.00)',
      });
      await expect(prompt).toBeVisible();
      await expect(prompt).toContainText('You receive $28.50 (95 %) when the session ends');
      await shots(coach.page, 'extensions', '3-coach-prompt', { all: true });
      // What each timer shows before: the 15 minutes are counted from there, however long the steps took.
      for (const party of [coach, client]) before.set(party, await minutesLeft(party.page));
      await prompt.getByRole('button', { name: 'Accept' }).focus();
      await coach.page.keyboard.press('Enter');
      await expect(prompt).toBeHidden();
    });

    await test.step('both timers show the longer session; the client hears the outcome', async () => {
      for (const party of [coach, client]) {
        // 15 more minutes, less the one that may have passed since it was read.
        await expect
          .poll(() => minutesLeft(party.page))
          .toBeGreaterThanOrEqual((before.get(party) ?? 0) + 14);
        await expect(party.page.getByRole('region', { name: 'Details' })).toContainText('45 min');
      }
      await expect(client.page.getByText('15 minutes added')).toBeVisible();
      await expect(client.page.getByRole('button', { name: 'Add time' })).toBeVisible();
      await shots(client.page, 'extensions', '4-client-longer', { all: true });
    });

    await test.step('the coach ends; both summaries count both payments', async () => {
      await coach.page.getByRole('button', { name: 'End session' }).click();
      await coach.page.getByRole('alertdialog').getByRole('button', { name: 'End session' }).click();
      const coachSummary = coach.page.getByRole('region', { name: 'Session completed' });
      await expect(coachSummary).toContainText('$90.00');
      // floor(95 % of 6000) + floor(95 % of 3000)
      await expect(coachSummary).toContainText('$85.50');
      const clientSummary = client.page.getByRole('region', { name: 'Session completed' });
      await expect(clientSummary).toContainText('You paid');
      await expect(clientSummary).toContainText('$90.00');
      await expect(clientSummary).toContainText('of 45 min booked');
    });

    await test.step('the client’s wallet shows the session and the extra time as two payments', async () => {
      await client.page.goto('/wallet');
      const transactions = client.page.getByRole('region', { name: 'Recent transactions' });
      const session = transactions
        .getByRole('listitem')
        .filter({ hasText: 'Text session with Priya Anand (30 min)' });
      const extra = transactions
        .getByRole('listitem')
        .filter({ hasText: 'Text session with Priya Anand (15 min)' });
      await expect(session).toContainText('$60.00');
      await expect(extra).toContainText('$30.00');
      await expect(transactions.getByText(/^Held:/)).toHaveCount(0);
      await shots(client.page, 'extensions', '5-client-wallet', { all: true });
    });

    await coach.context.close();
    await client.context.close();
  });
});
