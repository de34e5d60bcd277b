import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '#web/test/memory-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import { createAuthClient, type AuthClient } from '#web/lib/auth/auth-client';
import { AuthClientContext } from '#web/lib/auth/use-auth';
import { SessionSecurity } from './session-security';

const MINUTE = 60_000;

type Call = { method: string; url: string; body: Record<string, unknown> | undefined };

const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function session(): AuthSession {
  const now = new Date().toISOString();
  return {
    access_token: 'aGVhZGVy.eyJhYWwiOiJhYWwxIn0.sig',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    refresh_token: null,
    user: {
      id: 'u-1',
      aud: 'authenticated',
      role: 'authenticated',
      email: 'pat@example.com',
      phone: null,
      email_confirmed_at: null,
      phone_confirmed_at: null,
      last_sign_in_at: now,
      app_metadata: {},
      user_metadata: {},
      identities: [],
      factors: [],
      created_at: now,
      updated_at: now,
    },
  };
}

let calls: Call[] = [];
let signedIn = true;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const call: Call = {
    method: init?.method ?? 'GET',
    url: String(input),
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
  };
  calls.push(call);
  if (call.url === '/auth/v1/token?grant_type=refresh_token')
    return signedIn
      ? json(session())
      : json({ error: { code: 'INVALID_REFRESH_TOKEN', message: 'Invalid Refresh Token' } }, 400);
  if (call.url === '/api/rpc/log_security_event_safe') return json({ stored: true });
  if (call.url.startsWith('/auth/v1/logout')) return json(null, 204);
  throw new Error(`unexpected call: ${call.method} ${call.url}`);
});

const events = () =>
  calls.filter((call) => call.url === '/api/rpc/log_security_event_safe').map((call) => call.body);
const eventTypes = () => events().map((body) => body?.event_type);

let client: AuthClient;

async function renderWatcher() {
  client = createAuthClient();
  await client.start();
  // The watcher reads the clock from its first render on: fake it from here.
  vi.useFakeTimers({ now: Date.now(), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const router = createMemoryRouter(
    [
      {
        path: '/settings',
        element: (
          <>
            <SessionSecurity />
            <p>Settings page</p>
          </>
        ),
      },
      { path: '/auth', element: <p>Sign-in page</p> },
    ],
    { initialEntries: ['/settings'] },
  );
  render(
    <AuthClientContext.Provider value={client}>
      <RouterProvider router={router} />
    </AuthClientContext.Provider>,
  );
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  return router;
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

beforeEach(() => {
  calls = [];
  signedIn = true;
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  client?.stop();
  vi.unstubAllGlobals();
});

describe('SessionSecurity: inactivity', () => {
  it('asks at 25 minutes, and "Stay signed in" keeps the session', async () => {
    await renderWatcher();
    await advance(25 * MINUTE - 1000);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await advance(1000);

    const dialog = screen.getByRole('alertdialog', { name: 'Your session expires in 5 minutes' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await advance(0);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await advance(24 * MINUTE);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(client.getState().status).toBe('signed_in');
    expect(calls.some((call) => call.url.startsWith('/auth/v1/logout'))).toBe(false);
  });

  it('at 30 minutes signs out (USER_SESSION_END first) and goes to /auth?timeout=true', async () => {
    const router = await renderWatcher();
    await advance(25 * MINUTE);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await advance(5 * MINUTE);

    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).toBe('?timeout=true');
    expect(client.getState()).toMatchObject({ status: 'signed_out', endReason: 'timeout' });
    const order = calls
      .map((call) => (call.url === '/api/rpc/log_security_event_safe' ? call.body?.event_type : call.url))
      .filter((entry) => entry === 'USER_SESSION_END' || entry === '/auth/v1/logout?scope=local');
    expect(order).toEqual(['USER_SESSION_END', '/auth/v1/logout?scope=local']);
    expect(events().find((body) => body?.event_type === 'USER_SESSION_END')).toMatchObject({
      event_details: { reason: 'timeout' },
      severity: 'info',
    });
  });

  it('"Sign out" in the prompt signs out now', async () => {
    const router = await renderWatcher();
    await advance(25 * MINUTE);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await advance(0);
    expect(client.getState()).toMatchObject({ status: 'signed_out', endReason: 'signed_out' });
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).toBe('');
  });
});

describe('SessionSecurity: security events', () => {
  it('reports USER_LOGIN (session_resume) once when the session was restored on load', async () => {
    await renderWatcher();
    expect(eventTypes()).toEqual(['USER_LOGIN']);
    const [body] = events();
    expect(body).toMatchObject({ event_type: 'USER_LOGIN', severity: 'info' });
    const details = body?.event_details as Record<string, unknown>;
    expect(details.reason).toBe('session_resume');
    expect(details.user_agent).toBe(navigator.userAgent);
    expect(details.url).toBe(window.location.href);
    expect(new Date(String(details.timestamp)).toISOString()).toBe(details.timestamp);
  });

  it('does not report a resume after a sign-in on this page', async () => {
    signedIn = false;
    client = createAuthClient();
    await client.start();
    calls = [];
    fetchMock.mockImplementationOnce(async () => json(session()));
    await client.completeSignIn('/auth/v1/token?grant_type=password', { email: 'pat@example.com' });
    expect(client.isRestoredSession()).toBe(false);
  });

  it('reports TAB_HIDDEN and TAB_VISIBLE', async () => {
    await renderWatcher();
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await advance(0);
    expect(eventTypes()).toEqual(['USER_LOGIN', 'TAB_HIDDEN', 'TAB_VISIBLE']);
    visibility.mockRestore();
  });

  it('reports SUSPICIOUS_RAPID_ACTIVITY after 3 bursts of 20 clicks within 5 s', async () => {
    await renderWatcher();
    const target = screen.getByText('Settings page');
    for (let burst = 0; burst < 3; burst += 1) {
      for (let click = 0; click < 20; click += 1) {
        fireEvent.click(target);
        await advance(50);
      }
      await advance(10_000);
      if (burst < 2) expect(eventTypes()).not.toContain('SUSPICIOUS_RAPID_ACTIVITY');
    }
    const report = events().find((body) => body?.event_type === 'SUSPICIOUS_RAPID_ACTIVITY');
    expect(report?.event_details).toMatchObject({ click_count: 60, time_window: 5000 });
  });

  it('renders nothing and reports nothing when signed out', async () => {
    signedIn = false;
    const { container } = await (async () => {
      client = createAuthClient();
      await client.start();
      vi.useFakeTimers({ now: Date.now(), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      const router = createMemoryRouter([{ path: '/', element: <SessionSecurity /> }]);
      return render(
        <AuthClientContext.Provider value={client}>
          <RouterProvider router={router} />
        </AuthClientContext.Provider>,
      );
    })();
    await advance(31 * MINUTE);
    fireEvent.click(document.body);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(events()).toEqual([]);
  });
});
