import { expect, test } from './lib/test';
import { newPage, shots } from './lib/journey';
import { approveAndGoOnline, finishedSession, newParty, topUp } from './lib/parties';

/**
 * Reviews, with two browser contexts: after a real session (the client's request holds
 * money, the coach accepts and ends it) the client rates it from "Waiting for your review" and sees
 * their review hidden until the coach writes theirs; the coach reviews the client, then reads the
 * client's review and replies once; the client sees the coach's review and the reply; the public
 * coach page lists the review with the client's first name and the reply.
 *
 * Both people are new accounts made through the API (no demo account shared with other specs). The
 * coach's approval is the one row written straight into the throwaway database (an admin's approval
 * needs a second factor, which the admin journeys own).
 */

test.describe('reviews after a session', () => {
  test.describe.configure({ timeout: 150_000 });

  test('the client rates, the coach reviews and replies, both see each other; the coach page lists it', async ({
    browser,
  }) => {
    const coach = await newParty(browser, 'coach', 'Imani Reyes');
    const client = await newParty(browser, 'client', 'Jonah Park');
    await topUp(client, 10_000);
    await approveAndGoOnline(coach, 'Imani Reyes');
    const sessionId = await finishedSession(coach, client, {
      format: 'text',
      purpose: 'Wind down before bed',
    });

    await test.step('the client finds the session waiting for a review and rates it', async () => {
      await client.page.goto('/reviews');
      await expect(client.page.getByRole('heading', { level: 1, name: 'Your reviews' })).toBeVisible();
      const waiting = client.page.getByRole('region', { name: /Waiting for your review/ });
      const write = waiting.getByRole('link', { name: 'Write a review of your session with Imani Reyes' });
      await expect(write).toHaveAttribute('href', `/review/${sessionId}`);
      await shots(client.page, 'reviews', '1-client-waiting', { all: true });
      await write.click();
      await expect(client.page).toHaveURL(new RegExp(`/review/${sessionId}$`));
      await expect(
        client.page.getByRole('heading', { level: 1, name: 'Rate your session with Imani Reyes' }),
      ).toBeVisible();

      // The stars are a radio group: one tab stop, arrow keys choose.
      const stars = client.page.getByRole('group', { name: 'How was your session with Imani Reyes?' });
      await stars.getByRole('radio', { name: '1 star, Poor' }).focus();
      for (let step = 0; step < 4; step += 1) await client.page.keyboard.press('ArrowRight');
      await expect(stars.getByRole('radio', { name: '5 stars, Excellent' })).toBeChecked();
      await client.page
        .getByLabel('Your review (optional)')
        .fill('Imani listened closely and gave me a routine I actually follow.');
      await shots(client.page, 'reviews', '2-client-form', { all: true });
      await client.page.getByRole('button', { name: 'Send review' }).click();

      const mine = client.page.getByRole('region', { name: 'Your review' });
      await expect(mine.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
      await expect(mine.getByText(/Hidden from Imani Reyes until they write theirs/)).toBeVisible();
      await expect(client.page.getByRole('region', { name: "Imani Reyes's review of you" })).toContainText(
        'appears here once they have written it',
      );
      await shots(client.page, 'reviews', '3-client-sent', { all: true });
    });

    await test.step('the coach reviews the client, then reads and replies to the client review', async () => {
      await coach.page.goto('/reviews');
      await expect(coach.page.getByRole('heading', { level: 1, name: 'Ratings and reviews' })).toBeVisible();
      // Hidden until the coach writes: nothing received yet.
      const received = coach.page.getByRole('region', { name: /Reviews from your clients/ });
      await expect(received.getByText(/No client reviews yet/)).toBeVisible();
      await coach.page.getByRole('link', { name: 'Write a review of your session with Jonah Park' }).click();
      await expect(coach.page).toHaveURL(new RegExp(`/coach-review/${sessionId}$`));
      const stars = coach.page.getByRole('group', { name: 'How was your session with Jonah Park?' });
      // A pointer picks a star by its label (the radio itself is visually hidden).
      await stars.locator('label').nth(3).click();
      await expect(stars.getByRole('radio', { name: '4 stars, Very good' })).toBeChecked();
      await coach.page
        .getByLabel('Your review (optional)')
        .fill('Came with clear goals and tried everything.');
      await coach.page.getByRole('button', { name: 'Send review' }).click();

      const theirs = coach.page.getByRole('region', { name: "Jonah Park's review of you" });
      await expect(
        theirs.getByText('Imani listened closely and gave me a routine I actually follow.'),
      ).toBeVisible();
      await theirs.getByRole('button', { name: 'Reply' }).click();
      await theirs.getByLabel('Your reply to Jonah Park').fill('Thank you, Jonah. Keep the routine going!');
      await theirs.getByRole('button', { name: 'Post reply' }).click();
      await expect(theirs.getByText('Thank you, Jonah. Keep the routine going!')).toBeVisible();
      await expect(theirs.getByRole('button', { name: 'Reply' })).toHaveCount(0);
      await shots(coach.page, 'reviews', '4-coach-review-replied', { all: true });

      await coach.page.goto('/reviews');
      const summary = coach.page.getByRole('region', { name: 'Your rating' });
      await expect(summary).toContainText('5.0 / 5');
      await expect(summary).toContainText('from 1 review');
      await shots(coach.page, 'reviews', '5-coach-list', { all: true });
    });

    await test.step("the client sees the coach's review of them and the reply", async () => {
      await client.page.goto(`/review/${sessionId}`);
      const theirs = client.page.getByRole('region', { name: "Imani Reyes's review of you" });
      await expect(theirs.getByText('Came with clear goals and tried everything.')).toBeVisible();
      await expect(theirs.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
      const mine = client.page.getByRole('region', { name: 'Your review' });
      await expect(mine.getByText('Thank you, Jonah. Keep the routine going!')).toBeVisible();
      await expect(mine.getByText(/Hidden from/)).toHaveCount(0);
      await shots(client.page, 'reviews', '6-client-both', { all: true });
    });

    await test.step('the public coach page lists the review with the first name and the reply', async () => {
      const { context, page } = await newPage(browser);
      await page.goto(`/coach/${coach.session.user.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Imani Reyes' })).toBeVisible();
      const reviews = page.getByRole('region', { name: /^Reviews/ });
      // Below the fold, the reviews load as the person scrolls towards them (again, if the sections
      // above grew meanwhile and pushed them away).
      const reviewText = reviews.getByText('Imani listened closely and gave me a routine I actually follow.');
      await expect(async () => {
        await reviews.scrollIntoViewIfNeeded();
        await expect(reviewText).toBeVisible({ timeout: 2_000 });
      }).toPass();
      await expect(reviews.getByText('Jonah', { exact: true })).toBeVisible();
      await expect(reviews.getByText('Park')).toHaveCount(0);
      await expect(reviews.getByText('Thank you, Jonah. Keep the routine going!')).toBeVisible();
      // The stats the page shows come from coach_stats, refreshed on completion and on the reviews.
      const stats = page.getByRole('region', { name: 'Stats' });
      await expect(stats).toContainText('5.0 / 5');
      await expect(stats).toContainText('1 review');
      await reviews.scrollIntoViewIfNeeded();
      await shots(page, 'reviews', '7-coach-page', { all: true });
      await context.close();
    });

    await coach.context.close();
    await client.context.close();
  });
});
