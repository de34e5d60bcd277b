import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_MESSAGES, type MyReviews, type ReviewItem } from '#contracts/reviews';
import { apiError } from '#web/test/api';
import { MyReviewsScreen } from './my-reviews-screen';
import { CLIENT_REVIEW, COACH_REVIEW, review, sessionReviews } from '#web/test/fixtures/reviews';
import { renderWithProviders } from '#web/test/render';

const WAITING = '00000000-0000-4000-8000-0000000000e2';

afterEach(() => {
  vi.unstubAllGlobals();
});

const item = (overrides: Partial<ReviewItem> = {}): ReviewItem => ({
  ...review(),
  other_name: 'Sofia Márquez',
  session_start_time: '2026-11-20T08:00:00.000Z',
  format: 'video',
  can_reply: false,
  ...overrides,
});

const mine = (overrides: Partial<MyReviews> = {}): MyReviews => ({
  as: 'client',
  awaiting: [],
  written: [],
  received: [],
  summary: { rating_average: null, total_reviews: 0 },
  ...overrides,
});

describe('/reviews as a client', () => {
  it('lists sessions waiting for a review (with a link), what they wrote and what coaches wrote', async () => {
    renderWithProviders(<MyReviewsScreen as="client" />, {
      api: {
        'GET /api/reviews': ({ url }) => {
          expect(url.searchParams.get('as')).toBe('client');
          return {
            body: mine({
              awaiting: [
                {
                  session_id: WAITING,
                  other_name: 'Lena Ortiz',
                  format: 'text',
                  start_time: '2026-11-21T08:00:00.000Z',
                  ended_at: '2026-11-21T08:30:00.000Z',
                  duration_minutes: 30,
                },
              ],
              written: [item({ is_visible: false })],
              received: [
                item({
                  id: COACH_REVIEW,
                  author_role: 'coach',
                  rating: 5,
                  body: 'Came prepared.',
                  is_visible: true,
                }),
              ],
            }),
          };
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your reviews' })).toBeVisible();
    expect(screen.getByText(REVIEW_MESSAGES.doubleBlind)).toBeVisible();
    const waiting = await screen.findByRole('region', { name: /Waiting for your review/ });
    expect(within(waiting).getByText('Session with Lena Ortiz')).toBeVisible();
    expect(
      within(waiting).getByRole('link', { name: 'Write a review of your session with Lena Ortiz' }),
    ).toHaveAttribute('href', `/review/${WAITING}`);
    const written = screen.getByRole('region', { name: /Reviews you wrote/ });
    expect(within(written).getByText('Calm and practical.')).toBeVisible();
    expect(within(written).getByText(/Hidden from Sofia Márquez/)).toBeVisible();
    const received = screen.getByRole('region', { name: /Reviews from your coaches/ });
    expect(within(received).getByText('Came prepared.')).toBeVisible();
    expect(within(received).queryByRole('button', { name: 'Reply' })).toBeNull();
  });

  it('says what each empty list will hold; a failure offers Try again', async () => {
    let fail = true;
    renderWithProviders(<MyReviewsScreen as="client" />, {
      api: {
        'GET /api/reviews': () =>
          fail ? apiError(503, 'SERVICE_UNAVAILABLE', 'Down for a moment.') : { body: mine() },
      },
    });
    expect(await screen.findByText('Down for a moment.')).toBeVisible();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('Nothing is waiting. After each session you can rate it here.'),
    ).toBeVisible();
    expect(screen.getByText('You have not reviewed a session yet.')).toBeVisible();
    expect(screen.getByText(/No reviews from coaches yet/)).toBeVisible();
  });
});

describe('/reviews as a coach', () => {
  it('shows the rating, the client reviews with Reply, and sessions waiting with links to /coach-review', async () => {
    const { api } = renderWithProviders(<MyReviewsScreen as="coach" />, {
      api: {
        'GET /api/reviews': {
          body: mine({
            as: 'coach',
            summary: { rating_average: 4.5, total_reviews: 2 },
            awaiting: [
              {
                session_id: WAITING,
                other_name: 'Robin Hale',
                format: 'audio',
                start_time: '2026-11-21T08:00:00.000Z',
                ended_at: '2026-11-21T08:30:00.000Z',
                duration_minutes: 45,
              },
            ],
            received: [item({ other_name: 'Robin Hale', is_visible: true, can_reply: true })],
          }),
        },
        [`POST /api/reviews/${CLIENT_REVIEW}/reply`]: {
          body: sessionReviews({ viewer: 'coach', theirs: review({ is_visible: true, reply: 'Thanks!' }) }),
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ratings and reviews' })).toBeVisible();
    const summary = await screen.findByRole('region', { name: 'Your rating' });
    expect(within(summary).getByText(/4\.5 \/ 5/)).toBeVisible();
    expect(within(summary).getByText('from 2 reviews')).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'Write a review of your session with Robin Hale' }),
    ).toHaveAttribute('href', `/coach-review/${WAITING}`);
    const received = screen.getByRole('region', { name: /Reviews from your clients/ });
    fireEvent.click(within(received).getByRole('button', { name: 'Reply' }));
    fireEvent.change(within(received).getByLabelText('Your reply to Robin Hale'), {
      target: { value: 'Thanks!' },
    });
    fireEvent.click(within(received).getByRole('button', { name: 'Post reply' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/api/reviews/${CLIENT_REVIEW}/reply`).map((call) => call.body)).toEqual([
        { reply: 'Thanks!' },
      ]),
    );
    // The lists are read again after the reply.
    await waitFor(() => expect(api.callsTo('GET', '/api/reviews').length).toBeGreaterThanOrEqual(2));
  });
});
