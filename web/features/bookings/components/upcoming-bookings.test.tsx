import { screen, within } from '@testing-library/react';
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
});
