import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BookableService } from '#contracts/services';
import type { Wallet } from '#contracts/wallet';
import { apiError, type StubHandler, type StubResponse } from '#web/test/api';
import { buildMe } from '#web/test/fixtures/auth';
import { bookingFixture } from '#web/test/fixtures/bookings';
import { renderApp } from '#web/test/render-app';

const SERVICE_ID = '11111111-1111-4111-8111-111111111111';
const COACH_ID = '22222222-2222-4222-8222-222222222222';
/** Monday 4 March 2030: 15:00 and 15:30 UTC (the tests' zone) are 10:00 and 10:30 in New York. */
const TEN = '2030-03-04T15:00:00.000Z';
const TEN_THIRTY = '2030-03-04T15:30:00.000Z';

const service: BookableService = {
  id: SERVICE_ID,
  coach_id: COACH_ID,
  title: 'Life Clarity',
  subtitle: 'A deep session to map what matters now',
  description: 'We look at where your energy goes.',
  format: 'video',
  price: 8_500,
  duration: 60,
  type: 'full',
  category: 'stress',
  is_active: true,
  is_popular: true,
  thumbnail_url: null,
  booking_count: 0,
  spots_left: null,
  free_cancel_hours: 24,
  late_cancel_percent: 50,
  position: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  coach: { name: 'Dr. Lena Ortiz', username: 'lena-ortiz', avatar_url: null, time_zone: 'America/New_York' },
};

const wallet = (balance: number): Wallet => ({
  balance,
  held: 0,
  currency: 'usd',
  provider: 'demo',
  stripe_publishable_key: null,
  transactions: [],
});

const booking = bookingFixture({ client_id: buildMe().user_id, client_time_zone: 'UTC' });

const slots = (starts: string[]) => ({
  body: {
    coach_time_zone: 'America/New_York',
    slots: starts.map((start) => ({ start, end: new Date(Date.parse(start) + 3_600_000).toISOString() })),
  },
});

function renderFlow(extra: Record<string, StubHandler | StubResponse> = {}, at = TEN) {
  return renderApp({
    at: `/client-session-flow/${SERVICE_ID}?at=${encodeURIComponent(at)}`,
    me: buildMe(),
    extra: {
      [`GET /api/services/${SERVICE_ID}`]: { body: service },
      [`GET /api/coaches/${COACH_ID}/slots`]: slots([TEN, TEN_THIRTY]),
      'GET /api/bookings/quote': {
        body: { original_price: 8_500, discount_amount: null, final: 8_500, coupon_code: null },
      },
      'GET /api/wallet': { body: wallet(10_000) },
      ...extra,
    },
  });
}

const times = async () => within(await screen.findByRole('radiogroup', { name: /^Times on/ }));

describe('/client-session-flow/:serviceId: booking a service at a time', () => {
  it('shows the times in the viewer’s zone with the coach’s own, keeps the chosen one, and books it', async () => {
    const user = userEvent.setup();
    const { api, router } = renderFlow({
      'POST /api/bookings': { status: 201, body: booking },
    });
    expect(await screen.findByRole('heading', { name: 'Life Clarity' })).toBeInTheDocument();
    const list = await times();
    expect(screen.getByRole('radiogroup', { name: /^Times on/ })).toHaveAccessibleName(
      'Times on Monday 4 March',
    );
    // The time from the address is chosen; each shows Lena's own time under it.
    expect(list.getByRole('radio', { name: '15:00 10:00 for Lena' })).toBeChecked();
    expect(list.getByRole('radio', { name: '15:30 10:30 for Lena' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Monday 4 March, 2 free times' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Tuesday 5 March, no free times' })).toBeDisabled();

    // The purpose is required (SPEC §5): nothing is sent without it.
    await user.click(screen.getByRole('button', { name: 'Book · $85.00' }));
    expect(await screen.findByText('Session purpose is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/bookings')).toHaveLength(0);

    await user.click(list.getByRole('radio', { name: '15:30 10:30 for Lena' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?at=${encodeURIComponent(TEN_THIRTY)}`));
    await user.type(screen.getByRole('textbox', { name: 'Session purpose' }), 'Find my focus again');
    await user.click(screen.getByRole('button', { name: 'Book · $85.00' }));

    expect(await screen.findByRole('heading', { name: 'You’re booked' })).toHaveFocus();
    expect(screen.getByText('Mon 4 Mar, 15:00 UTC')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/bookings')[0]?.body).toEqual({
      service_id: SERVICE_ID,
      scheduled_at: TEN_THIRTY,
      time_zone: 'UTC',
      purpose: 'Find my focus again',
    });
    const [, init] = api.fetch.mock.calls.find(([input]) => String(input).endsWith('/api/bookings'))!;
    expect((init?.headers as Record<string, string>)['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a time taken meanwhile says so with the next times, leaves the form and reloads the calendar', async () => {
    const user = userEvent.setup();
    let free = [TEN, TEN_THIRTY];
    const { api } = renderFlow({
      [`GET /api/coaches/${COACH_ID}/slots`]: () => slots(free),
      'POST /api/bookings': () => {
        free = [TEN_THIRTY];
        return apiError(
          409,
          'SLOT_UNAVAILABLE',
          'That time was just taken. Next free: Mon 4 Mar, 15:30 UTC.',
        );
      },
    });
    await times();
    await user.type(screen.getByRole('textbox', { name: 'Session purpose' }), 'Find my focus again');
    await user.click(screen.getByRole('button', { name: 'Book · $85.00' }));
    expect(
      await screen.findByText('That time was just taken. Next free: Mon 4 Mar, 15:30 UTC.'),
    ).toHaveAttribute('role', 'alert');
    await waitFor(() =>
      expect(screen.queryByRole('radio', { name: '15:00 10:00 for Lena' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('radio', { name: '15:30 10:30 for Lena' })).not.toBeChecked();
    expect(api.callsTo('GET', `/api/coaches/${COACH_ID}/slots`).length).toBeGreaterThan(1);
  });

  it('a wallet short of the price says how much is missing and links to the top-up and back', async () => {
    renderFlow({ 'GET /api/wallet': { body: wallet(2_000) } });
    const alert = (await screen.findByText(/You need \$65\.00 more to book this session\./)).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(alert).not.toBeNull();
    expect(within(alert).getByRole('link', { name: 'Top up your wallet' })).toHaveAttribute(
      'href',
      `/wallet?return=${encodeURIComponent(`/client-session-flow/${SERVICE_ID}?at=${encodeURIComponent(TEN)}`)}`,
    );
  });

  it('a service that is not offered says so and points to discovery', async () => {
    renderFlow({
      [`GET /api/services/${SERVICE_ID}`]: apiError(
        404,
        'NOT_FOUND',
        'This service is not offered right now.',
      ),
    });
    expect(
      await screen.findByRole('heading', { name: 'This service is not offered right now' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a coach' })).toHaveAttribute('href', '/discover');
  });
});
