import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_EVENTS, REVIEW_MESSAGES, type SessionReviews } from '#contracts/reviews';
import { dispatchUserEvent } from '#web/lib/realtime/user-events';
import { apiError } from '#web/test/api';
import { SessionReviewScreen } from './session-review-screen';
import { CLIENT_REVIEW, COACH_REVIEW, review, SESSION, sessionReviews } from '#web/test/fixtures/reviews';
import type { StubRoutes } from '#web/test/api';
import { renderWithProviders } from '#web/test/render';

const URL_OF = `/api/sessions/${SESSION}/reviews`;

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderScreen = (routes: StubRoutes) =>
  renderWithProviders(<SessionReviewScreen sessionId={SESSION} homePath="/client-portal" />, { api: routes });

describe('the client rating a session (/review/:sessionId)', () => {
  it('rates with the star radio group and a text, then shows the review hidden until the coach writes', async () => {
    let current: SessionReviews = sessionReviews();
    const { api } = renderScreen({
      [`GET ${URL_OF}`]: () => ({ body: current }),
      [`POST ${URL_OF}`]: ({ body }) => {
        const sent = body as { rating: number; body: string };
        current = sessionReviews({
          mine: review({ rating: sent.rating, body: sent.body.trim() }),
          can_review: false,
        });
        return { status: 201, body: current };
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rate your session with Sofia Márquez' }),
    ).toBeVisible();
    expect(screen.getByText(REVIEW_MESSAGES.doubleBlind)).toBeVisible();

    // Sending without a rating says what is missing and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByText(REVIEW_MESSAGES.rating)).toBeVisible();
    expect(api.callsTo('POST', URL_OF)).toHaveLength(0);

    const group = screen.getByRole('group', { name: 'How was your session with Sofia Márquez?' });
    const stars = within(group).getAllByRole('radio');
    expect(stars).toHaveLength(5);
    fireEvent.click(within(group).getByRole('radio', { name: '4 stars, Very good' }));
    expect(within(group).getByRole('radio', { name: '4 stars, Very good' })).toBeChecked();
    expect(screen.queryByText(REVIEW_MESSAGES.rating)).toBeNull();
    fireEvent.change(screen.getByLabelText('Your review (optional)'), {
      target: { value: 'Calm and practical.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send review' }));

    await waitFor(() =>
      expect(api.callsTo('POST', URL_OF).map((call) => call.body)).toEqual([
        { rating: 4, body: 'Calm and practical.' },
      ]),
    );
    const mine = screen.getByRole('region', { name: 'Your review' });
    expect(await within(mine).findByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    expect(within(mine).getByText('Calm and practical.')).toBeVisible();
    expect(within(mine).getByText(/Hidden from Sofia Márquez until they write theirs/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send review' })).toBeNull();
    const theirs = screen.getByRole('region', { name: "Sofia Márquez's review of you" });
    expect(within(theirs).getByText(/appears here once they have written it/)).toBeVisible();
  });

  it("shows the coach's review once visible, and the coach's reply under the client's own", async () => {
    let current = sessionReviews({
      mine: review({ is_visible: false }),
      can_review: false,
    });
    const { api } = renderScreen({ [`GET ${URL_OF}`]: () => ({ body: current }) });
    const theirs = await screen.findByRole('region', { name: "Sofia Márquez's review of you" });
    expect(within(theirs).queryByRole('img')).toBeNull();

    // Both have written: the visibility event reads the reviews again.
    current = sessionReviews({
      mine: review({ is_visible: true, reply: 'Thank you, Robin.', replied_at: '2026-11-21T10:00:00.000Z' }),
      theirs: review({
        id: COACH_REVIEW,
        author_role: 'coach',
        rating: 5,
        body: 'Came prepared.',
        is_visible: true,
      }),
      can_review: false,
    });
    act(() =>
      dispatchUserEvent({
        topic: 'user:x',
        seq: 1,
        type: REVIEW_EVENTS.visible,
        payload: { session_id: SESSION },
        created_at: '2026-11-21T10:00:00.000Z',
      }),
    );
    expect(await within(theirs).findByText('Came prepared.')).toBeVisible();
    expect(within(theirs).getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
    const mine = screen.getByRole('region', { name: 'Your review' });
    expect(within(mine).getByText('Thank you, Robin.')).toBeVisible();
    expect(within(mine).getByText(/Reply from Sofia Márquez/)).toBeVisible();
    expect(within(mine).queryByText(/Hidden from/)).toBeNull();
    expect(api.callsTo('GET', URL_OF).length).toBeGreaterThanOrEqual(2);
  });

  it('a live session cannot be rated yet; an unknown session says so without Try again', async () => {
    renderScreen({
      [`GET ${URL_OF}`]: {
        body: sessionReviews({
          can_review: false,
          session: { ...sessionReviews().session, status: 'active' },
        }),
      },
    });
    expect(await screen.findByText(/This session has not ended yet/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the session' })).toHaveAttribute(
      'href',
      `/session/${SESSION}`,
    );
  });

  it('404: not found, and a way home', async () => {
    renderScreen({ [`GET ${URL_OF}`]: apiError(404, 'NOT_FOUND', 'This session could not be found.') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This session could not be found' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/client-portal');
  });
});

describe('the coach reviewing the client (/coach-review/:sessionId)', () => {
  it("reads the client's visible review and replies once", async () => {
    let current = sessionReviews({
      viewer: 'coach',
      mine: review({
        id: COACH_REVIEW,
        author_role: 'coach',
        rating: 5,
        body: 'Came prepared.',
        is_visible: true,
      }),
      theirs: review({ is_visible: true }),
      can_review: false,
      can_reply: true,
    });
    const replyUrl = `/api/reviews/${CLIENT_REVIEW}/reply`;
    const { api } = renderScreen({
      [`GET ${URL_OF}`]: () => ({ body: current }),
      [`POST ${replyUrl}`]: ({ body }) => {
        current = {
          ...current,
          theirs: review({
            is_visible: true,
            reply: (body as { reply: string }).reply,
            replied_at: '2026-11-21T10:00:00.000Z',
          }),
          can_reply: false,
        };
        return { body: current };
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Review your session with Robin Hale' }),
    ).toBeVisible();
    const theirs = screen.getByRole('region', { name: "Robin Hale's review of you" });
    expect(within(theirs).getByText('Calm and practical.')).toBeVisible();

    fireEvent.click(within(theirs).getByRole('button', { name: 'Reply' }));
    const box = within(theirs).getByLabelText('Your reply to Robin Hale');
    fireEvent.click(within(theirs).getByRole('button', { name: 'Post reply' }));
    expect(await within(theirs).findByText(REVIEW_MESSAGES.replyRequired)).toBeVisible();
    expect(api.callsTo('POST', replyUrl)).toHaveLength(0);
    fireEvent.change(box, { target: { value: 'Thank you, Robin.' } });
    fireEvent.click(within(theirs).getByRole('button', { name: 'Post reply' }));
    await waitFor(() =>
      expect(api.callsTo('POST', replyUrl).map((call) => call.body)).toEqual([
        { reply: 'Thank you, Robin.' },
      ]),
    );
    expect(await within(theirs).findByText('Thank you, Robin.')).toBeVisible();
    expect(within(theirs).queryByRole('button', { name: 'Reply' })).toBeNull();
  });

  it('a refused reply (409) keeps the form and says why', async () => {
    const replyUrl = `/api/reviews/${CLIENT_REVIEW}/reply`;
    renderScreen({
      [`GET ${URL_OF}`]: {
        body: sessionReviews({ viewer: 'coach', theirs: review({ is_visible: true }), can_reply: true }),
      },
      [`POST ${replyUrl}`]: apiError(409, 'CONFLICT', REVIEW_MESSAGES.alreadyReplied),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reply' }));
    fireEvent.change(screen.getByLabelText('Your reply to Robin Hale'), { target: { value: 'Thanks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByText(REVIEW_MESSAGES.alreadyReplied)).toBeVisible();
    expect(screen.getByLabelText('Your reply to Robin Hale')).toHaveValue('Thanks');
  });
});
