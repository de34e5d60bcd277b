import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';
import type { Clock } from '#domain/clock';

/** What we keep from a provider's ID token. */
export type ProviderClaims = {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  /** Present only on ID tokens that carry one. */
  nonce: string | null;
  issuer: string;
};

/**
 * A provider step failed. `reason` is safe to log and to store (names and codes only: never a
 * token, a code or a provider response body).
 */
export class OidcError extends Error {
  constructor(
    readonly reason: 'provider_unavailable' | 'exchange_failed' | 'invalid_id_token',
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${reason}: ${detail}`, options);
    this.name = 'OidcError';
  }
}

const SCOPE = 'openid email profile';
const HTTP_TIMEOUT_SECONDS = 10;
/** ID token timestamps may be this far off between the provider's clock and ours. */
const CLOCK_TOLERANCE_SECONDS = 30;
/** Symmetric algorithms would let anyone holding the client secret mint tokens; `none` anyone at all. */
const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A short, secret-free description of an openid-client / jose / fetch error for logs. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown';
  const fields = error as Error & { code?: unknown; error?: unknown; status?: unknown };
  const parts = [error.name];
  if (typeof fields.code === 'string') parts.push(fields.code);
  if (typeof fields.error === 'string') parts.push(fields.error.slice(0, 64));
  if (typeof fields.status === 'number') parts.push(String(fields.status));
  return parts.join(':');
}

function toClaims(payload: JWTPayload | oidc.IDToken, issuer: string): ProviderClaims {
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 500) : null;
  const sub = text(payload.sub);
  if (!sub) throw new OidcError('invalid_id_token', 'missing_sub');
  const email = text(payload.email);
  return {
    sub,
    email: email ? email.toLowerCase() : null,
    // Google sends a boolean; some providers send the string "true".
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    name: text(payload.name),
    picture: text(payload.picture),
    nonce: text(payload.nonce),
    issuer,
  };
}

/**
 * The relying-party side of OpenID Connect with one provider, through openid-client: discovery,
 * the authorization URL (state, nonce, PKCE S256), the code exchange (state, PKCE verifier, nonce
 * and ID token checks) and standalone ID token validation against the provider's JWKS.
 *
 * Every time check uses the injected clock (openid-client's clock skew is set from it per call).
 * Discovery happens on first use and is retried after a failure, so a provider outage at boot does
 * not stop the server.
 */
export function createOidcClient(deps: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  clock: Clock;
}) {
  const issuerUrl = new URL(deps.issuer);
  // Plain HTTP only for a provider on this machine (tests, local development); never over a network.
  const insecure = issuerUrl.protocol === 'http:' && LOOPBACK_HOSTS.has(issuerUrl.hostname);
  let discovered: Promise<oidc.Configuration> | undefined;
  let jwksCache: oidc.ExportedJWKSCache | undefined;
  let remoteJwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  function discover(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(issuerUrl, deps.clientId, deps.clientSecret, undefined, {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
        timeout: HTTP_TIMEOUT_SECONDS,
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw new OidcError('provider_unavailable', describe(error), { cause: error });
      });
    return discovered;
  }

  /** A configuration whose notion of "now" is the injected clock. */
  async function configuration(): Promise<oidc.Configuration> {
    const base = await discover();
    const skewSeconds = Math.round((deps.clock.now().getTime() - Date.now()) / 1000);
    const config = new oidc.Configuration(base.serverMetadata(), deps.clientId, {
      client_secret: deps.clientSecret,
      [oidc.clockSkew]: skewSeconds,
      [oidc.clockTolerance]: CLOCK_TOLERANCE_SECONDS,
    });
    config.timeout = HTTP_TIMEOUT_SECONDS;
    if (insecure) oidc.allowInsecureRequests(config);
    if (jwksCache) oidc.setJwksCache(config, jwksCache);
    return config;
  }

  return {
    /** Where to send the browser: the provider's authorization endpoint with our parameters. */
    async authorizationUrl(params: { state: string; nonce: string; codeVerifier: string }): Promise<string> {
      const config = await configuration();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: deps.redirectUri,
        scope: SCOPE,
        state: params.state,
        nonce: params.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(params.codeVerifier),
        code_challenge_method: 'S256',
      });
      return url.href;
    },

    /**
     * Exchanges the provider's code from the callback query (as it came: code, state, iss…) and
     * validates the ID token (signature, iss, aud, exp, nonce). Returns its claims.
     */
    async exchangeCode(
      callbackQuery: string,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<ProviderClaims> {
      const config = await configuration();
      const currentUrl = new URL(deps.redirectUri);
      currentUrl.search = callbackQuery;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        jwksCache = oidc.getJwksCache(config) ?? jwksCache;
        const claims = tokens.claims();
        if (!claims) throw new OidcError('invalid_id_token', 'missing_id_token');
        return toClaims(claims, config.serverMetadata().issuer);
      } catch (error) {
        if (error instanceof OidcError) throw error;
        throw new OidcError('exchange_failed', describe(error), { cause: error });
      }
    },

    /**
     * Validates an ID token the browser obtained from the provider itself (grant_type=id_token):
     * signature against the provider's JWKS, issuer, audience = our client id, expiry.
     */
    async verifyIdToken(idToken: string): Promise<ProviderClaims> {
      const metadata = (await configuration()).serverMetadata();
      if (!metadata.jwks_uri) throw new OidcError('provider_unavailable', 'no_jwks_uri');
      remoteJwks ??= createRemoteJWKSet(new URL(metadata.jwks_uri), {
        timeoutDuration: HTTP_TIMEOUT_SECONDS * 1000,
      });
      // Google documents both forms of its issuer in ID tokens.
      const issuers =
        issuerUrl.hostname === 'accounts.google.com'
          ? [metadata.issuer, 'accounts.google.com']
          : [metadata.issuer];
      const supported = metadata.id_token_signing_alg_values_supported ?? ['RS256'];
      try {
        const { payload } = await jwtVerify(idToken, remoteJwks, {
          issuer: issuers,
          audience: deps.clientId,
          algorithms: supported.filter((alg) => ASYMMETRIC_ALGORITHMS.includes(alg)),
          currentDate: deps.clock.now(),
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        // With several audiences the token must have been issued to us (OIDC Core §3.1.3.7).
        if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== deps.clientId) {
          throw new OidcError('invalid_id_token', 'azp_mismatch');
        }
        return toClaims(payload, metadata.issuer);
      } catch (error) {
        if (error instanceof OidcError) throw error;
        throw new OidcError('invalid_id_token', describe(error), { cause: error });
      }
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
