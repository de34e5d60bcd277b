import type { Page } from '@playwright/test';
import { expect, test } from './lib/test';
import { shots } from './lib/journey';
import { approveAndGoOnline, bearer, liveSession, newParty, topUp, type Party } from './lib/parties';

/**
 * Calls in the session room, with two browser contexts and Chromium's fake camera and microphone
 * (playwright.config.ts): a video session connects by itself once both are in the room — the remote
 * video is decoding frames and the remote audio carries energy; chat goes both ways in order; mute
 * reaches the other side; one side goes offline and comes back and the call and the chat recover
 * ('Connection Lost' / 'Connection Restored'); the coach ends it and both see the summary. An audio
 * session has sound and no video; a text session has no call; refused camera and microphone leave
 * the session as chat with an explanation.
 */

/** Frames the remote <video> has decoded so far. */
const framesDecoded = (page: Page) =>
  page
    .getByTestId('remote-video')
    .evaluate((video: HTMLVideoElement) => video.getVideoPlaybackQuality().totalVideoFrames);

/**
 * The loudest RMS level of the remote stream over `ms` (Chromium's fake microphone beeps): a Web Audio
 * analyser on the element's MediaStream.
 */
const remoteAudioLevel = (page: Page, testId: 'remote-video' | 'remote-audio', ms = 2_500) =>
  page.getByTestId(testId).evaluate(async (element: HTMLMediaElement, duration: number) => {
    const context = new AudioContext();
    const source = context.createMediaStreamSource(element.srcObject as MediaStream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 2048;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let loudest = 0;
    const end = performance.now() + duration;
    while (performance.now() < end) {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      loudest = Math.max(loudest, Math.sqrt(sum / samples.length));
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    await context.close();
    return loudest;
  }, ms);

/** Waits until the remote video has decoded more frames than it had. */
async function expectFramesFlowing(page: Page) {
  await expect(page.getByTestId('remote-video')).toBeVisible({ timeout: 15_000 });
  const before = await framesDecoded(page);
  await expect.poll(() => framesDecoded(page), { timeout: 10_000 }).toBeGreaterThan(before + 5);
  const size = await page
    .getByTestId('remote-video')
    .evaluate((video: HTMLVideoElement) => ({ width: video.videoWidth, height: video.videoHeight }));
  expect(size.width).toBeGreaterThan(0);
  expect(size.height).toBeGreaterThan(0);
}

async function pair(browser: Parameters<typeof newParty>[0], coachName: string, clientName: string) {
  const coach = await newParty(browser, 'coach', coachName);
  const client = await newParty(browser, 'client', clientName);
  await topUp(client, 20_000);
  await approveAndGoOnline(coach, coachName);
  return { coach, client };
}

/**
 * Opens the room and waits until it has loaded (who is in it is listed). A page load on a busy machine
 * may take a while: the other worker may be running a call of its own or an accessibility audit.
 */
async function enter(party: Party, sessionId: string) {
  await party.page.goto(`/session/${sessionId}`);
  await expect(party.page.getByTestId('session-presence')).toBeVisible({ timeout: 30_000 });
}

test.describe('calls in the session room', () => {
  // Two browsers with fake camera and microphone encode and decode media the whole time: on a 2-core
  // machine shared with another worker every step is slower than the page alone would be.
  test.describe.configure({ timeout: 300_000 });

  test('a video session connects by itself; chat, mute, a network loss and the end', async ({ browser }) => {
    const { coach, client } = await pair(browser, 'Amara Okafor', 'Theo Lindqvist');
    // The client's tab is away from the app until they enter: an open tab follows 'Session Ready!' into
    // the room by itself (SPEC §4), which would make the coach's "waiting" state a race.
    await client.page.goto('about:blank');
    const sessionId = await liveSession(coach, client, {
      format: 'video',
      purpose: 'Build a calmer morning',
    });

    await enter(coach, sessionId);
    await expect(coach.page.getByTestId('call-status')).toHaveText('Waiting for Theo Lindqvist to join…');
    await expect(coach.page.getByTestId('session-presence')).toContainText('Theo Lindqvist not here yet');
    await enter(client, sessionId);

    await test.step('both are present, the timer runs, video and sound flow both ways', async () => {
      for (const page of [coach.page, client.page])
        await expect(page.getByTestId('session-presence')).not.toContainText('not here yet');
      const stored = await coach.page.request.get(`/api/sessions/${sessionId}`, {
        headers: bearer(coach.session),
      });
      expect(await stored.json()).toMatchObject({
        coach_present: true,
        client_present: true,
        timer_started: true,
      });
      await expectFramesFlowing(coach.page);
      await expectFramesFlowing(client.page);
      expect(await remoteAudioLevel(coach.page, 'remote-video')).toBeGreaterThan(0.01);
      expect(await remoteAudioLevel(client.page, 'remote-video')).toBeGreaterThan(0.01);
      await expect(coach.page.getByTestId('call-quality')).toContainText('connection');
      await expect(coach.page.getByTestId('self-view')).toBeVisible();
      await shots(coach.page, 'calls', '1-coach-video', { all: true });
      await shots(client.page, 'calls', '1-client-video');
    });

    await test.step('chat goes both ways, in order', async () => {
      await coach.page.getByLabel('Message to Theo Lindqvist').fill('Good morning Theo, how did you sleep?');
      await coach.page.getByLabel('Message to Theo Lindqvist').press('Enter');
      await client.page.getByLabel('Message to Amara Okafor').fill('Better than last week.');
      await client.page.getByLabel('Message to Amara Okafor').press('Enter');
      for (const page of [coach.page, client.page]) {
        const log = page.getByRole('log');
        await expect(log).toContainText('Better than last week.');
        expect(await log.innerText()).toMatch(/Good morning Theo[\s\S]*Better than last week/);
      }
    });

    await test.step('mute reaches the other side', async () => {
      await client.page.getByRole('button', { name: 'Mute your microphone' }).click();
      await expect(coach.page.getByTestId('remote-muted')).toHaveText('Theo Lindqvist is muted');
      await expect
        .poll(() => remoteAudioLevel(coach.page, 'remote-video', 1_500), { timeout: 10_000 })
        // Silence, give or take the receiver's concealment noise on a busy machine (sound is > 0.01).
        .toBeLessThan(0.005);
      await client.page.getByRole('button', { name: 'Unmute your microphone' }).click();
      await expect(coach.page.getByTestId('remote-muted')).toHaveCount(0);
      await expect
        .poll(() => remoteAudioLevel(coach.page, 'remote-video'), { timeout: 10_000 })
        .toBeGreaterThan(0.01);
    });

    await test.step('the client loses the network and comes back: call and chat recover', async () => {
      await client.context.setOffline(true);
      await expect(client.page.getByText('Connection Lost')).toBeVisible();
      await expect(client.page.getByText('No internet connection')).toBeVisible();
      await client.context.setOffline(false);
      await expect(client.page.getByText('Connection Restored')).toBeVisible({ timeout: 15_000 });
      await expectFramesFlowing(coach.page);
      await expectFramesFlowing(client.page);
      await client.page.getByLabel('Message to Amara Okafor').fill('Back again, sorry!');
      await client.page.getByLabel('Message to Amara Okafor').press('Enter');
      await expect(coach.page.getByRole('log')).toContainText('Back again, sorry!');
    });

    await test.step('the coach ends it; both see the summary', async () => {
      await coach.page.getByRole('button', { name: 'End session' }).click();
      await coach.page
        .getByRole('alertdialog', { name: 'End this session now?' })
        .getByRole('button', { name: 'End session' })
        .click();
      await expect(coach.page.getByRole('heading', { name: 'Session completed' })).toBeVisible();
      await expect(client.page.getByRole('heading', { name: 'Session completed' })).toBeVisible();
      await expect(coach.page.getByText('Your earnings')).toBeVisible();
      // The call is over: no media is kept open.
      await expect(client.page.getByTestId('remote-video')).toHaveCount(0);
      await shots(client.page, 'calls', '2-client-summary');
    });
    await coach.context.close();
    await client.context.close();
  });

  test('an audio session has sound and no video', async ({ browser }) => {
    const { coach, client } = await pair(browser, 'Rosa Delgado', 'Ines Marchetti');
    const audio = await liveSession(coach, client, { format: 'audio', purpose: 'Talk through a hard week' });
    await enter(coach, audio);
    await enter(client, audio);
    await expect(coach.page.getByTestId('remote-audio')).toHaveCount(1, { timeout: 15_000 });
    await expect(coach.page.getByTestId('remote-video')).toHaveCount(0);
    await expect(coach.page.getByTestId('self-view')).toHaveCount(0);
    await expect
      .poll(() => remoteAudioLevel(coach.page, 'remote-audio'), { timeout: 15_000 })
      .toBeGreaterThan(0.01);
    await expect(client.page.getByTestId('call-status')).toHaveText('You are talking with Rosa Delgado.');
    await shots(client.page, 'calls', '3-client-audio', { all: true });
    const ended = await coach.page.request.post(`/api/sessions/${audio}/end`, {
      headers: bearer(coach.session),
    });
    expect(ended.status()).toBe(200);
    await coach.context.close();
    await client.context.close();
  });

  test('a text session has no call, and nobody else can open its room', async ({ browser }) => {
    const { coach, client } = await pair(browser, 'Mira Solberg', 'Jonas Weber');
    const text = await liveSession(coach, client, { format: 'text', purpose: 'Quick check-in' });
    await enter(coach, text);
    await enter(client, text);
    // Both have the room open: the server counts each tab in (the list follows, whatever came first).
    await expect(client.page.getByTestId('session-presence')).not.toContainText('not here yet', {
      timeout: 10_000,
    });
    await expect(client.page.getByRole('region', { name: /call/i })).toHaveCount(0);
    await expect(client.page.getByRole('log')).toBeVisible();

    // A third person cannot open the room, nor read its messages or join it.
    const stranger = await newParty(browser, 'client', 'Sam Outsider');
    await stranger.page.goto(`/session/${text}`);
    await expect(stranger.page.getByRole('heading', { level: 1, name: 'Session not found' })).toBeVisible({
      timeout: 15_000,
    });
    for (const path of [
      `/api/sessions/${text}`,
      `/api/sessions/${text}/messages`,
      `/api/sessions/${text}/rtc`,
    ]) {
      const response = await stranger.page.request.get(path, { headers: bearer(stranger.session) });
      expect(response.status(), path).toBe(404);
    }
    await coach.context.close();
    await client.context.close();
    await stranger.context.close();
  });

  test('without camera and microphone the session goes on as chat and says how to allow them', async ({
    browser,
  }) => {
    const { coach, client } = await pair(browser, 'Noor Haddad', 'Felix Brandt');
    const sessionId = await liveSession(coach, client, { format: 'video', purpose: 'Plan a calmer week' });
    // The client's browser refuses camera and microphone.
    await client.page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await enter(coach, sessionId);
    await enter(client, sessionId);
    await expect(client.page.getByText('Your camera and microphone are blocked')).toBeVisible();
    await expect(client.page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(client.page.getByRole('button', { name: 'Mute your microphone' })).toHaveCount(0);
    // The client still sees and hears the coach; the chat works.
    await expectFramesFlowing(client.page);
    await client.page.getByLabel('Message to Noor Haddad').fill('My camera is off today.');
    await client.page.getByLabel('Message to Noor Haddad').press('Enter');
    await expect(coach.page.getByRole('log')).toContainText('My camera is off today.');
    await shots(client.page, 'calls', '4-client-blocked', { all: true });
    await coach.context.close();
    await client.context.close();
  });
});
