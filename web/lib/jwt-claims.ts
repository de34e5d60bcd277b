import { decodeJwt } from 'jose';

/**
 * Reads the claims of our own access token for display decisions only (which screen to show).
 * Nothing here is trusted: the server verifies every token and decides every permission. jose's
 * decodeJwt does the base64url and UTF-8 decoding; it throws on anything that is not a JWT.
 */
export type AccessTokenClaims = { sub?: string; session_id?: string; aal?: 'aal1' | 'aal2'; exp?: number };

export function accessTokenClaims(token: string | null | undefined): AccessTokenClaims | null {
  if (!token) return null;
  let claims: Record<string, unknown>;
  try {
    claims = decodeJwt(token);
  } catch {
    return null;
  }
  return {
    ...(typeof claims.sub === 'string' ? { sub: claims.sub } : {}),
    ...(typeof claims.session_id === 'string' ? { session_id: claims.session_id } : {}),
    ...(claims.aal === 'aal1' || claims.aal === 'aal2' ? { aal: claims.aal } : {}),
    ...(typeof claims.exp === 'number' ? { exp: claims.exp } : {}),
  };
}
