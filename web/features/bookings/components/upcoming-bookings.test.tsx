import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Booking } from '#contracts/bookings';
import { renderWithProviders } from '#web/test/render';
import { UpcomingBookings } from './upcoming-bookings';

const booking: Booking = {
  id: '33333333-3333-4333-8333-333333333333',
  service_id: '11111111-1111-4111-8111-111111111111',
  coach_id: '22222222-2222-4222-8222-222222222222',
  client_id: '44444444-4444-4444-8444-444444444444',
  coach_name: 'Dr. Lena Ortiz',
  coach_username: 'lena-ortiz',
  coach_time_zone: 'America/New_York',
  client_name: 'Maya Thompson',
  client_avatar_url: null,
  client_time_zone: 'Europe/Berlin',
  title: 'Life Clarity',
  format: 'video',
  duration_minutes: 60,
  scheduled_at: '2030-03-04T15:00:00.000Z',
  ends_at: '2030-03-04T16:00:00.000Z',
  purpose: 'Find my focus again',
  description: null,
  price: 8_500,
  original_price: 8_500,
  discount_amount: null,
  coupon_code: null,
  status: 'confirmed',
  created_at: '2026-11-28T12:00:00.000Z',
};

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
