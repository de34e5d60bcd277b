import path from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './lib/test';
import { withE2eDatabase } from './lib/database';
import { SCREENSHOTS, TAKE_SCREENSHOTS } from './lib/journey';
import { approveAndGoOnline, liveSession, newParty, topUp } from './lib/parties';

/**
 * The rest of chat, with two browser contexts in one live text session: the
 * coach sees "<client> is typing…" while the client types, and it goes when the message arrives; the
 * client sends a picture (the coach's copy decodes: naturalWidth > 0) and a PDF (the coach downloads
 * it under its name); the coach records a voice note with Chromium's fake microphone and the client's
 * <audio> has a length; no 'sent' toast shows on either side (SPEC §8).
 *
 * Both people are new accounts made through the API; the coach's approval is the one row written
 * straight into the throwaway database (test/e2e/lib/parties.ts).
 */

const chat = (page: Page) => page.getByRole('region', { name: 'Chat' });

/** The chat panel at 1280 and 375 px wide, light and dark. */
async function panelShots(page: Page, name: string) {
  if (!TAKE_SCREENSHOTS) return;
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

/** The first m:ss in a text, in seconds. */
function seconds(text: string): number {
  const match = /(\d+):(\d\d)/.exec(text);
  if (!match) throw new Error(`no m:ss in ${JSON.stringify(text)}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

const SENT_TOASTS = /Voice note sent|File sent|Files sent|Message sent|has been sent|has been shared/;

async function expectNoSentToast(page: Page) {
  await expect(page.getByText(SENT_TOASTS)).toHaveCount(0);
}

const lastMessage = (page: Page): Locator => chat(page).getByTestId('chat-message').last();

test.describe('typing, pictures, files and voice notes in the session chat', () => {
  test.describe.configure({ timeout: 180_000 });

  test('typing shows on the other side; a picture, a PDF and a voice note are sent and received', async ({
    browser,
  }) => {
    const coach = await newParty(browser, 'coach', 'Imogen Hart');
    const client = await newParty(browser, 'client', 'Theo Lindqvist');
    await topUp(client, 10_000);
    await approveAndGoOnline(coach, 'Imogen Hart');
    const sessionId = await liveSession(coach, client, { format: 'text', purpose: 'Sleep better' });
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
      // The screenshots take a while on a busy machine: the note is as long as the recorder says now.
      const recorded = seconds((await recorder.getByTestId('voice-elapsed').textContent()) ?? '');
      await recorder.getByRole('button', { name: 'Stop and send the voice note' }).click();
      await expect(recorder).toBeHidden();

      const audio = chat(client.page).getByTestId('chat-voice').last();
      await expect(audio).toBeVisible();
      await expect(lastMessage(client.page)).toContainText(/Voice note · \d+:\d\d/);
      const shown = seconds((await lastMessage(client.page).textContent()) ?? '');
      expect(shown).toBeGreaterThanOrEqual(recorded);
      expect(shown).toBeLessThan(recorded + 30);
      await expect
        .poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration), { timeout: 10_000 })
        .toBeGreaterThan(0);
      // MediaRecorder's WebM has no length in its header; the panel makes the browser find it.
      await expect
        .poll(() => audio.evaluate((element: HTMLAudioElement) => Number.isFinite(element.duration)))
        .toBe(true);
      await expect(lastMessage(coach.page)).not.toContainText('Sending…');
    });

    await test.step('over the attachment quota, the refused file says why under its bubble', async () => {
      // 49.9 MB the client already sent in this session (50 MB per person and session);
      // the row stands for files sent before, so the next one really meets the server's quota.
      await withE2eDatabase((db) =>
        db.query(
          `insert into chat_messages (id, session_id, seq, sender_type, sender_user_id, message_content,
             message_type, sent_at, attachment_key, attachment_name, attachment_mime, attachment_size)
           values (gen_random_uuid(), $1, (select coalesce(max(seq), 0) + 1 from chat_messages where session_id = $1),
             'client', $2, '', 'file', now() - interval '1 minute', $3, 'earlier.pdf', 'application/pdf', $4)`,
          [sessionId, client.session.user.id, `chat/${sessionId}/earlier`, 50 * 1024 * 1024 - 1_000],
        ),
      );
      const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4_000, 0x41)]);
      await chat(client.page)
        .getByTestId('chat-file-input')
        .setInputFiles({ name: 'Journal.pdf', mimeType: 'application/pdf', buffer: pdf });
      const reason = chat(client.page).getByTestId('chat-send-error');
      await expect(reason).toHaveText(
        'You have sent 50 MB of attachments in this session, the most one person can. Share a link to the file instead.',
      );
      await expect(chat(client.page).getByText('Not sent —')).toBeVisible();
      await client.page.screenshot({ path: path.join(SCREENSHOTS, 'chat-5-quota-refused-1280-light.png') });
    });

    for (const party of [coach, client]) await expectNoSentToast(party.page);
    await panelShots(client.page, '4-client');
    await panelShots(coach.page, '4-coach');
    await coach.context.close();
    await client.context.close();
  });
});
