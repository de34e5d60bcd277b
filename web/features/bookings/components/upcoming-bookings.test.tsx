import { act, screen, within } from '@testing-library/react';
import { BOOKING_EVENTS } from '#contracts/bookings';
import { dispatchUserEvent } from '#web/lib/realtime/user-events';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingFixture } from '#web/test/fixtures/bookings';
import { apiError } from '#web/test/api';
import { renderWithProviders } from '#web/test/render';
import { UpcomingBookings } from './upcoming-bookings';

const booking = bookingFixture();

const list = () => within(screen.getByRole('region', { name: 'Upcoming bookings' }));

describe('Upcoming bookings', () => {
  it('a client sees when in their zone, with the coach’s own time, and what with whom', async () => {
    renderWithProviders(<UpcomingBookings as="client" empty="Nothing booked yet." />, {
      api: { 'GET /api/me/bookings': { body: { bookings: [booking] } } },
    });
    // The tests' zone is UTC: 15:00 there is 10:00 in New York.
    expect(await screen.findByText('Mon 4 Mar, 15:00 UTC')).toBeInTheDocument();
    expect(list().getByText('· 10:00 for Lena')).toBeInTheDocument();
    expect(list().getByText('Life Clarity with Dr. Lena Ortiz')).toBeInTheDocument();
    expect(list().getByText('Video · 60 min')).toBeInTheDocument();
  });

  it('the coach sees the client and the client’s own time; nothing booked says so', async () => {
    const { unmount } = renderWithProviders(<UpcomingBookings as="coach" empty="Nothing booked yet." />, {
      api: { 'GET /api/me/bookings': { body: { bookings: [booking] } } },
    });
    expect(await screen.findByText('Life Clarity with Maya Thompson')).toBeInTheDocument();
    expect(list().getByText('· 16:00 for Maya')).toBeInTheDocument();
    unmount();
    renderWithProviders(<UpcomingBookings as="coach" empty="Nothing booked yet." />, {
      api: { 'GET /api/me/bookings': { body: { bookings: [] } } },
    });
    expect(await screen.findByText('Nothing booked yet.')).toBeInTheDocument();
  });
  it('reads the list again when a booking changes on either side', async () => {
    let bookings = [booking];
    renderWithProviders(<UpcomingBookings as="coach" empty="Nothing booked yet." />, {
      api: { 'GET /api/me/bookings': () => ({ body: { bookings } }) },
    });
    expect(await screen.findByText('Life Clarity with Maya Thompson')).toBeInTheDocument();
    bookings = [];
    act(() =>
      dispatchUserEvent({
        topic: 'user:coach',
        seq: 7,
        type: BOOKING_EVENTS.changed,
        payload: { booking: { ...booking, status: 'cancelled' } },
        created_at: new Date().toISOString(),
      }),
    );
    expect(await screen.findByText('Nothing booked yet.')).toBeInTheDocument();
  });

  describe('joining', () => {
    afterEach(() => vi.useRealTimers());
    const SESSION = '55555555-5555-4555-8555-555555555555';

    it('shows Join from 10 minutes before the start; joining goes to the countdown until then', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-03-04T14:49:00Z'));
      const { api, router, unmount } = renderWithProviders(
        <UpcomingBookings as="client" empty="Nothing booked yet." />,
        {
          api: {
            'GET /api/me/bookings': { body: { bookings: [booking] } },
            [`POST /api/bookings/${booking.id}/join`]: { body: { session_id: SESSION } },
          },
          routes: [{ path: '/session-waiting/:id', element: <h1>The countdown</h1> }],
        },
      );
      expect(await screen.findByText('Life Clarity with Dr. Lena Ortiz')).toBeInTheDocument();
      expect(list().queryByRole('button', { name: /^Join/ })).toBeNull();
      unmount();

      vi.setSystemTime(new Date('2030-03-04T14:50:00Z'));
      const second = renderWithProviders(<UpcomingBookings as="client" empty="Nothing booked yet." />, {
        api: {
          'GET /api/me/bookings': { body: { bookings: [booking] } },
          [`POST /api/bookings/${booking.id}/join`]: { body: { session_id: SESSION } },
        },
        routes: [{ path: '/session-waiting/:id', element: <h1>The countdown</h1> }],
      });
      await userEvent.click(
        await list().findByRole('button', { name: 'Join Life Clarity with Dr. Lena Ortiz' }),
      );
      expect(await screen.findByRole('heading', { name: 'The countdown' })).toBeInTheDocument();
      expect(second.router.state.location.pathname).toBe(`/session-waiting/${SESSION}`);
      expect(second.api.callsTo('POST', `/api/bookings/${booking.id}/join`)).toHaveLength(1);
      void api;
      void router;
    });

    it('a refused join says why', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-03-04T15:20:00Z'));
      renderWithProviders(<UpcomingBookings as="coach" empty="Nothing booked yet." />, {
        api: {
          'GET /api/me/bookings': { body: { bookings: [booking] } },
          [`POST /api/bookings/${booking.id}/join`]: apiError(409, 'CONFLICT', 'This booking was cancelled.'),
        },
      });
      await userEvent.click(
        await list().findByRole('button', { name: 'Join Life Clarity with Maya Thompson' }),
      );
      expect(await list().findByRole('alert')).toHaveTextContent('This booking was cancelled.');
    });
  });
  describe('cancelling', () => {
    afterEach(() => vi.useRealTimers());

    it('says what it costs first, sends the reason once, and tells the client what was kept', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-03-04T09:00:00Z'));
      const cancelled = {
        ...booking,
        status: 'cancelled' as const,
        cancelled_by: 'client' as const,
        cancellation_charge: 4_250,
      };
      let cancelledYet = false;
      const { api } = renderWithProviders(<UpcomingBookings as="client" empty="Nothing booked yet." />, {
        api: {
          'GET /api/me/bookings': () => ({ body: { bookings: cancelledYet ? [] : [booking] } }),
          [`POST /api/bookings/${booking.id}/cancel`]: () => {
            cancelledYet = true;
            return { body: cancelled };
          },
        },
      });
      await userEvent.click(
        await list().findByRole('button', { name: 'Cancel Life Clarity with Dr. Lena Ortiz' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Cancel Life Clarity with Dr. Lena Ortiz?' });
      expect(dialog).toHaveTextContent(
        'It is past Sun 3 Mar, 15:00 UTC: 50% ($42.50) is kept and $42.50 goes back to your wallet.',
      );
      await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), 'A work trip came up');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
      expect(await screen.findByText('Nothing booked yet.')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).toBeNull();
      const sent = api.callsTo('POST', `/api/bookings/${booking.id}/cancel`);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.body).toEqual({ reason: 'A work trip came up' });
      const [, init] = api.fetch.mock.calls.find(([input]) => String(input).endsWith('/cancel')) ?? [];
      expect(new Headers(init?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('keeps the booking when the server refuses, saying why', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-03-04T14:58:00Z'));
      renderWithProviders(<UpcomingBookings as="coach" empty="Nothing booked yet." />, {
        api: {
          'GET /api/me/bookings': { body: { bookings: [booking] } },
          [`POST /api/bookings/${booking.id}/cancel`]: apiError(
            409,
            'CONFLICT',
            'The session room is already open: talk to each other there, or end it from the session.',
          ),
        },
      });
      await userEvent.click(
        await list().findByRole('button', { name: 'Cancel Life Clarity with Maya Thompson' }),
      );
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('Maya gets the whole $85.00 back.');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
      expect(await within(dialog).findByText(/The session room is already open/)).toBeInTheDocument();
    });
  });
});
