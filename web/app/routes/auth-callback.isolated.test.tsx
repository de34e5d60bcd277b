import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '#web/test/memory-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthSession, AuthUser } from '#contracts/auth';
import { createAuthClient, type AuthClient } from '#web/lib/auth/auth-client';
import { AuthClientContext } from '#web/lib/auth/use-auth';
import { AuthCallbackPage } from './auth-callback';

const VERIFIER_KEY = 'wellspring.google-sign-in.code-verifier';
const VERIFIER = 'v'.repeat(64);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const apiError = (status: number, code: string, message: string) =>
  json({ error: { code, message, requestId: 'req-1' } }, status);

const user = (overrides: Partial<AuthUser> = {}): AuthUser => ({
  id: '7d0f4c1e-2b8a-4c55-9f0e-1a2b3c4d5e6f',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'grace@example.test',
  phone: null,
  email_confirmed_at: '2026-11-21T09:00:00.000Z',
  phone_confirmed_at: null,
  last_sign_in_at: '2026-11-21T09:00:00.000Z',
  app_metadata: { provider: 'google', providers: ['google'] },
  user_metadata: { full_name: 'Grace Hopper' },
  identities: [],
  factors: [],
  created_at: '2026-11-21T09:00:00.000Z',
  updated_at: '2026-11-21T09:00:00.000Z',
  ...overrides,
});

const session = (): AuthSession => ({
  access_token: 'header.payload.signature',
  token_type: 'bearer',
  expires_in: 900,
  expires_at: 1_795_000_000,
  refresh_token: null,
  user: user(),
});

describe('AuthCallbackPage (/auth/google/callback, /auth/callback)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let client: AuthClient;

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    window.sessionStorage.clear();
  });
  afterEach(() => {
    client.stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).startsWith(path));

  /** The page inside the real auth client, restoring the session at start-up like the app does. */
  function renderAt(entry: string, path = '/auth/google/callback') {
    client = createAuthClient();
    const router = createMemoryRouter(
      [
        { path, element: <AuthCallbackPage /> },
        { path: '/auth', element: <h1>Sign in page</h1> },
        { path: '/portal', element: <h1>Portal</h1> },
        { path: '/', element: <h1>Home</h1> },
      ],
      { initialEntries: [entry] },
    );
    render(
      <AuthClientContext.Provider value={client}>
        <RouterProvider router={router} />
      </AuthClientContext.Provider>,
    );
    return router;
  }

  it('shows error_description as literal text, never as HTML, with the way back to /auth', async () => {
    const description = '<img src=x onerror=alert(1)>';
    const router = renderAt(
      `/auth/google/callback?error=access_denied&error_description=${encodeURIComponent(description)}`,
    );
    void client.start();

    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('heading', { level: 1, name: "We couldn't sign you in" })).toBeInTheDocument();
    expect(screen.getByTestId('auth-callback-error').textContent).toBe(description);
    expect(alert.querySelector('img')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
    expect(calls('/auth/v1/token?grant_type=pkce')).toHaveLength(0);

    const back = screen.getByRole('link', { name: 'Back to sign-in' });
    expect(back).toHaveAttribute('href', '/auth');
    await act(async () => {
      back.click();
    });
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('shows a loading state, exchanges the code with the kept verifier, goes on, and syncs the profile after 1 s', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    window.sessionStorage.setItem(VERIFIER_KEY, VERIFIER);
    let answerExchange: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/auth/v1/token?grant_type=refresh_token'))
        return apiError(400, 'INVALID_REFRESH_TOKEN', 'Invalid Refresh Token');
      if (url.startsWith('/auth/v1/token?grant_type=pkce'))
        return new Promise<Response>((resolve) => (answerExchange = resolve));
      if (url === '/auth/v1/user')
        return json(
          user({
            user_metadata: { full_name: 'Grace Hopper', avatar_url: 'https://lh3.example.test/g.png' },
          }),
        );
      throw new Error(`unexpected ${url}`);
    });

    const router = renderAt('/auth/google/callback?code=code-happy-path&redirect_to=%2Fportal%3Ftab%3D1');
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in...');
    await act(async () => {
      await client.start();
    });

    await vi.waitFor(() => expect(calls('/auth/v1/token?grant_type=pkce')).toHaveLength(1));
    const [, init] = calls('/auth/v1/token?grant_type=pkce')[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ auth_code: 'code-happy-path', code_verifier: VERIFIER });
    expect(new Headers(init?.headers).get('x-refresh-cookie')).toBe('1');
    // One use: the verifier is gone from this tab as soon as it was read.
    expect(window.sessionStorage.getItem(VERIFIER_KEY)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in...');

    await act(async () => {
      answerExchange(json(session()));
    });
    expect(await screen.findByRole('heading', { name: 'Portal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portal');
    expect(router.state.location.search).toBe('?tab=1');
    expect(client.getState()).toMatchObject({ status: 'signed_in', accessToken: 'header.payload.signature' });

    expect(calls('/auth/v1/user')).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(900);
    });
    expect(calls('/auth/v1/user')).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(calls('/auth/v1/user')).toHaveLength(1);
    await vi.waitFor(() =>
      expect(client.getState().user?.user_metadata).toMatchObject({
        avatar_url: 'https://lh3.example.test/g.png',
      }),
    );
  });

  it('waits for the start-up session restore before exchanging', async () => {
    window.sessionStorage.setItem(VERIFIER_KEY, VERIFIER);
    let answerRefresh: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/auth/v1/token?grant_type=refresh_token'))
        return new Promise<Response>((resolve) => (answerRefresh = resolve));
      if (url.startsWith('/auth/v1/token?grant_type=pkce')) return json(session());
      return json(user());
    });
    renderAt('/auth/callback?code=code-wait-for-restore', '/auth/callback');
    void client.start();
    await vi.waitFor(() => expect(calls('/auth/v1/token?grant_type=refresh_token')).toHaveLength(1));
    expect(calls('/auth/v1/token?grant_type=pkce')).toHaveLength(0);
    await act(async () => {
      answerRefresh(apiError(400, 'INVALID_REFRESH_TOKEN', 'Invalid Refresh Token'));
    });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(calls('/auth/v1/token?grant_type=pkce')).toHaveLength(1);
    expect(client.getState().status).toBe('signed_in');
  });

  it('goes to / when redirect_to points away from this site', async () => {
    window.sessionStorage.setItem(VERIFIER_KEY, VERIFIER);
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('refresh_token')
        ? apiError(400, 'INVALID_REFRESH_TOKEN', 'Invalid Refresh Token')
        : json(session()),
    );
    const router = renderAt(
      '/auth/google/callback?code=code-open-redirect&redirect_to=%2F%2Fevil.example%2Fx',
    );
    void client.start();
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the server refusal and sends nothing twice', async () => {
    window.sessionStorage.setItem(VERIFIER_KEY, VERIFIER);
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('refresh_token')
        ? apiError(400, 'INVALID_REFRESH_TOKEN', 'Invalid Refresh Token')
        : apiError(
            400,
            'INVALID_CODE',
            'This sign-in code is invalid, expired or already used. Please sign in again.',
          ),
    );
    renderAt('/auth/google/callback?code=spent-code');
    void client.start();
    expect(await screen.findByTestId('auth-callback-error')).toHaveTextContent(
      'This sign-in code is invalid, expired or already used. Please sign in again.',
    );
    expect(calls('/auth/v1/token?grant_type=pkce')).toHaveLength(1);
    expect(client.getState().status).toBe('signed_out');
  });

  it('explains a return without this tab’s verifier, without calling the server', async () => {
    fetchMock.mockResolvedValue(apiError(400, 'INVALID_REFRESH_TOKEN', 'Invalid Refresh Token'));
    renderAt('/auth/google/callback?code=code-no-verifier');
    void client.start();
    expect(await screen.findByTestId('auth-callback-error')).toHaveTextContent(
      /started in another tab or browser/,
    );
    expect(calls('/auth/v1/token?grant_type=pkce')).toHaveLength(0);
  });

  it('finishes when the page is unmounted mid-exchange and mounted again (the route guard does that)', async () => {
    window.sessionStorage.setItem(VERIFIER_KEY, VERIFIER);
    let answerExchange: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('refresh_token'))
        return apiError(400, 'INVALID_REFRESH_TOKEN', 'Invalid Refresh Token');
      if (url.includes('grant_type=pkce'))
        return new Promise<Response>((resolve) => (answerExchange = resolve));
      return json(user());
    });
    const entry = '/auth/google/callback?code=code-remount&redirect_to=%2Fportal';
    renderAt(entry);
    void client.start();
    await vi.waitFor(() => expect(calls('/auth/v1/token?grant_type=pkce')).toHaveLength(1));
    cleanup();
    const firstClient = client;
    await act(async () => {
      answerExchange(json(session()));
    });

    // The same client (one per app), a new page instance at the same address.
    const router = createMemoryRouter(
      [
        { path: '/auth/google/callback', element: <AuthCallbackPage /> },
        { path: '/portal', element: <h1>Portal</h1> },
      ],
      { initialEntries: [entry] },
    );
    render(
      <AuthClientContext.Provider value={firstClient}>
        <RouterProvider router={router} />
      </AuthClientContext.Provider>,
    );
    expect(await screen.findByRole('heading', { name: 'Portal' })).toBeInTheDocument();
    expect(calls('/auth/v1/token?grant_type=pkce')).toHaveLength(1);
    expect(screen.queryByTestId('auth-callback-error')).not.toBeInTheDocument();
  });

  it('says there is nothing to finish without a code or an error', async () => {
    renderAt('/auth/callback', '/auth/callback');
    expect(await screen.findByTestId('auth-callback-error')).toHaveTextContent(
      'There is no sign-in to finish here.',
    );
  });
});
