import type { AuthState } from '#web/lib/auth/auth-client';

/** The claims of an access token, read without verifying it (the server verifies; this only decides what to show). */
function claimsOf(accessToken: string | null): Record<string, unknown> | null {
  const payload = accessToken?.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function accessTokenAal(accessToken: string | null): 'aal1' | 'aal2' | null {
  const aal = claimsOf(accessToken)?.aal;
  return aal === 'aal1' || aal === 'aal2' ? aal : null;
}

export function accessTokenSessionId(accessToken: string | null): string | null {
  const sessionId = claimsOf(accessToken)?.session_id;
  return typeof sessionId === 'string' ? sessionId : null;
}

export const hasVerifiedFactor = (state: Pick<AuthState, 'user'>) =>
  state.user?.factors.some((factor) => factor.status === 'verified') ?? false;

/** Signed in with a password or code, but the account has an authenticator that was not used yet. */
export const needsSecondFactor = (state: Pick<AuthState, 'status' | 'user' | 'accessToken'>) =>
  state.status === 'signed_in' && hasVerifiedFactor(state) && accessTokenAal(state.accessToken) !== 'aal2';
