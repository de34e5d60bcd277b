import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page, Response } from '@playwright/test';
import { expect, test } from './lib/test';
import { approveAndGoOnline, bearer, newParty, topUp, type Party } from './lib/parties';
import { PASSWORD, shots, type Session } from './lib/journey';

/**
 * Live updates and rate limits in the browser.
 * - Realtime never fails silently: a tab whose socket cannot connect says "Live updates are paused —
 *   reconnecting…" (with the server's reason when it gave one) and polls what must not be missed, so
 *   an online coach still gets the incoming request and a waiting client still joins.
 * - On its own server started with the shipped defaults (no REALTIME_ALLOWED_ORIGINS, no PUBLIC_URL,
 *   the real rate limits): the app opened at 127.0.0.1 rings the coach over the socket, and one person
 *   with five tabs reloading never meets a 429.
 */

const NOTICE = 'Live updates are paused — reconnecting…';
/** The notice appears once the socket has been away for a few seconds (PAUSED_AFTER_MS) after the page is up. */
const NOTICE_WAIT = { timeout: 15_000 };
/** Pages of several tabs loading together on a shared CI machine. */
const SLOW = { timeout: 20_000 };
const REQUEST_BANNER = 'Incoming Session Request';

/** Every realtime socket of this page fails at once (as a proxy without WebSocket or a firewall would). */
async function blockRealtime(page: Page) {
  await page.routeWebSocket(/\/realtime\//, (socket) => {
    void socket.close({ code: 1011, reason: 'blocked by the test' });
  });
}

/** A client's instant request to `coach`, through the API (the request form has its own journey). */
async function requestSession(client: { page: Page; session: Session }, coachId: string, purpose: string) {
  const response = await client.page.request.post('/api/session-requests', {
    headers: { ...bearer(client.session), 'idempotency-key': randomUUID() },
    data: { coach_id: coachId, format: 'text', duration_minutes: 30, purpose },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test.describe('live updates that never fail silently (main e2e server)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a blocked socket: both sides see the notice; the coach still rings and the client still joins, by polling', async ({
    browser,
  }) => {
    const coach = await newParty(browser, 'coach', 'Noor Haddad');
    await approveAndGoOnline(coach, 'Noor Haddad');
    const client = await newParty(browser, 'client', 'Ilse Brandt');
    await topUp(client, 10_000);

    await blockRealtime(coach.page);
    await blockRealtime(client.page);
    await coach.page.goto('/portal');
    await expect(coach.page.getByTestId('live-updates-notice')).toContainText(NOTICE, NOTICE_WAIT);
    await expect(coach.page.getByTestId('live-updates-notice')).toContainText(
      'New requests and answers are still checked every few seconds.',
    );

    const requestId = await requestSession(client, coach.session.user.id, 'Sleep better before exams');
    await client.page.goto(`/waiting-room/${requestId}`);
    await expect(client.page.getByTestId('live-updates-notice')).toContainText(NOTICE, NOTICE_WAIT);

    // No socket anywhere, yet the coach's banner rings within a poll or two.
    const ring = coach.page.getByTestId('incoming-request-banner');
    await expect(ring).toContainText(REQUEST_BANNER, SLOW);
    await expect(ring).toContainText('Ilse Brandt');
    await ring.getByRole('button', { name: 'Accept' }).click();
    await expect(coach.page).toHaveURL(/\/session\/[0-9a-f-]{36}$/, SLOW);
    const sessionPath = new URL(coach.page.url()).pathname;
    // And the waiting client is taken into the session by the poll of its request.
    await expect(client.page).toHaveURL(sessionPath, { timeout: 30_000 });
    await coach.context.close();
    await client.context.close();
  });

  test("a refused handshake shows the server's reason (screenshots of the notice)", async ({ browser }) => {
    const reason =
      'This address (http://127.0.0.1:3000) is not allowed to receive live updates: open the app at its usual address, or add it to REALTIME_ALLOWED_ORIGINS.';
    const client = await newParty(browser, 'client', 'Mara Quist');
    // The gateway's refusal frame for an unknown Origin (server/realtime/gateway.ts; its integration
    // test checks the real one): the engine opens, the Socket.IO handshake answers CONNECT_ERROR.
    await client.page.routeWebSocket(/\/realtime\//, (socket) => {
      socket.send(
        '0{"sid":"refused","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}',
      );
      socket.onMessage((message) => {
        if (typeof message === 'string' && message.startsWith('40'))
          socket.send(
            `44${JSON.stringify({ message: 'FORBIDDEN', data: { code: 'FORBIDDEN', message: reason } })}`,
          );
      });
    });
    await client.page.goto('/client-portal');
    const notice = client.page.getByTestId('live-updates-notice');
    await expect(notice).toContainText(NOTICE, NOTICE_WAIT);
    await expect(notice).toContainText(reason);
    await expect(client.page.getByRole('heading', { level: 1 })).toBeVisible();
    await shots(client.page, 'live-updates', 'notice-refused', { all: true });
    await client.context.close();
  });
});

// ---- A server of our own, started as `npm start` would be: no REALTIME_ALLOWED_ORIGINS, no PUBLIC_URL,
// the shipped rate limits.

const OWN_PORT = Number(process.env.E2E_PORT ?? 4310) + 1000;
const OWN_URL = `http://127.0.0.1:${OWN_PORT}`;
const DEMO_COACH = { email: 'coach@wellspring.demo', password: 'wellspring-demo-coach' };

test.describe('the shipped defaults, on 127.0.0.1 (own server)', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const env: NodeJS.ProcessEnv = { ...process.env, E2E_PORT: String(OWN_PORT), E2E_DEFAULT_LIMITS: '1' };
    delete env.REALTIME_ALLOWED_ORIGINS;
    delete env.PUBLIC_URL;
    delete env.RATE_LIMIT_MAX;
    delete env.AUTH_RATE_LIMIT_MAX;
    delete env.AUTH_REFRESH_RATE_LIMIT_MAX;
    server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // Ready when its health answers (a state, polled).
    await expect
      .poll(
        async () => {
          if (server?.exitCode !== null)
            throw new Error(`the own server exited (${String(server?.exitCode)})`);
          return fetch(`${OWN_URL}/api/health`).then(
            (response) => response.status,
            () => 0,
          );
        },
        { timeout: 200_000, intervals: [500] },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  });

  async function ownContext(browser: Browser): Promise<BrowserContext> {
    return browser.newContext({ baseURL: OWN_URL, viewport: { width: 1280, height: 800 } });
  }

  async function signInOwn(page: Page, account: { email: string; password: string }): Promise<Session> {
    const response = await page.request.post('/auth/v1/token?grant_type=password', {
      headers: { 'x-refresh-cookie': '1' },
      data: account,
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as Session;
  }

  test('opened at 127.0.0.1, the socket is let in and the coach rings over it', async ({ browser }) => {
    const coachContext = await ownContext(browser);
    const coachPage = await coachContext.newPage();
    const frames: string[] = [];
    coachPage.on('websocket', (socket) => {
      if (!socket.url().includes('/realtime')) return;
      socket.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string') frames.push(frame.payload);
      });
    });
    const coachSession = await signInOwn(coachPage, DEMO_COACH);
    await coachPage.goto('/portal');
    await expect(coachPage.getByRole('heading', { level: 1 })).toBeVisible(SLOW);
    const online = await coachPage.request.put('/api/me/presence', {
      headers: bearer(coachSession),
      data: { is_online: true },
    });
    expect(online.status(), await online.text()).toBe(200);
    // The socket is in: its subscription to the coach's own topic was acknowledged.
    await expect
      .poll(() => frames.some((frame) => frame.includes(`"topic":"user:${coachSession.user.id}"`)))
      .toBe(true);

    const clientContext = await ownContext(browser);
    const clientPage = await clientContext.newPage();
    const email = `client-${randomUUID()}@example.test`;
    const signedUp = await clientPage.request.post('/auth/v1/signup', {
      headers: { 'x-refresh-cookie': '1' },
      data: { email, password: PASSWORD, data: { full_name: 'Teo Lindqvist', role: 'client' } },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(200);
    const client: Party = {
      context: clientContext,
      page: clientPage,
      session: (await signedUp.json()) as Session,
      email,
    };
    await clientPage.goto('/auth');
    await expect(clientPage).toHaveURL(/\/client-portal$/, SLOW);
    await topUp(client, 10_000);
    await requestSession(client, coachSession.user.id, 'A calmer morning routine');

    const ring = coachPage.getByTestId('incoming-request-banner');
    await expect(ring).toContainText(REQUEST_BANNER, SLOW);
    await expect(ring).toContainText('Teo Lindqvist');
    // It came over the socket, and nothing said live updates were paused.
    expect(frames.some((frame) => frame.includes('session_request.created'))).toBe(true);
    await expect(coachPage.getByTestId('live-updates-notice')).toHaveCount(0);
    await ring.getByRole('button', { name: 'Decline' }).click();
    await coachContext.close();
    await clientContext.close();
  });

  test('one person, five tabs, each loaded three times: never a 429, never the rate-limit notice', async ({
    browser,
  }) => {
    // Five tabs loading together is slow on a shared machine; the assertion is about 429s, not speed.
    test.setTimeout(300_000);
    const context = await ownContext(browser);
    const limited: string[] = [];
    context.on('response', (response: Response) => {
      if (response.status() === 429) limited.push(`${response.request().method()} ${response.url()}`);
    });
    const first = await context.newPage();
    await signInOwn(first, { email: 'client@wellspring.demo', password: 'wellspring-demo-client' });
    const pages = [first, ...(await Promise.all([1, 2, 3, 4].map(() => context.newPage())))];
    const paths = ['/client-portal', '/discover', '/wallet', '/client-favorites', '/settings'];
    await Promise.all(pages.map((page, index) => page.goto(paths[index] ?? '/client-portal')));
    for (let round = 0; round < 2; round += 1) {
      await Promise.all(pages.map((page) => page.reload()));
      for (const page of pages) {
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible(SLOW);
        await expect(page.getByTestId('rate-limit-notice')).toHaveCount(0);
      }
    }
    expect(limited).toEqual([]);
    await context.close();
  });
});
