import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoachReviews, PublicReview } from '#contracts/reviews';
import { CoachReviewsSection } from './coach-reviews-section';
import { COACH } from '#web/test/fixtures/reviews';
import { renderWithProviders } from '#web/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
});

const publicReview = (n: number, overrides: Partial<PublicReview> = {}): PublicReview => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  rating: 5,
  body: `Review ${n}`,
  created_at: new Date(Date.UTC(2026, 10, 20 - n)).toISOString(),
  client_first_name: 'Maya',
  reply: null,
  replied_at: null,
  ...overrides,
});

describe('the Reviews section of a coach page', () => {
  it('lists visible reviews (rating, text, date, first name, the coach reply) and pages with Show more', async () => {
    const pages: Record<string, CoachReviews> = {
      '1': {
        reviews: [
          publicReview(1, { rating: 4, reply: 'Thank you, Maya.', replied_at: '2026-11-20T10:00:00.000Z' }),
          ...Array.from({ length: 9 }, (_, index) => publicReview(index + 2)),
        ],
        total: 11,
        page: 1,
        page_size: 10,
      },
      '2': { reviews: [publicReview(11, { client_first_name: 'Sam' })], total: 11, page: 2, page_size: 10 },
    };
    const { api } = renderWithProviders(<CoachReviewsSection coachId={COACH} coachName="Lena Ortiz" />, {
      api: {
        [`GET /api/coaches/${COACH}/reviews`]: ({ url }) => ({
          body: pages[url.searchParams.get('page') ?? '1'],
        }),
      },
    });
    const section = await screen.findByRole('region', { name: /Reviews/ });
    expect(await within(section).findByText('Review 1')).toBeVisible();
    expect(within(section).getAllByRole('img', { name: '4 out of 5 stars' })).toHaveLength(1);
    expect(within(section).getByText('Thank you, Maya.')).toBeVisible();
    expect(within(section).getByText(/Reply from Lena Ortiz/)).toBeVisible();
    expect(within(section).getAllByText('Maya')).toHaveLength(10);
    fireEvent.click(within(section).getByRole('button', { name: 'Show more reviews' }));
    expect(await within(section).findByText('Review 11')).toBeVisible();
    expect(within(section).getByText('Sam')).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Show more reviews' })).toBeNull();
    expect(api.callsTo('GET', `/api/coaches/${COACH}/reviews`).map((call) => call.search)).toEqual([
      '?page=1',
      '?page=2',
    ]);
  });

  it('has an empty state', async () => {
    renderWithProviders(<CoachReviewsSection coachId={COACH} coachName="Lena Ortiz" />, {
      api: {
        [`GET /api/coaches/${COACH}/reviews`]: { body: { reviews: [], total: 0, page: 1, page_size: 10 } },
      },
    });
    expect(
      await screen.findByText('No reviews yet. Clients can review Lena Ortiz after a session.'),
    ).toBeVisible();
  });
});
