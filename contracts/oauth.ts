import { z } from 'zod';

/**
 * Sign-in with an outside provider (Google, OpenID Connect authorization code + PKCE) and identity
 * link/unlink, under /auth/v1 (SPEC §7 Auth API: token grant pkce and id_token, identity link and unlink).
 *
 * The browser keeps its own PKCE verifier: it sends only the S256 challenge to GET /authorize, and
 * after the provider answered it exchanges the one-time `code` from the return page with the
 * verifier at POST /token?grant_type=pkce (contracts/auth.ts pkceGrantBodySchema).
 */

export const OAUTH_PROVIDERS = ['google'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** The web page the server sends the browser back to, with `code` (and `redirect_to`) or `error` + `error_description`. */
export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';

const INTERNAL_BASE = 'http://wellspring.internal';
const MAX_PATH_LENGTH = 2048;

function isForbiddenCharacter(character: string) {
  const code = character.charCodeAt(0);
  return (
    character === '\\' || code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029
  );
}

/**
 * Where to go after signing in: a path on this site only. Anything else — other hosts (`//x`,
 * `/\x`, which browsers read as `//x`), schemes (`https:`, `javascript:`), control characters
 * (which URL parsers silently drop) — becomes the fallback. Returns the normalised path.
 */
export function toInternalPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_PATH_LENGTH) return fallback;
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  // Backslashes, control characters and Unicode line separators never belong in our paths.
  if ([...value].some(isForbiddenCharacter)) return fallback;
  let url: URL;
  try {
    url = new URL(value, INTERNAL_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== INTERNAL_BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A PKCE S256 challenge: base64url of a SHA-256 digest, 43 characters (RFC 7636 §4.2). */
const codeChallengeSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'code_challenge must be the base64url S256 digest of the code verifier.');

const authorizeFields = {
  provider: z.enum(OAUTH_PROVIDERS),
  code_challenge: codeChallengeSchema,
  /** Only S256: `plain` would hand the verifier to anyone who sees the URL. */
  code_challenge_method: z.enum(['s256', 'S256']).default('s256'),
  /** An internal path; anything else falls back to `/` (see toInternalPath). */
  redirect_to: z.string().max(MAX_PATH_LENGTH).optional(),
  /** `true`: answer `{ url }` as JSON instead of a 302 (for callers that cannot follow a redirect, e.g. fetch with a bearer). */
  skip_http_redirect: z.enum(['true', 'false']).optional(),
};

/** GET /auth/v1/authorize: starts a sign-in with the provider. */
export const authorizeQuerySchema = z.object({
  ...authorizeFields,
  /** Role hint for a new account ('client' or 'coach'), kept in user_metadata.role. */
  role: z.enum(['client', 'coach']).optional(),
});

/** GET /auth/v1/user/identities/authorize: a signed-in person links a provider account. */
export const linkAuthorizeQuerySchema = z.object(authorizeFields);

export const authorizeUrlResponseSchema = z.object({ url: z.string() });

/**
 * GET /auth/v1/callback: the provider's answer. Only the fields we read are listed; the whole query
 * (iss, scope, authuser…) is passed on to the OpenID Connect client as it came.
 */
export const oauthCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});

export const identityIdParamsSchema = z.object({ id: z.uuid() });
