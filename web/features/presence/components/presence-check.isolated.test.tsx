import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PRESENCE_CHECK_MS,
  PRESENCE_COUNTDOWN_S,
  PRESENCE_EVENT,
  PRESENCE_RECONFIRM_MS,
  type Presence,
} from '#contracts/presence';
import { BROADCAST_TOPIC } from '#contracts/realtime';
import { SESSION_EVENTS } from '#contracts/sessions';
import { ToastProvider } from '#web/components/toast';
import type { ActiveSession, ActiveSessionSource } from '#web/lib/active-session';
import { ActiveSessionContext } from '#web/lib/active-session';
import { createAuthClient } from '#web/lib/auth/auth-client';
import { AuthClientContext } from '#web/lib/auth/use-auth';
import { createQueryClient } from '#web/lib/query-client';
import { realtimeClientFor } from '#web/lib/realtime/realtime-for-auth';
import { createFakeSockets } from '#web/test/fake-socket';
import { dispatchUserEvent } from '#web/lib/realtime/user-events';
import { apiError, stubApi, type StubHandler, type StubResponse } from '#web/test/api';
import { buildSession } from '#web/test/fixtures/auth';
import { reloadPage } from '../lib/reload-page';
import { PresenceCheck } from './presence-check';

vi.mock('../lib/reload-page', () => ({ reloadPage: vi.fn() }));

const COACH = '00000000-0000-4000-8000-0000000000c1';
const SECOND = 1_000;
const TITLE = 'Are you still online?';

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** A source the test controls, standing in for the layout's ActiveSessionProvider. */
function activeSessionSource() {
  let current: ActiveSession | null = null;
  const listeners = new Set<() => void>();
  const source: ActiveSessionSource = {
    getSnapshot: () => current,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    source,
    set(next: ActiveSession | null) {
      current = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

async function renderCheck(initial: Presence, routes: Record<string, StubHandler | StubResponse> = {}) {
  let presence = initial;
  const api = stubApi({
    'POST /auth/v1/token': { body: buildSession({ userId: COACH }) },
    'GET /api/me/presence': () => ({ body: presence }),
    'POST /api/me/presence/confirm': () => {
      presence = presence.is_online
        ? { ...presence, last_online_confirm_at: new Date().toISOString() }
        : presence;
      return { body: presence };
    },
    'PUT /api/me/presence': ({ body }) => {
      const online = (body as { is_online: boolean }).is_online;
      presence = {
        ...presence,
        is_online: online,
        last_online_confirm_at: online ? new Date().toISOString() : presence.last_online_confirm_at,
      };
      return { body: presence };
    },
    ...routes,
  });
  const authClient = createAuthClient();
  await authClient.start();
  const sockets = createFakeSockets();
  const realtime = realtimeClientFor(authClient, { createSocket: (options) => sockets.create(options) });
  // The layout holds the person's own topic; that opens the tab's socket, which also hears broadcasts.
  const release = realtime.subscribe(`user:${COACH}`, { onEvent: () => undefined });
  sockets.last.accept();
  const active = activeSessionSource();
  render(
    <AuthClientContext.Provider value={authClient}>
      <QueryClientProvider client={createQueryClient()}>
        <ToastProvider>
          <ActiveSessionContext.Provider value={active.source}>
            <PresenceCheck userId={COACH} />
          </ActiveSessionContext.Provider>
        </ToastProvider>
      </QueryClientProvider>
    </AuthClientContext.Provider>,
  );
  return {
    api,
    active,
    setPresence: (next: Presence) => {
      presence = next;
    },
    broadcast: (payload: Record<string, unknown>) =>
      act(() =>
        sockets.last.fire('event', {
          topic: BROADCAST_TOPIC,
          seq: 1,
          type: PRESENCE_EVENT,
          payload,
          created_at: new Date().toISOString(),
        }),
      ),
    cleanup: () => {
      release();
      realtime.close();
      authClient.stop();
    },
  };
}

const advance = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));
const dialog = () => screen.queryByRole('alertdialog', { name: TITLE });
const online = (lastConfirmAgoMs: number | null, overrides: Partial<Presence> = {}): Presence => ({
  is_online: true,
  last_online_confirm_at: lastConfirmAgoMs === null ? null : ago(lastConfirmAgoMs),
  is_busy: false,
  ...overrides,
});

let cleanups: (() => void)[] = [];
async function setup(...args: Parameters<typeof renderCheck>) {
  const rendered = await renderCheck(...args);
  cleanups.push(rendered.cleanup);
  return rendered;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.mocked(reloadPage).mockClear();
});
afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PresenceCheck: the 60 s check and the 2 h threshold', () => {
  it('asks "Are you still online?" at the first 60 s check after the last confirmation turns 2 h old', async () => {
    // At the first check (60 s) the confirmation is 2 h - 30 s old; at the second, 2 h + 30 s.
    const { api } = await setup(online(PRESENCE_RECONFIRM_MS - 90 * SECOND));
    await advance(0);
    expect(api.callsTo('GET', '/api/me/presence')).toHaveLength(1);

    await advance(PRESENCE_CHECK_MS);
    expect(dialog()).toBeNull();
    // Nothing to ask yet: no request either.
    expect(api.callsTo('GET', '/api/me/presence')).toHaveLength(1);

    await advance(PRESENCE_CHECK_MS - 1);
    expect(dialog()).toBeNull();
    await advance(1);
    // It asks the server first (busy or confirmed elsewhere), then shows the question.
    expect(api.callsTo('GET', '/api/me/presence')).toHaveLength(2);
    expect(dialog()).not.toBeNull();
    expect(screen.getByRole('timer')).toHaveTextContent(`${PRESENCE_COUNTDOWN_S} s`);
    // Keyboard first: the answer that keeps the coach online has the focus.
    expect(screen.getByRole('button', { name: "Yes, I'm online" })).toHaveFocus();
  });

  it('asks at the check even when the first load of the status has not answered yet (a slow page load)', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const status = online(PRESENCE_RECONFIRM_MS + 30 * SECOND);
    await setup(status, {
      'GET /api/me/presence': async () => {
        await answered;
        return { body: status };
      },
    });
    await advance(PRESENCE_CHECK_MS);
    expect(dialog()).toBeNull();
    answer();
    await advance(0);
    expect(dialog()).not.toBeNull();
  });

  it('does not ask a coach who is offline', async () => {
    await setup(online(3 * PRESENCE_RECONFIRM_MS, { is_online: false }));
    await advance(5 * PRESENCE_CHECK_MS);
    expect(dialog()).toBeNull();
  });

  it('does not ask while busy (an active session)', async () => {
    const { api } = await setup(online(3 * PRESENCE_RECONFIRM_MS, { is_busy: true }));
    await advance(5 * PRESENCE_CHECK_MS);
    expect(dialog()).toBeNull();
    expect(api.callsTo('GET', '/api/me/presence')).toHaveLength(1);
  });

  it('does not ask when the server says the coach confirmed in another tab', async () => {
    const { api, setPresence } = await setup(online(3 * PRESENCE_RECONFIRM_MS));
    await advance(0);
    setPresence(online(10 * SECOND));
    await advance(PRESENCE_CHECK_MS);
    expect(api.callsTo('GET', '/api/me/presence')).toHaveLength(2);
    expect(dialog()).toBeNull();
  });

  it('records a first confirmation for a coach who is online without one', async () => {
    const { api } = await setup(online(null));
    await advance(0);
    await advance(0);
    expect(api.callsTo('POST', '/api/me/presence/confirm')).toHaveLength(1);
    await advance(3 * PRESENCE_CHECK_MS);
    expect(api.callsTo('POST', '/api/me/presence/confirm')).toHaveLength(1);
    expect(dialog()).toBeNull();
  });
});

describe('PresenceCheck: the dialog', () => {
  async function asked(routes: Record<string, StubHandler | StubResponse> = {}) {
    const rendered = await setup(online(PRESENCE_RECONFIRM_MS), routes);
    await advance(PRESENCE_CHECK_MS);
    expect(dialog()).not.toBeNull();
    return rendered;
  }

  it('counts down 30 s, then sets the coach offline and reloads the page', async () => {
    const { api } = await asked();
    await advance(10 * SECOND);
    expect(screen.getByRole('timer')).toHaveTextContent('20 s');
    await advance(19 * SECOND);
    expect(screen.getByRole('timer')).toHaveTextContent('1 s');
    expect(api.callsTo('PUT', '/api/me/presence')).toHaveLength(0);
    expect(reloadPage).not.toHaveBeenCalled();

    await advance(1 * SECOND);
    expect(api.callsTo('PUT', '/api/me/presence').map((call) => call.body)).toEqual([{ is_online: false }]);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    await advance(10 * SECOND);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('"Yes, I\'m online" confirms and closes; the next check does not ask again', async () => {
    const { api } = await asked();
    fireEvent.click(screen.getByRole('button', { name: "Yes, I'm online" }));
    await advance(0);
    expect(api.callsTo('POST', '/api/me/presence/confirm')).toHaveLength(1);
    expect(dialog()).toBeNull();
    await advance(PRESENCE_COUNTDOWN_S * SECOND + 2 * PRESENCE_CHECK_MS);
    expect(dialog()).toBeNull();
    expect(api.callsTo('PUT', '/api/me/presence')).toHaveLength(0);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('Escape counts as "Yes, I\'m online"', async () => {
    const { api } = await asked();
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    await advance(0);
    expect(api.callsTo('POST', '/api/me/presence/confirm')).toHaveLength(1);
    expect(dialog()).toBeNull();
  });

  it('"Go offline" sets the coach offline and reloads the page', async () => {
    const { api } = await asked();
    fireEvent.click(screen.getByRole('button', { name: 'Go offline' }));
    await advance(0);
    expect(api.callsTo('PUT', '/api/me/presence').map((call) => call.body)).toEqual([{ is_online: false }]);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('a failed confirmation says so and keeps asking', async () => {
    await asked({ 'POST /api/me/presence/confirm': apiError(503, 'SERVICE_UNAVAILABLE') });
    fireEvent.click(screen.getByRole('button', { name: "Yes, I'm online" }));
    await advance(0);
    expect(screen.getByText('Failed to update online status')).toBeInTheDocument();
    expect(dialog()).not.toBeNull();
  });

  it('closes when a session starts (chat_session.updated for an active session of this coach)', async () => {
    const { api } = await asked();
    act(() =>
      dispatchUserEvent({
        topic: `user:${COACH}`,
        seq: 5,
        type: SESSION_EVENTS.sessionUpdated,
        payload: { session: { id: 'abc', coach_id: COACH, status: 'active' } },
        created_at: new Date().toISOString(),
      }),
    );
    expect(dialog()).toBeNull();
    // The countdown is gone with it: nobody is set offline.
    await advance(PRESENCE_COUNTDOWN_S * SECOND);
    expect(api.callsTo('PUT', '/api/me/presence')).toHaveLength(0);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('closes when the layout reports an active session', async () => {
    const { active } = await asked();
    act(() => active.set({ id: 'abc', endsAt: null }));
    expect(dialog()).toBeNull();
    await advance(PRESENCE_COUNTDOWN_S * SECOND);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('closes when this coach is announced busy on the broadcast topic (not for another coach)', async () => {
    const { broadcast, setPresence } = await asked();
    broadcast({ coach_id: '00000000-0000-4000-8000-0000000000c2', is_online: true, is_busy: true });
    expect(dialog()).not.toBeNull();
    setPresence(online(PRESENCE_RECONFIRM_MS, { is_busy: true }));
    broadcast({ coach_id: COACH, is_online: true, is_busy: true });
    expect(dialog()).toBeNull();
    await advance(PRESENCE_COUNTDOWN_S * SECOND);
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
