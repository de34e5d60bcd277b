import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_END_REFRESH_MS, SESSION_EVENTS, type ChatSession } from '#contracts/sessions';
import { SESSION_ROOM_COMMANDS } from '#contracts/session-room';
import type { AuthClient, AuthState } from '#web/lib/auth/auth-client';
import { createFakeSockets } from '#web/test/fake-socket';
import { realtimeClientFor } from '#web/lib/realtime/realtime-for-auth';
import { sessionEndingMarks } from '#web/lib/active-session';
import { dispatchUserEvent } from '#web/lib/realtime/user-events';
import { apiError, type StubHandler, type StubResponse } from '#web/test/api';
import { sessionListsKey } from '../api/sessions';
import { JOIN_RETRY_MS } from '../hooks/use-session-room';
import { SessionScreen } from './session-screen';
import { chatSession as chatSessionFixture } from '#web/test/fixtures/sessions';
import { renderWithProviders } from '#web/test/render';

const sockets = vi.hoisted(() => ({
  current: undefined as ReturnType<typeof createFakeSockets> | undefined,
}));
vi.mock('socket.io-client', () => ({
  io: (options: never) => sockets.current!.create(options),
}));

const signedIn: AuthState = {
  status: 'signed_in',
  accessToken: 'token',
  expiresAt: null,
  user: null,
  endReason: null,
};
/** A fresh auth client per test, so each has its own realtime client (and fake socket). */
let authClient: AuthClient;

const COACH = '00000000-0000-4000-8000-0000000000c1';
const CLIENT = '00000000-0000-4000-8000-0000000000a1';
const ID = '00000000-0000-4000-8000-0000000000e1';
const MINUTE = 60_000;

function chatSession(overrides: Partial<ChatSession> = {}): ChatSession {
  return chatSessionFixture({
    id: ID,
    coach_id: COACH,
    client_id: CLIENT,
    request_id: '00000000-0000-4000-8000-0000000000d1',
    format: 'audio',
    payment_amount: 7000,
    session_value: 7000,
    original_price: 7000,
    client_purpose: 'Sleep has been rough lately',
    session_description: 'Waking at 4 every night.',
    ...overrides,
  });
}

const advance = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

function renderScreen(viewerId: string, routes: Record<string, StubHandler | StubResponse>) {
  const { api, queryClient, unmount } = renderWithProviders(
    <SessionScreen sessionId={ID} viewerId={viewerId} homePath="/portal" />,
    { api: routes, authClient },
  );
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  return { api, queryClient, invalidate, unmount };
}

function sessionEvent(session: ChatSession) {
  act(() =>
    dispatchUserEvent({
      topic: `user:${COACH}`,
      seq: 1,
      type: SESSION_EVENTS.sessionUpdated,
      payload: { session },
      created_at: new Date().toISOString(),
    }),
  );
}

const h1 = () => screen.getByRole('heading', { level: 1 });
const timeLeft = () => screen.getByTestId('session-time-left');

beforeEach(() => {
  sockets.current = createFakeSockets();
  authClient = { subscribe: () => () => {}, getState: () => signedIn } as unknown as AuthClient;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionEndingMarks.clear(ID);
});

describe('SessionScreen', () => {
  it('shows the client who with whom, the format, purpose, status and the time left, counting down; no End for the client', async () => {
    renderScreen(CLIENT, { [`GET /api/sessions/${ID}`]: { body: chatSession() } });
    await advance(0);
    expect(h1()).toHaveTextContent('Session with Lena Ortiz');
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getAllByText('Audio call').length).toBeGreaterThan(0);
    expect(screen.getByText('Sleep has been rough lately')).toBeInTheDocument();
    expect(screen.getByText('Maya Thompson')).toBeInTheDocument();
    expect(timeLeft()).toHaveTextContent('30:00');
    await advance(MINUTE);
    expect(timeLeft()).toHaveTextContent('29:00');
    expect(screen.queryByRole('button', { name: 'End session' })).toBeNull();
    // While it is on, the session is the place to talk: no way out to Messages.
    expect(screen.queryByRole('link', { name: 'Message Lena Ortiz' })).toBeNull();
  });

  it('an active session whose time is up displays as completed (at once, or when the timer reaches zero)', async () => {
    renderScreen(CLIENT, {
      [`GET /api/sessions/${ID}`]: {
        body: chatSession({
          start_time: new Date(Date.now() - 29 * MINUTE).toISOString(),
          ends_at: new Date(Date.now() + MINUTE).toISOString(),
        }),
      },
    });
    await advance(0);
    expect(timeLeft()).toHaveTextContent('1:00');
    await advance(MINUTE);
    expect(screen.getByRole('heading', { name: 'Session completed' })).toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(screen.queryByTestId('session-time-left')).toBeNull();
    // The client sees what they paid, not the coach's earnings.
    expect(screen.getAllByText('You paid', { selector: 'dt' }).length).toBeGreaterThan(0);
    expect(screen.queryByText('Your earnings')).toBeNull();
    // Over: the way to keep talking between sessions, the pair's conversation.
    expect(screen.getByRole('link', { name: 'Message Lena Ortiz' })).toHaveAttribute(
      'href',
      `/chat?with=${chatSession().coach_id}`,
    );
  });

  it("the coach's End is optimistic (completed at once, marked as being ended) and reverts with a toast on failure", async () => {
    let answer: (response: StubResponse) => void = () => undefined;
    const { api } = renderScreen(COACH, {
      [`GET /api/sessions/${ID}`]: { body: chatSession() },
      [`POST /api/sessions/${ID}/end`]: () =>
        new Promise<StubResponse>((resolve) => {
          answer = resolve;
        }),
    });
    await advance(0);
    expect(h1()).toHaveTextContent('Session with Maya Thompson');
    fireEvent.click(screen.getByRole('button', { name: 'End session' }));
    const dialog = screen.getByRole('alertdialog', { name: 'End this session now?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End session' }));
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Session completed' })).toBeInTheDocument();
    expect(sessionEndingMarks.isBeingEnded(ID)).toBe(true);
    expect(api.callsTo('POST', `/api/sessions/${ID}/end`)).toHaveLength(1);

    const reads = api.callsTo('GET', `/api/sessions/${ID}`).length;
    await act(async () => {
      answer(apiError(503, 'SERVICE_UNAVAILABLE', 'The payment service is busy. Try again.'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.queryByRole('heading', { name: 'Session completed' })).toBeNull();
    expect(screen.getByRole('button', { name: 'End session' })).toBeEnabled();
    expect(screen.getByText('The session could not be ended')).toBeInTheDocument();
    expect(screen.getByText('The payment service is busy. Try again.')).toBeInTheDocument();
    expect(sessionEndingMarks.isBeingEnded(ID)).toBe(false);

    // The refresh comes SESSION_END_REFRESH_MS later, not before.
    await advance(SESSION_END_REFRESH_MS - 1);
    expect(api.callsTo('GET', `/api/sessions/${ID}`)).toHaveLength(reads);
    await advance(1);
    expect(api.callsTo('GET', `/api/sessions/${ID}`)).toHaveLength(reads + 1);
  });

  it("a successful End shows the summary with the coach's earnings and refreshes the lists after 500 ms", async () => {
    const ended = chatSession({
      status: 'completed',
      end_time: new Date(Date.now() + 12 * MINUTE).toISOString(),
      completed_by: 'coach',
      earnings: 6650,
    });
    const { invalidate } = renderScreen(COACH, {
      [`GET /api/sessions/${ID}`]: { body: chatSession() },
      [`POST /api/sessions/${ID}/end`]: { body: { session: ended } },
    });
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'End session' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'End session' }));
    await advance(0);
    const summary = screen.getByRole('heading', { name: 'Session completed' }).closest('section')!;
    expect(summary).toHaveTextContent('12 min');
    expect(summary).toHaveTextContent('$70.00');
    expect(summary).toHaveTextContent('Your earnings$66.50');
    expect(summary).toHaveTextContent('by the coach');

    const listRefreshes = () =>
      invalidate.mock.calls.filter(([filters]) => filters?.queryKey?.[1] === sessionListsKey[1]).length;
    await advance(SESSION_END_REFRESH_MS - 1);
    expect(listRefreshes()).toBe(0);
    await advance(1);
    expect(listRefreshes()).toBe(1);
  });

  it("follows 'chat_session.updated' events for this session only", async () => {
    renderScreen(COACH, { [`GET /api/sessions/${ID}`]: { body: chatSession() } });
    await advance(0);
    sessionEvent(chatSession({ id: '00000000-0000-4000-8000-0000000000ff', status: 'completed' }));
    await advance(0);
    expect(screen.queryByRole('heading', { name: 'Session completed' })).toBeNull();
    sessionEvent(
      chatSession({
        status: 'completed',
        completed_by: 'timer',
        end_time: new Date().toISOString(),
        earnings: 6650,
      }),
    );
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Session completed' })).toBeInTheDocument();
    expect(screen.getByText(/when its time was up/)).toBeInTheDocument();
  });

  it('shows a not-found state to someone who is not a party (404)', async () => {
    renderScreen(CLIENT, { [`GET /api/sessions/${ID}`]: apiError(404, 'NOT_FOUND', 'Not found.') });
    await advance(0);
    expect(h1()).toHaveTextContent('Session not found');
    expect(screen.getByRole('link', { name: 'Go to your home' })).toHaveAttribute('href', '/portal');
  });

  it('says so when the session did not load for another reason', async () => {
    renderScreen(CLIENT, { [`GET /api/sessions/${ID}`]: apiError(500, 'INTERNAL_ERROR', 'Server trouble.') });
    await advance(0);
    expect(h1()).toHaveTextContent('The session did not load');
    expect(screen.getByText('Server trouble.')).toBeInTheDocument();
  });

  it('holds the room open while the session is on (joins on every connect, leaves on the way out)', async () => {
    const { unmount } = renderScreen(CLIENT, { [`GET /api/sessions/${ID}`]: { body: chatSession() } });
    await advance(0);
    // The signed-in layout holds the person's own topic; that opens the tab's socket.
    realtimeClientFor(authClient).subscribe(`user:${CLIENT}`, { onEvent: () => undefined });
    const socket = sockets.current!.last;
    socket.accept();
    const joins = () => socket.emitted.filter((e) => e.event === SESSION_ROOM_COMMANDS.join);
    expect(joins().map((e) => e.payload)).toEqual([{ session_id: ID }]);
    socket.drop('transport close');
    socket.reconnectByManager();
    expect(joins()).toHaveLength(2);
    unmount();
    expect(
      socket.emitted.filter((e) => e.event === SESSION_ROOM_COMMANDS.leave).map((e) => e.payload),
    ).toEqual([{ session_id: ID }]);
  });

  it('sends a join again when the server failed it or did not answer; a refusal is final', async () => {
    const { unmount } = renderScreen(CLIENT, { [`GET /api/sessions/${ID}`]: { body: chatSession() } });
    await advance(0);
    realtimeClientFor(authClient).subscribe(`user:${CLIENT}`, { onEvent: () => undefined });
    const socket = sockets.current!.last;
    socket.accept();
    const joins = () => socket.emitted.filter((e) => e.event === SESSION_ROOM_COMMANDS.join);
    expect(joins()).toHaveLength(1);
    joins()[0]?.ack?.({ ok: false, error: { code: 'INTERNAL_ERROR', message: 'Database trouble.' } });
    await advance(JOIN_RETRY_MS);
    expect(joins()).toHaveLength(2);
    joins()[1]?.ack?.({ ok: false, error: { code: 'NOT_FOUND', message: 'Session not found.' } });
    await advance(JOIN_RETRY_MS * 3);
    expect(joins()).toHaveLength(2);
    unmount();
  });

  it('shows who is in the room, says the time counts once both are there, and updates live', async () => {
    renderScreen(CLIENT, {
      [`GET /api/sessions/${ID}`]: { body: chatSession({ coach_present: true, client_present: false }) },
    });
    await advance(0);
    const presence = screen.getByTestId('session-presence');
    expect(presence).toHaveTextContent('Lena Ortiz in the room');
    expect(presence).toHaveTextContent('You not here yet');
    expect(screen.getByText(/The 30 min start counting when you are both here/)).toBeInTheDocument();
    sessionEvent(chatSession({ coach_present: true, client_present: true, timer_started: true }));
    await advance(0);
    expect(screen.getByTestId('session-presence')).toHaveTextContent('You in the room');
    expect(screen.queryByText(/start counting when you are both here/)).toBeNull();
  });

  it('warns at 5 and at 1 minute left, once each', async () => {
    renderScreen(CLIENT, {
      [`GET /api/sessions/${ID}`]: {
        body: chatSession({ timer_started: true, ends_at: new Date(Date.now() + 6 * MINUTE).toISOString() }),
      },
    });
    await advance(0);
    expect(screen.queryByText('5 minutes left')).toBeNull();
    await advance(MINUTE);
    expect(screen.getByText('5 minutes left')).toBeInTheDocument();
    expect(timeLeft()).toHaveClass('text-warning');
    await advance(4 * MINUTE);
    expect(screen.getByText('1 minute left')).toBeInTheDocument();
  });

  it('offers the next steps after the session: the client reviews, the coach reviews and follows up', async () => {
    const done = chatSession({
      status: 'completed',
      end_time: new Date().toISOString(),
      completed_by: 'coach',
      earnings: 6650,
    });
    renderScreen(CLIENT, { [`GET /api/sessions/${ID}`]: { body: done } });
    await advance(0);
    expect(screen.getByRole('link', { name: 'Review your session' })).toHaveAttribute(
      'href',
      `/review/${ID}`,
    );
  });

  it("offers the coach the client's review and a follow-up after the session", async () => {
    const done = chatSession({
      status: 'completed',
      end_time: new Date().toISOString(),
      completed_by: 'coach',
      earnings: 6650,
    });
    renderScreen(COACH, { [`GET /api/sessions/${ID}`]: { body: done } });
    await advance(0);
    expect(screen.getByRole('link', { name: 'Review Maya Thompson' })).toHaveAttribute(
      'href',
      `/coach-review/${ID}`,
    );
    expect(screen.getByRole('link', { name: 'Send a follow-up' })).toHaveAttribute(
      'href',
      `/follow-up/${ID}`,
    );
  });
});
