import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_EVENTS, type Notification } from '#contracts/notifications';
import type { Alternatives, SessionRequest } from '#contracts/sessions';
import { resetSessionToasts } from '#web/features/session-requests/lib/session-toasts';
import { chatSession, COACH_ID, REQUEST_ID, SESSION_ID, sessionRequest } from '#web/test/fixtures/sessions';
import { realtimeEvent } from '#web/test/fixtures/session-requests';
import { dispatchUserEvent, dispatchUserResync } from '#web/lib/realtime/user-events';
import { apiError, type StubHandler, type StubResponse } from '#web/test/api';
import { buildMe } from '#web/test/fixtures/auth';
import { notification as notificationOf, notificationsPage } from '#web/test/fixtures/notifications';
import { renderApp } from '#web/test/render-app';

/**
 * /waiting-room/:requestId: live status from the person's own topic, the
 * countdown, Cancel (confirmed), accepted -> 'Request Accepted!' and the session 1 s later, declined ->
 * the destructive toast and the server's SPEC §8 notification in the stack, expired -> the fallback
 * offers in one place.
 */
afterEach(() => {
  vi.useRealTimers();
  resetSessionToasts();
});

// The session screen's code is there before the clock is faked: the address moves once the next
// screen's code is in, and a cold import can take longer than the 1 s these tests move the clock by.
beforeAll(async () => {
  await import('./session');
}, 30_000);

const ALTERNATIVES: Alternatives = {
  online_coaches: [
    {
      id: '99999999-9999-4999-8999-999999999999',
      username: 'kenji-sato',
      full_name: 'Kenji Sato',
      professional_title: 'Sleep and stress coach',
      avatar_url: null,
      categories: ['sleep'],
    },
  ],
  coach: { id: COACH_ID, username: 'lena-ortiz', full_name: 'Lena Ortiz' },
};

function renderRoom(
  request: SessionRequest | StubResponse = sessionRequest(),
  extra: Record<string, StubHandler | StubResponse> = {},
) {
  const answer = 'id' in request ? { body: request } : request;
  return renderApp({
    at: `/waiting-room/${REQUEST_ID}`,
    me: buildMe(),
    extra: {
      [`GET /api/session-requests/${REQUEST_ID}`]: answer as StubResponse,
      [`GET /api/session-requests/${REQUEST_ID}/alternatives`]: { body: ALTERNATIVES },
      ...extra,
    },
  });
}

/** What the server writes when Lena declines (session-requests.shared.ts tellClient). */
const declined = notificationOf(1, {
  type: 'session_rejected',
  title: 'Session Request Declined',
  message: "Your coach can't make it at the moment, but you can try again or send them a message.",
  action_text: 'Send Message',
  action_url: `/chat?with=${COACH_ID}`,
});

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
const send = (type: string, payload: Record<string, unknown>) =>
  act(() => dispatchUserEvent(realtimeEvent(type, payload)));
const toastRegion = () => within(screen.getByRole('region', { name: 'Notifications' }));
const stack = () => within(screen.getByRole('region', { name: 'Session notifications' }));

/** With setTimeout faked: runs what is due now until `check` passes, without moving the clock. */
async function settle(check: () => void) {
  for (let round = 0; round < 50; round += 1) {
    await act(async () => vi.advanceTimersByTimeAsync(0));
    try {
      check();
      return;
    } catch {
      // not yet
    }
  }
  check();
}

describe('/waiting-room/:requestId', { timeout: 20_000 }, () => {
  it('shows the pending request with the time left to answer and what is held', async () => {
    const madeAt = Date.now();
    renderRoom(sessionRequest({ coupon_code: 'SAVE10', discount_amount: 800, price: 7200 }));
    await heading('Waiting for Lena Ortiz');
    expect(screen.getByRole('heading', { name: "We've let Lena Ortiz know" })).toBeInTheDocument();
    // 3:00 from the request's creation, less the whole seconds this render took (more on a loaded machine).
    const [minutes, seconds] = (screen.getByRole('timer').textContent ?? '').split(':').map(Number);
    const left = (minutes ?? NaN) * 60 + (seconds ?? NaN);
    expect(left).toBeLessThanOrEqual(180);
    expect(left).toBeGreaterThanOrEqual(180 - Math.ceil((Date.now() - madeAt) / 1000) - 1);
    const summary = within(screen.getByRole('region', { name: 'Your request' }));
    expect(summary.getByText('Held from your wallet').nextSibling).toHaveTextContent('$72.00');
    expect(summary.getByText('$8.00 off with SAVE10')).toBeInTheDocument();
    expect(summary.getByText('Sleeping badly since the new job')).toBeInTheDocument();
    expect(summary.getByRole('link', { name: 'Lena Ortiz' })).toHaveAttribute('href', '/coach/lena-ortiz');
  });

  it("accepted: 'Request Accepted!' and the session 1 s later", async () => {
    const { router } = renderRoom();
    await heading('Waiting for Lena Ortiz');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    send('session_request.updated', {
      request: sessionRequest({
        status: 'accepted',
        session_id: SESSION_ID,
        accepted_at: new Date().toISOString(),
      }),
    });
    await settle(() => expect(toastRegion().getByText('Request Accepted!')).toBeInTheDocument());
    expect(screen.getByText('Lena Ortiz accepted your request.')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(999));
    expect(router.state.location.pathname).toBe(`/waiting-room/${REQUEST_ID}`);
    expect(router.state.navigation.state).toBe('idle');
    await act(async () => vi.advanceTimersByTimeAsync(1));
    // Going there has begun (the session screen's code loads for real).
    expect(router.state.navigation.location?.pathname ?? router.state.location.pathname).toBe(
      `/session/${SESSION_ID}`,
    );
  });

  it('accepted, told first by the new session: still one toast, Request Accepted!', async () => {
    const { router } = renderRoom();
    await heading('Waiting for Lena Ortiz');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The server records the session's events before the request's (same order on the topic).
    send('chat_session.updated', { session: chatSession() });
    send('session_created', {
      sessionId: SESSION_ID,
      clientId: buildMe().user_id,
      message: 'Your session has started',
      timestamp: new Date().toISOString(),
    });
    send('session_request.updated', {
      request: sessionRequest({ status: 'accepted', session_id: SESSION_ID }),
    });
    await settle(() => expect(toastRegion().getByText('Request Accepted!')).toBeInTheDocument());
    // The visible toast leaves after 4 s (+1 s closing): nothing else was queued behind it.
    await act(async () => vi.advanceTimersByTimeAsync(5_000));
    expect(router.state.navigation.location?.pathname ?? router.state.location.pathname).toBe(
      `/session/${SESSION_ID}`,
    );
    expect(screen.queryByText('Session Ready!')).not.toBeInTheDocument();
    expect(screen.queryByText('Session Started!')).not.toBeInTheDocument();
    expect(screen.queryByText('Request Accepted!')).not.toBeInTheDocument();
  });

  it("declined: the destructive 'Request Declined', the server's SPEC §8 notification and the fallback offers", async () => {
    let kept: Notification[] = [];
    renderRoom(sessionRequest(), {
      'GET /api/notifications': () => ({ body: notificationsPage(kept) }),
    });
    await heading('Waiting for Lena Ortiz');
    send('session_request.updated', { request: sessionRequest({ status: 'declined' }) });
    await heading("Lena Ortiz can't make it right now");

    const alert = within(
      screen.getByRole('region', { name: 'Notifications' }).querySelector('[role="alert"]')!,
    );
    expect(alert.getByText('Request Declined')).toBeInTheDocument();

    // The notification is the server's, written with the decline and told on the person's topic.
    kept = [declined];
    send(NOTIFICATION_EVENTS.created, { notification: declined });
    await screen.findByRole('region', { name: 'Session notifications' });
    const notification = within(await stack().findByRole('article'));
    expect(notification.getByRole('heading', { name: 'Session Request Declined' })).toBeInTheDocument();
    expect(
      notification.getByText(
        "Your coach can't make it at the moment, but you can try again or send them a message.",
      ),
    ).toBeInTheDocument();
    expect(notification.getByText(/Lena Ortiz/)).toBeInTheDocument();
    expect(notification.getByRole('link', { name: 'Send Message' })).toHaveAttribute(
      'href',
      `/chat?with=${COACH_ID}`,
    );
    expect(await screen.findByRole('heading', { name: 'What you can do now' })).toBeInTheDocument();

    // The same change told again (a replay) makes no second notification.
    send('session_request.updated', { request: sessionRequest({ status: 'declined' }) });
    send(NOTIFICATION_EVENTS.created, { notification: declined });
    await waitFor(() => expect(stack().getAllByRole('article')).toHaveLength(1));
    expect(stack().getAllByTestId('notification-card')).toHaveLength(1);
  });

  it('expired: coaches online now, a message to this coach and booking a time, in one place', async () => {
    const { api } = renderRoom(
      sessionRequest({ status: 'expired', expires_at: new Date(Date.now() - 1000).toISOString() }),
    );
    await heading('No answer this time');
    expect(screen.getByText("Lena Ortiz couldn't answer in time.")).toBeInTheDocument();
    const offers = within(screen.getByRole('region', { name: 'What you can do now' }));
    expect(offers.getByRole('heading', { name: 'Sleep coaches online now' })).toBeInTheDocument();
    const kenji = await offers.findByRole('link', { name: /Kenji Sato/ });
    expect(kenji).toHaveAttribute('href', '/coach/kenji-sato');
    expect(offers.getByRole('link', { name: 'Send a message' })).toHaveAttribute(
      'href',
      `/chat?with=${COACH_ID}`,
    );
    expect(offers.getByRole('link', { name: 'Book a time' })).toHaveAttribute(
      'href',
      '/coach/lena-ortiz?book=time',
    );
    expect(api.callsTo('GET', `/api/session-requests/${REQUEST_ID}/alternatives`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
  });

  it('cancel asks first, then cancels and says so with the way back', async () => {
    const user = userEvent.setup();
    let current = sessionRequest();
    const { api } = renderRoom(sessionRequest(), {
      [`GET /api/session-requests/${REQUEST_ID}`]: () => ({ body: current }),
      [`POST /api/session-requests/${REQUEST_ID}/cancel`]: () => {
        current = sessionRequest({ status: 'cancelled' });
        return { body: current };
      },
    });
    await heading('Waiting for Lena Ortiz');
    await user.click(screen.getByRole('button', { name: 'Cancel request' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Cancel this request?' }));
    await user.click(confirm.getByRole('button', { name: 'Keep waiting' }));
    expect(api.callsTo('POST', `/api/session-requests/${REQUEST_ID}/cancel`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel request' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel request' }),
    );
    await heading('Request cancelled');
    expect(api.callsTo('POST', `/api/session-requests/${REQUEST_ID}/cancel`)).toHaveLength(1);
    expect(screen.getByText('You cancelled this request.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Back to Lena Ortiz's page" })).toHaveAttribute(
      'href',
      '/coach/lena-ortiz',
    );
  });

  it("shows the coach's message (its notification is the server's), and refetches on resync", async () => {
    let current = sessionRequest({ status: 'declined' });
    const { api } = renderRoom(current, {
      [`GET /api/session-requests/${REQUEST_ID}`]: () => ({ body: current }),
    });
    await heading("Lena Ortiz can't make it right now");
    send('session_request.updated', {
      request: sessionRequest({ status: 'declined', coach_message: 'Fully booked today, try Thursday?' }),
    });
    const message = within(await screen.findByRole('region', { name: 'Message from Lena Ortiz' }));
    expect(message.getByText('Fully booked today, try Thursday?')).toBeInTheDocument();
    // No notification is made here from the request's event (the server writes coach_message).
    expect(screen.queryByRole('region', { name: 'Session notifications' })).toBeNull();

    current = sessionRequest({ status: 'declined', coach_message: 'Edited later' });
    const before = api.callsTo('GET', `/api/session-requests/${REQUEST_ID}`).length;
    act(() => dispatchUserResync());
    await waitFor(() =>
      expect(api.callsTo('GET', `/api/session-requests/${REQUEST_ID}`).length).toBeGreaterThan(before),
    );
    expect(await screen.findByText('Edited later')).toBeInTheDocument();
  });

  it('an old link to an accepted request whose session is over: says so, no "Go to your session"', async () => {
    const accepted = sessionRequest({ status: 'accepted', session_id: SESSION_ID });
    renderRoom(accepted, {
      [`GET /api/sessions/${SESSION_ID}`]: { body: chatSession({ status: 'completed' }) },
    });
    await heading('Your session has ended');
    expect(screen.getByText('Your session with Lena Ortiz is over.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the session' })).toHaveAttribute(
      'href',
      `/session/${SESSION_ID}`,
    );
    expect(screen.queryByRole('link', { name: 'Go to your session' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Request accepted' })).not.toBeInTheDocument();
  });

  it('an accepted request whose session is live: "Go to your session"', async () => {
    renderRoom(sessionRequest({ status: 'accepted', session_id: SESSION_ID }), {
      [`GET /api/sessions/${SESSION_ID}`]: { body: chatSession({ status: 'active' }) },
    });
    await heading('Request accepted');
    expect(await screen.findByRole('link', { name: 'Go to your session' })).toHaveAttribute(
      'href',
      `/session/${SESSION_ID}`,
    );
  });

  it("someone else's or an unknown request: a clear not-found state", async () => {
    renderRoom(apiError(404, 'NOT_FOUND', 'We could not find what you were looking for.'));
    await heading('Request not found');
    expect(screen.getByRole('link', { name: 'Find a coach' })).toHaveAttribute('href', '/discover');
  });
});
