import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import { createAuthClient } from './auth-client';

const NOW = new Date().toISOString();
const session = (token: string): AuthSession => ({
  access_token: token,
  token_type: 'bearer',
  expires_in: 900,
  expires_at: Math.floor(Date.now() / 1000) + 900,
  refresh_token: null,
  user: {
    id: 'u-1',
    aud: 'authenticated',
    role: 'authenticated',
    email: 'pat@example.com',
    phone: null,
    email_confirmed_at: NOW,
    phone_confirmed_at: null,
    last_sign_in_at: NOW,
    app_metadata: {},
    user_metadata: {},
    identities: [],
    factors: [],
    created_at: NOW,
    updated_at: NOW,
  },
});
const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * A stand-in server: the first refresh (the page load) answers at once, later refreshes wait until the
 * test releases them; logout answers 204.
 */
function stubServer() {
  let release: (response: Response) => void = () => undefined;
  let count = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('grant_type=refresh_token')) {
        count += 1;
        if (count === 1) return json(session('first'));
        return new Promise<Response>((resolve) => {
          release = resolve;
        });
      }
      if (url.startsWith('/auth/v1/logout')) return json(null, 204);
      throw new Error(`unexpected ${url}`);
    }),
  );
  return { release: (response: Response) => release(response) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('auth client', () => {
  it('a refresh answer that arrives after a sign-out does not sign the person back in', async () => {
    const refreshes = stubServer();
    const client = createAuthClient();
    await client.start();
    expect(client.getState()).toMatchObject({ status: 'signed_in', accessToken: 'first' });

    const inFlight = client.refresh();
    await client.signOut('local', 'timeout');
    refreshes.release(json(session('late')));
    await inFlight;

    expect(client.getState()).toMatchObject({
      status: 'signed_out',
      accessToken: null,
      endReason: 'timeout',
    });
    client.stop();
  });

  it('a refused refresh after a sign-out keeps the sign-out reason', async () => {
    const refreshes = stubServer();
    const client = createAuthClient();
    await client.start();
    const inFlight = client.refresh();
    await client.signOut('local', 'timeout');
    refreshes.release(
      json({ error: { code: 'SESSION_EXPIRED', message: 'Your session has expired.' } }, 401),
    );
    await inFlight;
    expect(client.getState()).toMatchObject({ status: 'signed_out', endReason: 'timeout' });
    client.stop();
  });
});
