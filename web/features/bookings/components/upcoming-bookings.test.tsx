import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingFixture } from '#web/test/fixtures/bookings';
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
});
