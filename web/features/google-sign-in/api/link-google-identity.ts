import { authorizeUrlResponseSchema } from '#contracts/oauth';
import { apiRequest } from '#web/lib/api-client';
import { startPkce } from './google-pkce';

/**
 * GET /auth/v1/user/identities/authorize: asks, as the signed-in person (bearer), where to send the
 * browser to link a Google account. Needs a sign-in in the last 5 minutes (and the authenticator
 * check when one is set up); the server answers REAUTHENTICATION_NEEDED or INSUFFICIENT_AAL otherwise.
 * The caller then navigates to the answered URL; the return page finishes like a sign-in.
 */
export async function googleLinkUrl(options: { redirectTo?: string } = {}): Promise<string> {
  const params = new URLSearchParams({
    provider: 'google',
    code_challenge: await startPkce(),
    code_challenge_method: 's256',
    skip_http_redirect: 'true',
  });
  if (options.redirectTo) params.set('redirect_to', options.redirectTo);
  const { url } = await apiRequest(
    `/auth/v1/user/identities/authorize?${params.toString()}`,
    authorizeUrlResponseSchema,
  );
  return url;
}
