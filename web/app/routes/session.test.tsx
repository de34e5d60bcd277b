import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_EVENTS, type ChatSession, type SessionRequest } from '#contracts/sessions';
import { dispatchUserEvent } from '#web/lib/realtime/user-events';
import { buildMe, USER_ID } from '#web/test/fixtures/auth';
import { renderApp } from '#web/test/render-app';
import { chatSession as chatSessionFixture } from '#web/test/fixtures/sessions';

/* The session screens and lists in the real route table (routes, guards, layouts). */

const ID = '00000000-0000-4000-8000-0000000000e1';
const OTHER = '00000000-0000-4000-8000-0000000000c9';

function chatSession(overrides: Partial<ChatSession> = {}): ChatSession {
  const start = new Date(Date.now() - 5 * 60_000);
  return chatSessionFixture({
    id: ID,
    coach_id: OTHER,
    client_id: USER_ID,
    request_id: null,
    status: 'completed',
    created_at: start.toISOString(),
    start_time: start.toISOString(),
    ends_at: new Date(start.getTime() + 30 * 60_000).toISOString(),
    end_time: new Date().toISOString(),
    completed_by: 'coach',
    client_present: true,
    client_purpose: 'Talk about work',
    ...overrides,
  });
}

const list = (sessions: ChatSession[], size: number) => ({
  body: { sessions, total: sessions.length, page: 1, page_size: size },
});

const heading = (name: string, level = 1) => screen.findByRole('heading', { level, name });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session routes', () => {
  it('asks a visitor on /session/:id to sign in, and comes back there after', async () => {
    renderApp({ at: `/session/${ID}`, me: null });
    await heading('Sign in to join your session');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/auth?redirect=${encodeURIComponent(`/session/${ID}`)}`,
    );
  });

  it('shows a signed-in party the session', async () => {
    renderApp({
      at: `/session/${ID}`,
      me: buildMe(),
      extra: {
        'GET /api/sessions/active': { body: { session: null } },
        [`GET /api/sessions/${ID}`]: { body: chatSession() },
      },
    });
    await heading('Session with Lena Ortiz');
    expect(screen.getByRole('heading', { name: 'Session completed' })).toBeInTheDocument();
  });

  it('sends a party who opens a booked session before its start to its countdown', async () => {
    const start = new Date(Date.now() + 8 * 60_000);
    const booked = chatSession({
      status: 'active',
      booking_id: '33333333-3333-4333-8333-333333333333',
      start_time: start.toISOString(),
      ends_at: new Date(start.getTime() + 60 * 60_000).toISOString(),
      end_time: null,
      completed_by: null,
      client_present: false,
    });
    const { router } = renderApp({
      at: `/session/${ID}`,
      me: buildMe(),
      extra: {
        'GET /api/sessions/active': { body: { session: booked } },
        [`GET /api/sessions/${ID}`]: { body: booked },
      },
    });
    await heading('Your session with Lena Ortiz starts soon');
    expect(router.state.location.pathname).toBe(`/session-waiting/${ID}`);
  });

  it('keeps a booked session whose time runs in the room, even when its start moved past this clock', async () => {
    // Both came in: the server moved start_time to that moment, which this device's clock may not reach yet.
    const start = new Date(Date.now() + 60_000);
    const running = chatSession({
      status: 'active',
      booking_id: '33333333-3333-4333-8333-333333333333',
      timer_started: true,
      timer_started_at: start.toISOString(),
      start_time: start.toISOString(),
      ends_at: new Date(start.getTime() + 60 * 60_000).toISOString(),
      end_time: null,
      completed_by: null,
      coach_present: true,
      client_present: true,
    });
    const { router } = renderApp({
      at: `/session/${ID}`,
      me: buildMe(),
      extra: {
        'GET /api/sessions/active': { body: { session: running } },
        [`GET /api/sessions/${ID}`]: { body: running },
      },
    });
    await heading('Session with Lena Ortiz');
    expect(router.state.location.pathname).toBe(`/session/${ID}`);
  });

  it('the coach home lists "Sessions" and "Completed sessions"', async () => {
    const { api } = renderApp({
      at: '/portal',
      me: buildMe({ roles: ['coach'], active_role: 'coach' }),
      extra: {
        'GET /api/sessions/active': { body: { session: null } },
        'GET /api/sessions': ({ url }) =>
          url.searchParams.get('status') === 'completed'
            ? list(
                [
                  chatSession({
                    client_name: 'Sam Lee',
                    coach_id: USER_ID,
                    client_id: OTHER,
                    earnings: 7600,
                  }),
                ],
                5,
              )
            : list([], 5),
      },
    });
    await heading('Coach home');
    expect(await heading('Sessions', 2)).toBeInTheDocument();
    expect(await heading('Completed sessions', 2)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Sam Lee/ })).toHaveAttribute('href', `/session/${ID}`);
    expect(screen.getByText(/No sessions yet/)).toBeInTheDocument();
    const searches = api.callsTo('GET', '/api/sessions').map((call) => call.search);
    expect(searches).toEqual(
      expect.arrayContaining(['?as=coach&page=1', '?as=coach&page=1&status=completed']),
    );
  });

  it('the client home lists "Your sessions"', async () => {
    const { api } = renderApp({
      at: '/client-portal',
      me: buildMe(),
      extra: {
        'GET /api/sessions/active': { body: { session: null } },
        'GET /api/sessions': list([chatSession()], 20),
      },
    });
    await heading('Home');
    expect(await heading('Your sessions', 2)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Lena Ortiz/ })).toHaveAttribute('href', `/session/${ID}`);
    expect(api.callsTo('GET', '/api/sessions')[0]?.search).toBe('?as=client&page=1');
  });

  it('a live session sends its party from home to /session/{id} (the active-session source)', async () => {
    const { router } = renderApp({
      at: '/client-portal',
      me: buildMe(),
      extra: {
        'GET /api/sessions/active': {
          body: { session: chatSession({ status: 'active', end_time: null, completed_by: null }) },
        },
        [`GET /api/sessions/${ID}`]: {
          body: chatSession({ status: 'active', end_time: null, completed_by: null }),
        },
      },
    });
    await heading('Session with Lena Ortiz');
    expect(router.state.location.pathname).toBe(`/session/${ID}`);
  });
});

describe('coach overlays', () => {
  const pending = (): SessionRequest => ({
    id: '00000000-0000-4000-8000-0000000000d1',
    coach_id: USER_ID,
    client_id: OTHER,
    coach_name: 'Maya Thompson',
    coach_username: null,
    client_name: 'Sam Lee',
    client_email: null,
    client_avatar_url: null,
    format: 'text',
    duration_minutes: 15,
    purpose: 'Quick check-in',
    description: null,
    session_purpose: null,
    session_category: null,
    preferred_date: null,
    preferred_time: null,
    scheduled: false,
    price: 3000,
    original_price: 3000,
    discount_amount: null,
    coupon_code: null,
    coupon_discount_type: null,
    status: 'pending',
    session_id: null,
    accepted_at: null,
    expires_at: new Date(Date.now() + 180_000).toISOString(),
    responded_at: null,
    coach_message: null,
    created_at: new Date().toISOString(),
  });
  const ring = () =>
    act(() =>
      dispatchUserEvent({
        topic: `user:${USER_ID}`,
        seq: 1,
        type: SESSION_EVENTS.requestCreated,
        payload: { request: pending() },
        created_at: new Date().toISOString(),
      }),
    );
  const extra = {
    'GET /api/sessions/active': { body: { session: null } },
    'GET /api/sessions': list([], 5),
    'GET /api/session-requests/pending': { body: { request: null } },
  };

  it('show the incoming-request banner while the active role is coach', async () => {
    renderApp({ at: '/portal', me: buildMe({ roles: ['coach'], active_role: 'coach' }), extra });
    await heading('Coach home');
    ring();
    expect(await heading('Incoming Session Request', 2)).toBeInTheDocument();
    expect(screen.getByTestId('incoming-request-banner')).toHaveTextContent('Quick check-in');
  });

  it('show nothing while the person uses the client role', async () => {
    const { api } = renderApp({
      at: '/client-portal',
      me: buildMe({ roles: ['client', 'coach'], active_role: 'client' }),
      extra,
    });
    await heading('Home');
    ring();
    await waitFor(() => expect(api.callsTo('GET', '/api/sessions').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('incoming-request-banner')).toBeNull();
    expect(api.callsTo('GET', '/api/session-requests/pending')).toHaveLength(0);
  });
});
