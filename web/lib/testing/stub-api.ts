import { vi } from 'vitest';
import type { AuthSession, Me } from '../../../contracts/auth';

/**
 * Web tests only: a fetch stub answering by "METHOD /path" (query ignored), recording every call,
 * plus builders for the session and /api/me bodies the real server sends.
 */
export type StubResponse = { status?: number; body?: unknown; headers?: Record<string, string> };
export type StubHandler = (request: {
  url: URL;
  method: string;
  body: unknown;
}) => StubResponse | Promise<StubResponse>;

export function stubApi(routes: Record<string, StubHandler | StubResponse>) {
  const calls: { method: string; path: string; search: string; body: unknown }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, search: url.search, body });
    const route = routes[`${method} ${url.pathname}`];
    const answer: StubResponse = route
      ? typeof route === 'function'
        ? await route({ url, method, body })
        : route
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No such endpoint.', requestId: 'r' } } };
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), {
      status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    fetch: fetchStub,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

const base64url = (value: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(value)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export const USER_ID = '00000000-0000-4000-8000-000000000001';

/** An access token whose claims the browser can read (the signature is not checked by the browser). */
export const fakeAccessToken = (aal: 'aal1' | 'aal2' = 'aal1', sub = USER_ID) =>
  `${base64url(JSON.stringify({ alg: 'ES256', kid: 'k' }))}.${base64url(
    JSON.stringify({ sub, session_id: 'sess-1', aal, exp: Math.floor(Date.now() / 1000) + 900 }),
  )}.signature`;

export function buildSession({
  aal = 'aal1',
  verifiedFactor = false,
  userId = USER_ID,
  email = 'maya@example.test',
}: { aal?: 'aal1' | 'aal2'; verifiedFactor?: boolean; userId?: string; email?: string } = {}): AuthSession {
  const now = new Date().toISOString();
  return {
    access_token: fakeAccessToken(aal, userId),
    token_type: 'bearer',
    expires_in: 900,
    expires_at: Math.floor(Date.now() / 1000) + 900,
    refresh_token: null,
    user: {
      id: userId,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: null,
      email_confirmed_at: now,
      phone_confirmed_at: null,
      last_sign_in_at: now,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Maya Thompson' },
      identities: [],
      factors: verifiedFactor
        ? [
            {
              id: '00000000-0000-4000-8000-0000000000f1',
              friendly_name: null,
              factor_type: 'totp',
              status: 'verified',
              created_at: now,
              updated_at: now,
            },
          ]
        : [],
      created_at: now,
      updated_at: now,
    },
  };
}

export function buildMe(overrides: Partial<Me> = {}): Me {
  return {
    user_id: USER_ID,
    email: 'maya@example.test',
    full_name: 'Maya Thompson',
    created_at: new Date(Date.now() - 60 * 60_000).toISOString(),
    roles: ['client'],
    active_role: 'client',
    admin: null,
    aal: 'aal1',
    has_verified_factor: false,
    is_guest: false,
    ...overrides,
  };
}

export const apiError = (status: number, code: string, message = 'Failed') => ({
  status,
  body: { error: { code, message, requestId: 'req-1' } },
});
