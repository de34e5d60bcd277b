/**
 * The browser's half of PKCE for Google sign-in (RFC 7636, S256). The verifier stays in this tab's
 * sessionStorage; only its SHA-256 challenge goes to the server, and the one-time code on the
 * return page is worthless without the verifier.
 */
const VERIFIER_KEY = 'wellspring.google-sign-in.code-verifier';
/** 48 random bytes are 64 base64url characters (RFC 7636 allows 43 to 128). */
const VERIFIER_BYTES = 48;

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function createCodeVerifier(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(VERIFIER_BYTES)));
}

export async function codeChallengeFor(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** Makes a verifier, keeps it for the return page and answers its challenge. */
export async function startPkce(): Promise<string> {
  const verifier = createCodeVerifier();
  const challenge = await codeChallengeFor(verifier);
  window.sessionStorage.setItem(VERIFIER_KEY, verifier);
  return challenge;
}

/** The verifier kept by startPkce, removed as it is read: it serves one exchange. */
export function takeCodeVerifier(): string | null {
  const verifier = window.sessionStorage.getItem(VERIFIER_KEY);
  window.sessionStorage.removeItem(VERIFIER_KEY);
  return verifier;
}
