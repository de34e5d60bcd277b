import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Me } from '#contracts/auth';
import { NOTIFICATION_EVENTS, type Notification } from '#contracts/notifications';
import { resetSessionToasts } from '#web/features/session-requests/lib/session-toasts';
import { chatSession, SESSION_ID, sessionRequest } from '#web/test/fixtures/sessions';
import { realtimeEvent, wallet } from '#web/test/fixtures/session-requests';
import { dispatchUserEvent } from '#web/lib/realtime/user-events';
import { buildMe, USER_ID } from '#web/test/fixtures/auth';
import type { StubRoutes } from '#web/test/api';
import { notification, notificationsPage } from '#web/test/fixtures/notifications';
import { renderApp } from '#web/test/render-app';

/**
 * SPEC §4 "Client side of requests", client-wide: 'Session Ready!' (a new session, join after 1 s),
 * 'Session Started!' (session_created) and 'Request Accepted!' — one toast per session in total — and
 * the notification stack fed by the server, only while the active role is client.
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

function renderAway(me: Me = buildMe(), extra: StubRoutes = {}) {
  return renderApp({ at: '/wallet', me, extra: { 'GET /api/wallet': { body: wallet(5_000) }, ...extra } });
}

const declinedNotification = notification(1, {
  type: 'session_rejected',
  title: 'Session Request Declined',
  message: "Your coach can't make it at the moment, but you can try again or send them a message.",
  action_text: 'Send Message',
  action_url: '/chat?with=11111111-1111-4111-8111-111111111111',
});

const ready = () => screen.findByRole('heading', { level: 1, name: 'Wallet' }, { timeout: 10_000 });
const send = (type: string, payload: Record<string, unknown>) =>
  act(() => dispatchUserEvent(realtimeEvent(type, payload)));
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));
const created = (sessionId = SESSION_ID, clientId = USER_ID) => ({
  sessionId,
  clientId,
  message: 'Your coach started the session.',
  timestamp: new Date().toISOString(),
});

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

const target = (router: ReturnType<typeof renderAway>['router']) =>
  router.state.navigation.location?.pathname ?? router.state.location.pathname;

describe('client overlays', { timeout: 20_000 }, () => {
  it("a new session: 'Session Ready!', joined 1 s later; its other events make no second toast", async () => {
    const { router } = renderAway();
    await ready();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    send('chat_session.updated', { session: chatSession() });
    send('session_created', created());
    send('session_request.updated', {
      request: sessionRequest({ status: 'accepted', session_id: SESSION_ID }),
    });
    await settle(() => expect(toasts().getByText('Session Ready!')).toBeInTheDocument());
    await act(async () => vi.advanceTimersByTimeAsync(999));
    expect(target(router)).toBe('/wallet');
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(target(router)).toBe(`/session/${SESSION_ID}`);

    // After the first toast has gone (4 s + 1 s), no other one follows it.
    await act(async () => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.queryByText('Session Ready!')).not.toBeInTheDocument();
    expect(screen.queryByText('Session Started!')).not.toBeInTheDocument();
    expect(screen.queryByText('Request Accepted!')).not.toBeInTheDocument();
  });

  it("session_created alone: 'Session Started!' once", async () => {
    renderAway();
    await ready();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    send('session_created', created());
    send('session_created', created());
    await settle(() => expect(toasts().getByText('Session Started!')).toBeInTheDocument());
    await act(async () => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.queryByText('Session Started!')).not.toBeInTheDocument();
  });

  it("a request accepted while away from its waiting room: 'Request Accepted!' and the session after 1 s", async () => {
    const { router } = renderAway();
    await ready();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    send('session_request.updated', {
      request: sessionRequest({ status: 'accepted', session_id: SESSION_ID }),
    });
    await settle(() => expect(toasts().getByText('Request Accepted!')).toBeInTheDocument());
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(target(router)).toBe(`/session/${SESSION_ID}`);
  });

  it('ignores sessions already joined, booked sessions and events about other people', async () => {
    renderAway();
    await ready();
    send('chat_session.updated', { session: chatSession({ client_present: true }) });
    // A booked session the coach opened early: its client joins it from the booking, not pulled in.
    send('chat_session.updated', {
      session: chatSession({
        id: '15151515-1515-4515-8515-151515151515',
        booking_id: '16161616-1616-4616-8616-161616161616',
      }),
    });
    send('chat_session.updated', {
      session: chatSession({ id: '12121212-1212-4212-8212-121212121212', status: 'completed' }),
    });
    send(
      'session_created',
      created('13131313-1313-4313-8313-131313131313', '14141414-1414-4414-8414-141414141414'),
    );
    send('session_request.updated', {
      request: sessionRequest({ status: 'declined', client_id: '14141414-1414-4414-8414-141414141414' }),
    });
    expect(toasts().queryByText(/Session Ready!|Session Started!|Request Declined/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Session notifications' })).not.toBeInTheDocument();
  });

  it("shows the server's stack (GET /api/notifications?view=stack) to a client", async () => {
    const { api } = renderAway(buildMe(), {
      'GET /api/notifications': { body: notificationsPage([declinedNotification]) },
    });
    await ready();
    const stack = within(
      await screen.findByRole('region', { name: 'Session notifications' }, { timeout: 5_000 }),
    );
    expect(stack.getByRole('heading', { name: 'Session Request Declined' })).toBeInTheDocument();
    expect(stack.getByText(/Lena Ortiz/)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/notifications').map((call) => call.search)).toContain('?view=stack');
  });

  it('a declined request: the toast here, its notification once (from the server, not made here)', async () => {
    // A request of its own: the toast is made once per request id in this module's lifetime.
    const declinedHere = { id: '15151515-1515-4515-8515-151515151515', status: 'declined' as const };
    let kept: Notification[] = [];
    renderAway(buildMe(), {
      'GET /api/notifications': () => ({ body: notificationsPage(kept) }),
    });
    await ready();
    send('session_request.updated', {
      request: sessionRequest({ ...declinedHere, coach_message: 'Fully booked today.' }),
    });
    expect(await toasts().findByText('Request Declined', {}, { timeout: 5_000 })).toBeInTheDocument();
    // The request's event alone makes no notification.
    expect(screen.queryByRole('region', { name: 'Session notifications' })).toBeNull();

    kept = [declinedNotification];
    send(NOTIFICATION_EVENTS.created, { notification: declinedNotification });
    send('session_request.updated', { request: sessionRequest(declinedHere) });
    const stack = within(
      await screen.findByRole('region', { name: 'Session notifications' }, { timeout: 5_000 }),
    );
    await waitFor(() => expect(stack.getAllByTestId('notification-card')).toHaveLength(1));
  });

  it('leaves /notifications to its list, and a conversation its header', async () => {
    const { router } = renderApp({
      at: '/notifications',
      me: buildMe(),
      extra: {
        'GET /api/notifications': { body: notificationsPage([declinedNotification]) },
        'GET /api/conversations': { body: { conversations: [], next_cursor: null, unread_total: 0 } },
      },
    });
    expect(await screen.findByTestId('notification-list', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Session notifications' })).toBeNull();
    await act(async () => router.navigate('/messages'));
    await screen.findByRole('heading', { level: 1, name: 'Messages' }, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Session notifications' })).toBeNull();
    await act(async () => router.navigate('/wallet'));
    expect(
      await screen.findByRole('region', { name: 'Session notifications' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('is not active for the coach role', async () => {
    const coach = buildMe({ roles: ['client', 'coach'], active_role: 'coach' });
    renderApp({
      at: '/settings',
      me: coach,
      extra: { 'GET /api/notifications': { body: notificationsPage([declinedNotification]) } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 10_000 });
    send('chat_session.updated', { session: chatSession() });
    send('session_request.updated', { request: sessionRequest({ status: 'declined' }) });
    expect(toasts().queryByText(/Session Ready!|Request Declined/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Session notifications' })).not.toBeInTheDocument();
  });
});
