import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_EVENTS, type ChatSession } from '#contracts/sessions';
import { dispatchUserEvent } from '#web/lib/realtime/user-events';
import { apiError, type StubHandler } from '#web/test/api';
import { SESSION_WAITING_RECHECK_MS, SessionWaitingScreen } from './session-waiting-screen';
import { chatSession as chatSessionFixture } from '#web/test/fixtures/sessions';
import { renderWithProviders } from '#web/test/render';

const ID = '00000000-0000-4000-8000-0000000000e1';

function chatSession(overrides: Partial<ChatSession> = {}): ChatSession {
  return chatSessionFixture({
    id: ID,
    coach_id: '00000000-0000-4000-8000-0000000000c1',
    client_id: '00000000-0000-4000-8000-0000000000a1',
    request_id: null,
    client_email: null,
    client_purpose: 'Talk',
    ...overrides,
  });
}

const advance = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

function renderWaiting(handler: StubHandler) {
  const { api, router } = renderWithProviders(
    <SessionWaitingScreen sessionId={ID} homePath="/client-portal" />,
    {
      api: { [`GET /api/sessions/${ID}`]: handler },
      path: '/session-waiting/:id',
      at: `/session-waiting/${ID}`,
      routes: [{ path: '/session/:id', element: <h1>The session page</h1> }],
      toasts: false,
    },
  );
  return { api, router, reads: () => api.callsTo('GET', `/api/sessions/${ID}`).length };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SessionWaitingScreen', () => {
  it('goes to /session/{id} (replacing the entry) once the session is active for this person', async () => {
    const { router } = renderWaiting(() => ({ body: chatSession() }));
    await advance(0);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The session page');
    expect(router.state.location.pathname).toBe(`/session/${ID}`);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('waits while the session is not there yet, looks again, and goes in when an event says it started', async () => {
    let ready = false;
    const { reads } = renderWaiting(() =>
      ready ? { body: chatSession() } : apiError(404, 'NOT_FOUND', 'Not found.'),
    );
    await advance(0);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Waiting for your session');
    expect(reads()).toBe(1);
    await advance(SESSION_WAITING_RECHECK_MS);
    expect(reads()).toBe(2);

    ready = true;
    act(() =>
      dispatchUserEvent({
        topic: 'user:x',
        seq: 1,
        type: SESSION_EVENTS.sessionCreated,
        payload: {
          sessionId: ID,
          clientId: chatSession().client_id,
          message: 'Ready',
          timestamp: new Date().toISOString(),
        },
        created_at: new Date().toISOString(),
      }),
    );
    await advance(0);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The session page');
  });

  it('says a completed session has ended, with a link to it', async () => {
    renderWaiting(() => ({ body: chatSession({ status: 'completed', end_time: new Date().toISOString() }) }));
    await advance(0);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('This session has ended');
    expect(screen.getByRole('link', { name: 'See the session' })).toHaveAttribute('href', `/session/${ID}`);
  });
  it('counts down to a booked session opened before its start, then goes in at the start', async () => {
    const start = Date.now() + 4 * 60_000 + 30_000;
    const { router } = renderWaiting(() => ({
      body: chatSession({
        coach_name: 'Dr. Lena Ortiz',
        booking_id: '33333333-3333-4333-8333-333333333333',
        viewer: 'client',
        start_time: new Date(start).toISOString(),
        ends_at: new Date(start + 60 * 60_000).toISOString(),
        duration_minutes: 60,
      }),
    }));
    await advance(0);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Your session with Dr. Lena Ortiz starts soon',
    );
    expect(screen.getByText('4:30')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Starts in about 5 minutes.');
    await advance(60_000);
    expect(screen.getByText('3:30')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/session-waiting/${ID}`);
    await advance(3 * 60_000 + 30_000);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The session page');
    expect(router.state.location.pathname).toBe(`/session/${ID}`);
  });
});
