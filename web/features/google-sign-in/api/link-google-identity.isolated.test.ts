import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { googleLinkUrl } from './link-google-identity';

const VERIFIER_KEY = 'wellspring.google-sign-in.code-verifier';

describe('googleLinkUrl', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
  });

  it('asks for the provider URL as JSON with this tab’s S256 challenge and answers it', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ url: 'https://accounts.google.com/o/oauth2/v2/auth?state=x' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const url = await googleLinkUrl({ redirectTo: '/settings' });
    expect(url).toBe('https://accounts.google.com/o/oauth2/v2/auth?state=x');
    const requested = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(requested.pathname).toBe('/auth/v1/user/identities/authorize');
    const verifier = window.sessionStorage.getItem(VERIFIER_KEY) ?? '';
    expect(Object.fromEntries(requested.searchParams)).toEqual({
      provider: 'google',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 's256',
      skip_http_redirect: 'true',
      redirect_to: '/settings',
    });
  });

  it('passes the server refusal on (a sign-in too long ago)', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          error: {
            code: 'REAUTHENTICATION_NEEDED',
            message: 'Please sign in again to change how you sign in.',
            requestId: 'r',
          },
        }),
        { status: 401, headers: { 'content-type': 'application/json' } },
      ),
    );
    await expect(googleLinkUrl()).rejects.toMatchObject({ code: 'REAUTHENTICATION_NEEDED', status: 401 });
  });
});
