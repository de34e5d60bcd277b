import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './lib/test';
import { withE2eDatabase } from './lib/database';
import { shots } from './lib/journey';
import { approveCoach, bearer, newParty, topUp, type Party } from './lib/parties';

/**
 * Scheduled sessions (#18), two people in their own zones: Maya in Berlin books Lena in New York at one
 * of Lena's free times (both read their own clock), joins from her home before the start, counts down
 * and meets Lena in the session room; a second booking cancelled late keeps the policy's share.
 * The server runs on the real clock: only a booking's time is moved in the database (as other journeys
 * move a request's deadline) so that its start comes within the minute; everything after runs for real.
 */

const WEEKDAYS_NINE_TO_FIVE = [
  [],
  ...Array.from({ length: 5 }, () => [{ start: '09:00', end: '17:00' }]),
  [],
];

/** A coach in New York with weekday hours (12 h notice, the default) and one 60-minute video service. */
async function coachWithService(coach: Party): Promise<string> {
  const headers = bearer(coach.session);
  const zone = await coach.page.request.patch('/api/profiles/me', {
    headers,
    data: { time_zone: 'America/New_York' },
  });
  expect(zone.status(), await zone.text()).toBe(200);
  const hours = await coach.page.request.put('/api/me/availability', {
    headers,
    data: {
      weekly: WEEKDAYS_NINE_TO_FIVE,
      overrides: [],
      buffer_before_minutes: 0,
      buffer_after_minutes: 15,
      minimum_notice_minutes: 720,
      horizon_days: 60,
      daily_maximum: null,
    },
  });
  expect(hours.status(), await hours.text()).toBe(200);
  const service = await coach.page.request.post('/api/services', {
    headers,
    data: { title: 'Life Clarity', format: 'video', price: 8_500, duration: 60 },
  });
  expect(service.status(), await service.text()).toBe(200);
  return ((await service.json()) as { id: string }).id;
}

/** Moves a booking (and its blocked range) to start `seconds` from the database's now. */
async function moveBooking(bookingId: string, seconds: number) {
  await withE2eDatabase((db) =>
    db.query(
      `update bookings
          set scheduled_at = date_trunc('second', now()) + make_interval(secs => $2),
              ends_at = date_trunc('second', now()) + make_interval(secs => $2) + make_interval(mins => duration_minutes),
              blocked_from = date_trunc('second', now()) + make_interval(secs => $2),
              blocked_until = date_trunc('second', now()) + make_interval(secs => $2) + make_interval(mins => duration_minutes)
        where id = $1`,
      [bookingId, seconds],
    ),
  );
}

const upcoming = (page: Page) => page.getByRole('region', { name: 'Upcoming bookings' });

test('a client in Berlin books a coach in New York; both join before the start and meet in the room; a late cancel keeps the policy share', async ({
  browser,
}) => {
  // Two people, a booking made on screen, a minute's countdown, a call room and a second booking.
  test.setTimeout(240_000);
  const coach = await newParty(browser, 'coach', 'Lena Ortiz', { timezoneId: 'America/New_York' });
  await approveCoach(coach, 'Lena Ortiz');
  const serviceId = await coachWithService(coach);
  const client = await newParty(browser, 'client', 'Maya Berg', { timezoneId: 'Europe/Berlin' });
  await topUp(client, 20_000);

  // Maya books on screen: times in Berlin, each with Lena's own time beside it.
  await client.page.goto(`/client-session-flow/${serviceId}`);
  const times = client.page.getByRole('radiogroup', { name: /^Times on/ });
  const first = times.getByRole('radio').first();
  // Its Berlin time, then Lena's New York time: the same minutes, 6 hours apart (5 in the weeks when
  // only one of them has changed to summer time). Which time is first depends on when the test runs.
  const [, berlinHour, berlinMinute, newYorkHour, newYorkMinute] =
    /^(\d\d):(\d\d)\s*(\d\d):(\d\d) for Lena$/.exec((await first.innerText()).trim()) ?? [];
  expect(newYorkMinute).toBe(berlinMinute);
  expect([5, 6]).toContain((Number(berlinHour) - Number(newYorkHour) + 24) % 24);
  await first.click();
  // The policy for that time: free until 24 h before it, or already inside the window.
  await expect(
    client.page.getByText(
      /^(Free cancellation until .*; later|This time is less than 24 h away: if you cancel), 50% of the price is kept\.$/,
    ),
  ).toBeVisible();
  await client.page.getByRole('textbox', { name: 'Session purpose' }).fill('Find my focus again');
  await client.page.getByRole('button', { name: 'Book · $85.00' }).click();
  await expect(client.page.getByRole('heading', { name: 'You’re booked' })).toBeVisible();
  await shots(client.page, 'bookings', '1-booked', { all: true });
  const mine = await client.page.request.get('/api/me/bookings', { headers: bearer(client.session) });
  const [booking] = ((await mine.json()) as { bookings: { id: string }[] }).bookings;
  expect(booking).toBeDefined();

  // Lena sees it in her own zone, with Maya's time beside it.
  await coach.page.goto('/portal');
  await expect(upcoming(coach.page)).toContainText(
    new RegExp(`${newYorkHour}:${newYorkMinute} E[SD]T · ${berlinHour}:${berlinMinute} for Maya`),
  );
  await expect(upcoming(coach.page)).toContainText('Life Clarity with Maya Berg');

  // The booking starts in 60 s (room for a slow page load first): Maya joins from her home and counts
  // down; the room opens at the start.
  await moveBooking(booking!.id, 60);
  await client.page.goto('/client-portal');
  await upcoming(client.page).getByRole('button', { name: 'Join Life Clarity with Lena Ortiz' }).click();
  await expect(
    client.page.getByRole('heading', { name: 'Your session with Lena Ortiz starts soon' }),
  ).toBeVisible();
  await shots(client.page, 'bookings', '2-countdown', { all: true });
  await coach.page.reload();
  await upcoming(coach.page).getByRole('button', { name: 'Join Life Clarity with Maya Berg' }).click();
  const timeout = { timeout: 120_000 };
  await expect(client.page.getByRole('heading', { level: 1, name: 'Session with Lena Ortiz' })).toBeVisible(
    timeout,
  );
  await expect(coach.page.getByRole('heading', { level: 1, name: 'Session with Maya Berg' })).toBeVisible(
    timeout,
  );
  await shots(client.page, 'bookings', '3-room');

  // Lena ends it: the held price is captured, the booking completed with her 95 %.
  await coach.page.getByRole('button', { name: 'End session' }).click();
  await coach.page
    .getByRole('alertdialog', { name: 'End this session now?' })
    .getByRole('button', { name: 'End session' })
    .click();
  await expect(client.page.getByText(/completed/i).first()).toBeVisible();
  await expect
    .poll(async () => {
      const read = await client.page.request.get(`/api/bookings/${booking!.id}`, {
        headers: bearer(client.session),
      });
      return (await read.json()) as { status: string };
    })
    .toMatchObject({ status: 'completed' });

  // A second booking, 3 hours away (inside the 24 h window): cancelling keeps half.
  const slots = await client.page.request.get(
    `/api/coaches/${coach.session.user.id}/slots?duration=60&from=${new Date().toISOString()}&to=${new Date(Date.now() + 14 * 86_400_000).toISOString()}`,
  );
  const [slot] = ((await slots.json()) as { slots: { start: string }[] }).slots;
  const second = await client.page.request.post('/api/bookings', {
    headers: { ...bearer(client.session), 'idempotency-key': randomUUID() },
    data: {
      service_id: serviceId,
      scheduled_at: slot!.start,
      time_zone: 'Europe/Berlin',
      purpose: 'A follow-up',
    },
  });
  expect(second.status(), await second.text()).toBe(201);
  await moveBooking(((await second.json()) as { id: string }).id, 3 * 3600);
  await client.page.goto('/client-portal');
  await upcoming(client.page).getByRole('button', { name: 'Cancel Life Clarity with Lena Ortiz' }).click();
  const dialog = client.page.getByRole('dialog', { name: 'Cancel Life Clarity with Lena Ortiz?' });
  await expect(dialog).toContainText('50% ($42.50) is kept and $42.50 goes back to your wallet.');
  await shots(client.page, 'bookings', '4-late-cancel', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(client.page.getByText('$42.50 kept, $42.50 back in your wallet.')).toBeVisible();
  await expect(upcoming(client.page)).toContainText('Nothing booked');
  const wallet = await client.page.request.get('/api/wallet', { headers: bearer(client.session) });
  expect(((await wallet.json()) as { balance: number }).balance).toBe(20_000 - 8_500 - 4_250);
  await coach.context.close();
  await client.context.close();
});
