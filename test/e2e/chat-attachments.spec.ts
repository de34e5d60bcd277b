import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { withE2eDatabase } from './lib/database';
import { newPage, SCREENSHOTS, signUp, type Session } from './lib/journey';

/**
 * Issue #7 point 1 (the rest of chat), with two browser contexts in one live text session: the
 * coach sees "<client> is typing…" while the client types, and it goes when the message arrives; the
 * client sends a picture (the coach's copy decodes: naturalWidth > 0) and a PDF (the coach downloads
 * it under its name); the coach records a voice note with Chromium's fake microphone and the client's
 * <audio> has a length; no 'sent' toast shows on either side (SPEC §8).
 *
 * Both people are new accounts made through the API; the coach's approval is the one row written
 * straight into the throwaway database (as in reviews.spec.ts).
 */

type Party = { context: BrowserContext; page: Page; session: Session; name: string };

const api = (session: Session) => ({ authorization: `Bearer ${session.access_token}` });

async function newParty(browser: Browser, role: 'coach' | 'client', name: string): Promise<Party> {
  const { context, page } = await newPage(browser);
  const session = await signUp(page, `${role}-${randomUUID()}@example.test`, { full_name: name, role });
  // The automatic role of a new account (SPEC §2) is assigned on /auth.
  await page.goto('/auth');
  await expect(page).toHaveURL(role === 'coach' ? /\/portal$/ : /\/client-portal$/);
  return { context, page, session, name };
}

async function topUp(party: Party, amount: number) {
  const created = await party.page.request.post('/api/wallet/top-ups', {
    headers: { ...api(party.session), 'idempotency-key': randomUUID() },
    data: { amount },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { payment_id: id } = (await created.json()) as { payment_id: string };
  const paid = await party.page.request.post(`/api/wallet/top-ups/${id}/demo-confirm`, {
    headers: { ...api(party.session), 'idempotency-key': randomUUID() },
    data: { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

async function approveAndGoOnline(coach: Party) {
  await withE2eDatabase(async (db) => {
    await db.query(
      `insert into coach_applications (user_id, status, experience, bio) values ($1, 'approved', 'Years of practice', 'Bio')`,
      [coach.session.user.id],
    );
    await db.query(
      `insert into profiles (user_id, full_name) values ($1, $2) on conflict (user_id) do update set full_name = $2`,
      [coach.session.user.id, coach.name],
    );
  });
  const online = await coach.page.request.put('/api/me/presence', {
    headers: api(coach.session),
    data: { is_online: true },
  });
  expect(online.status(), await online.text()).toBe(200);
}

/** A live text session: the client's instant request (money held), the coach accepts. */
async function liveTextSession(coach: Party, client: Party): Promise<string> {
  const requested = await client.page.request.post('/api/session-requests', {
    headers: { ...api(client.session), 'idempotency-key': randomUUID() },
    data: { coach_id: coach.session.user.id, format: 'text', duration_minutes: 30, purpose: 'Sleep better' },
  });
  expect(requested.status(), await requested.text()).toBe(201);
  const { id: requestId } = (await requested.json()) as { id: string };
  const accepted = await coach.page.request.post(`/api/session-requests/${requestId}/accept`, {
    headers: api(coach.session),
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return ((await accepted.json()) as { session: { id: string } }).session.id;
}

const chat = (page: Page) => page.getByRole('region', { name: 'Chat' });

/** The chat panel at 1280 and 375 px wide, light and dark. */
async function panelShots(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const)
    for (const width of [1280, 375]) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?![\s\S]*\bdark\b)/);
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const log = chat(page).getByRole('log');
      await log.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await chat(page).screenshot({ path: path.join(SCREENSHOTS, `chat-${name}-${width}-${scheme}.png`) });
      // The whole screen on a phone, scrolled to the end: the composer clear of the bottom navigation.
      if (width === 375) {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.screenshot({ path: path.join(SCREENSHOTS, `chat-${name}-${width}-${scheme}-screen.png`) });
      }
    }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const SENT_TOASTS = /Voice note sent|File sent|Files sent|Message sent|has been sent|has been shared/;

async function expectNoSentToast(page: Page) {
  await expect(page.getByText(SENT_TOASTS)).toHaveCount(0);
}

const lastMessage = (page: Page): Locator => chat(page).getByTestId('chat-message').last();

test.describe('issue #7: typing, pictures, files and voice notes in the session chat', () => {
  test.describe.configure({ timeout: 120_000 });

  test('typing shows on the other side; a picture, a PDF and a voice note are sent and received', async ({
    browser,
  }) => {
    const coach = await newParty(browser, 'coach', 'Imogen Hart');
    const client = await newParty(browser, 'client', 'Theo Lindqvist');
    await topUp(client, 10_000);
    await approveAndGoOnline(coach);
    const sessionId = await liveTextSession(coach, client);
    for (const party of [coach, client]) {
      await party.page.goto(`/session/${sessionId}`);
      await expect(chat(party.page).getByRole('log')).toBeVisible();
    }
    const clientBox = client.page.getByLabel('Message to Imogen Hart');
    const coachTyping = chat(coach.page).getByTestId('chat-typing');

    await test.step('the coach sees the client typing until the message arrives', async () => {
      await clientBox.pressSequentially('I slept badly', { delay: 20 });
      await expect(coachTyping).toHaveText('Theo Lindqvist is typing…');
      await expect(coachTyping).toHaveAttribute('aria-live', 'polite');
      await panelShots(coach.page, '1-typing');
      await clientBox.press('Enter');
      await expect(lastMessage(coach.page)).toContainText('I slept badly');
      await expect(coachTyping).toHaveText('');
    });

    await test.step('the client sends a picture from the attach button; the coach’s copy decodes', async () => {
      const picture = await sharp({
        create: { width: 800, height: 600, channels: 3, background: '#6f9c8a' },
      })
        .composite([
          {
            input: await sharp({
              create: { width: 300, height: 300, channels: 3, background: '#f2c078' },
            })
              .png()
              .toBuffer(),
            left: 250,
            top: 150,
          },
        ])
        .png()
        .toBuffer();
      const chooser = client.page.waitForEvent('filechooser');
      await chat(client.page).getByRole('button', { name: 'Attach a picture or file' }).click();
      await (await chooser).setFiles({ name: 'sunrise.png', mimeType: 'image/png', buffer: picture });

      const received = chat(coach.page).getByRole('img', { name: 'sunrise.webp' });
      await expect(received).toBeVisible();
      await expect
        .poll(() => received.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
        .toBe(800);
      await expect(lastMessage(client.page)).not.toContainText('Sending…');
      await expect
        .poll(() =>
          chat(client.page)
            .getByRole('img', { name: 'sunrise.webp' })
            .evaluate((image: HTMLImageElement) => image.naturalWidth),
        )
        .toBeGreaterThan(0);

      // Full size in a dialog, closed with Escape.
      await chat(coach.page).getByRole('button', { name: 'Open the image sunrise.webp full size' }).click();
      const dialog = coach.page.getByRole('dialog', { name: 'sunrise.webp' });
      await expect(dialog.getByRole('img', { name: 'sunrise.webp' })).toBeVisible();
      await coach.page.screenshot({ path: path.join(SCREENSHOTS, 'chat-2-image-dialog-1280-light.png') });
      await coach.page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    await test.step('the client sends a PDF; the coach downloads it under its name', async () => {
      const pdf = Buffer.from(
        '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      );
      await chat(client.page)
        .getByTestId('chat-file-input')
        .setInputFiles({ name: 'Sleep plan.pdf', mimeType: 'application/pdf', buffer: pdf });
      const card = lastMessage(coach.page);
      await expect(card).toContainText('Sleep plan.pdf');
      await expect(card).toContainText('PDF · ');
      const download = coach.page.waitForEvent('download');
      await card.getByRole('button', { name: 'Download Sleep plan.pdf' }).click();
      expect((await download).suggestedFilename()).toBe('Sleep plan.pdf');
    });

    await test.step('the coach records a voice note; the client plays it inline', async () => {
      await chat(coach.page).getByRole('button', { name: 'Record a voice note' }).click();
      const recorder = chat(coach.page).getByTestId('voice-recorder');
      await expect(recorder.getByTestId('voice-elapsed')).toHaveText(/^0:0[2-9] \/ 5:00$/);
      await panelShots(coach.page, '3-recording');
      await recorder.getByRole('button', { name: 'Stop and send the voice note' }).click();
      await expect(recorder).toBeHidden();

      const audio = chat(client.page).getByTestId('chat-voice').last();
      await expect(audio).toBeVisible();
      await expect(lastMessage(client.page)).toContainText(/Voice note · 0:0[2-9]/);
      await expect
        .poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration), { timeout: 10_000 })
        .toBeGreaterThan(0);
      // MediaRecorder's WebM has no length in its header; the panel makes the browser find it.
      await expect
        .poll(() => audio.evaluate((element: HTMLAudioElement) => Number.isFinite(element.duration)))
        .toBe(true);
      await expect(lastMessage(coach.page)).not.toContainText('Sending…');
    });

    for (const party of [coach, client]) await expectNoSentToast(party.page);
    await panelShots(client.page, '4-client');
    await panelShots(coach.page, '4-coach');
    await coach.context.close();
    await client.context.close();
  });
});
