/**
 * Reads the claims of our own access token for display decisions only (which screen to show).
 * Nothing here is trusted: the server verifies every token and decides every permission.
 */
export type AccessTokenClaims = { sub?: string; session_id?: string; aal?: 'aal1' | 'aal2'; exp?: number };

export function accessTokenClaims(token: string | null | undefined): AccessTokenClaims | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const json: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0))),
    );
    if (typeof json !== 'object' || json === null) return null;
    const claims = json as Record<string, unknown>;
    return {
      ...(typeof claims.sub === 'string' ? { sub: claims.sub } : {}),
      ...(typeof claims.session_id === 'string' ? { session_id: claims.session_id } : {}),
      ...(claims.aal === 'aal1' || claims.aal === 'aal2' ? { aal: claims.aal } : {}),
      ...(typeof claims.exp === 'number' ? { exp: claims.exp } : {}),
    };
  } catch {
    return null;
  }
}
