import { startPkce } from './google-pkce';

/**
 * GET /auth/v1/authorize for Google (contracts/oauth.ts authorizeQuerySchema): the browser goes
 * there, the server remembers the flow and sends it on to Google.
 */
export async function googleAuthorizeUrl(
  options: { role?: 'client' | 'coach'; redirectTo?: string } = {},
): Promise<string> {
  const params = new URLSearchParams({
    provider: 'google',
    code_challenge: await startPkce(),
    code_challenge_method: 's256',
  });
  if (options.redirectTo) params.set('redirect_to', options.redirectTo);
  if (options.role) params.set('role', options.role);
  return `/auth/v1/authorize?${params.toString()}`;
}
