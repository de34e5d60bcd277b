import { randomUUID } from 'node:crypto';
import type { WebSocket } from '@playwright/test';
import { expect, test } from './lib/test';
import { signUp } from './lib/journey';

/**
 * Realtime in the browser: a signed-in tab holds ONE realtime socket (Socket.IO over WebSocket
 * at /realtime), the server accepts its Origin and token and its subscription to the person's own
 * topic, and moving around the app keeps that one socket.
 */
test('a signed-in tab holds one realtime socket, subscribed to its own topic', async ({ page }) => {
  const sockets: WebSocket[] = [];
  let ack = '';
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/realtime')) return;
    sockets.push(socket);
    socket.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.includes('"ok":true')) ack = frame.payload;
    });
  });
  // A brand-new client of its own (the automatic role of a new account is assigned on /auth, SPEC §2).
  const session = await signUp(page, `client-${randomUUID()}@example.test`, {
    full_name: 'Robin Hale',
    role: 'client',
  });
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/client-portal$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => ack, { timeout: 10_000 }).toContain(`"topic":"user:${session.user.id}"`);

  await page.getByRole('link', { name: 'Discover' }).first().click();
  await expect(page).toHaveURL(/\/discover$/);
  await page.getByRole('link', { name: 'Wallet' }).first().click();
  await expect(page).toHaveURL(/\/wallet$/);
  expect(sockets).toHaveLength(1);
  expect(sockets[0]?.isClosed()).toBe(false);
});
