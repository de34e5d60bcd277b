import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  createLocalJWKSet,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import type { Clock } from '#domain/clock';
import type { Database, DbExecutor } from '#server/db/client';
import type { AuthRepository } from '../auth.repository';

/** Claims of our access tokens (SPEC §7, security requirement R5). */
export type AccessClaims = {
  sub: string;
  session_id: string;
  aal: 'aal1' | 'aal2';
  role: 'authenticated';
  email: string | null;
  phone: string | null;
  amr: { method: string; timestamp: number }[];
};

const ALGORITHM = 'ES256';
const AUDIENCE = 'authenticated';
/** Verifiers reload the key set at most this often (the spec's client JWKS cache is 10 minutes). */
const KEY_CACHE_MS = 60_000;
const REFRESH_SECRET_KEY = 'refresh_token_secret';
/**
 * Tokens whose verification is remembered until they expire (the oldest are forgotten first). An ES256
 * check is about a tenth of a chat message's CPU; a tab presents the same token for its whole life.
 * An entry is ~1.5 KB: the cap keeps it to ~15 MB.
 */
export const VERIFIED_TOKEN_CACHE_MAX = 10_000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/**
 * Signs and verifies access tokens with ES256 keys kept in the database (so every instance shares
 * them) and derives refresh tokens. Keys are created on first use.
 */
export function createTokenService(deps: {
  db: Database;
  repository: AuthRepository;
  clock: Clock;
  issuer: string;
  accessTokenTtlSeconds: number;
  /** How many verified tokens are remembered (VERIFIED_TOKEN_CACHE_MAX unless a test sets it). */
  verifiedTokenCacheMax?: number;
}) {
  const verifiedMax = deps.verifiedTokenCacheMax ?? VERIFIED_TOKEN_CACHE_MAX;
  type SigningKeys = Awaited<ReturnType<AuthRepository['findSigningKeys']>>;
  let cache: { at: number; keys: SigningKeys } | undefined;
  /**
   * The verifier for the unretired keys of `keys` (jose imports each key once per set and keeps it): rebuilt
   * when the keys are reloaded (KEY_CACHE_MS, or at once for an unknown kid: a key another instance
   * created) or when one of them retires, never per request.
   */
  let verifier:
    | { keys: SigningKeys; kids: string; live: Set<string>; set: ReturnType<typeof createLocalJWKSet> }
    | undefined;
  /** Imported private keys by kid (a kid is random and never reused). */
  const privateKeys = new Map<string, Awaited<ReturnType<typeof importJWK>>>();
  let refreshSecret: Buffer | undefined;
  /**
   * Tokens verified already, by their exact text (signature included, so nothing unverified is ever
   * taken from here), with their claims, key and expiry. An entry is used only while the token has not
   * expired and its key has not retired; anything else is verified afresh.
   */
  const verified = new Map<string, { claims: AccessClaims; kid: string; expiresAtMs: number }>();

  function remember(token: string, entry: { claims: AccessClaims; kid: string; expiresAtMs: number }) {
    if (verified.size >= verifiedMax) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, entry);
  }

  /**
   * `executor`: signing happens inside sign-in transactions, so keys are read on the transaction's own
   * connection; taking a second pool connection there starves the pool under a burst of sign-ins.
   */
  async function loadKeys(force = false, executor: DbExecutor = deps.db) {
    const now = deps.clock.now().getTime();
    if (!force && cache && now - cache.at < KEY_CACHE_MS) return cache.keys;
    const keys = await deps.repository.findSigningKeys(executor);
    if (keys.length === 0) {
      const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { extractable: true });
      const kid = randomToken(12);
      const at = deps.clock.now();
      // On the caller's connection, and not cached: if the caller's transaction rolls back, the new key
      // goes with it and the next call creates another.
      await deps.repository.insertSigningKey(executor, {
        kid,
        privateJwk: { ...(await exportJWK(privateKey)), kid, alg: ALGORITHM },
        publicJwk: { ...(await exportJWK(publicKey)), kid, alg: ALGORITHM, use: 'sig' },
        createdAt: at,
        activatesAt: at,
      });
      return deps.repository.findSigningKeys(executor);
    }
    cache = { at: now, keys };
    return keys;
  }

  async function signingKey(executor: DbExecutor) {
    const keys = await loadKeys(false, executor);
    // Read the time after loading: a key created just now is active from its creation instant.
    const now = deps.clock.now().getTime();
    const usable = keys.filter(
      (key) => key.activatesAt.getTime() <= now && (!key.retiresAt || key.retiresAt.getTime() > now),
    );
    const key = usable.at(-1);
    if (!key) throw new Error('no active signing key');
    let imported = privateKeys.get(key.kid);
    if (!imported) {
      imported = await importJWK(key.privateJwk as JWK, ALGORITHM);
      privateKeys.set(key.kid, imported);
    }
    return { kid: key.kid, key: imported };
  }

  const unretired = (keys: SigningKeys, now: number) =>
    keys.filter((key) => !key.retiresAt || key.retiresAt.getTime() > now);

  async function jwks(): Promise<JSONWebKeySet> {
    const keys = unretired(await loadKeys(), deps.clock.now().getTime());
    return { keys: keys.map((key) => key.publicJwk as JWK) };
  }

  /** The key set tokens are verified against (see `verifier`). */
  async function verificationKeys(force = false) {
    const keys = await loadKeys(force);
    const live = unretired(keys, deps.clock.now().getTime());
    const kids = live.map((key) => key.kid).join(' ');
    if (verifier?.keys !== keys || verifier.kids !== kids)
      verifier = {
        keys,
        kids,
        live: new Set(live.map((key) => key.kid)),
        set: createLocalJWKSet({ keys: live.map((key) => key.publicJwk as JWK) }),
      };
    return verifier.set;
  }

  /** A full check of signature, kid, exp, iss and aud (no cache); remembered when it passes. */
  async function verifyFully(token: string, force: boolean): Promise<AccessClaims> {
    const { payload, protectedHeader } = await jwtVerify(token, await verificationKeys(force), {
      algorithms: [ALGORITHM],
      issuer: deps.issuer,
      audience: AUDIENCE,
      currentDate: deps.clock.now(),
    });
    const claims = payload as unknown as AccessClaims;
    // jwtVerify has checked exp and the kid; both are present on every token this server signs.
    if (payload.exp !== undefined && protectedHeader.kid)
      remember(token, { claims, kid: protectedHeader.kid, expiresAtMs: payload.exp * 1000 });
    return claims;
  }

  return {
    jwks,

    async signAccessToken(
      claims: AccessClaims,
      executor: DbExecutor = deps.db,
    ): Promise<{ token: string; expiresAt: number; expiresIn: number }> {
      const { kid, key } = await signingKey(executor);
      const issuedAt = Math.floor(deps.clock.now().getTime() / 1000);
      const expiresAt = issuedAt + deps.accessTokenTtlSeconds;
      const token = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: ALGORITHM, kid, typ: 'JWT' })
        .setIssuer(deps.issuer)
        .setAudience(AUDIENCE)
        .setSubject(claims.sub)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt, expiresIn: deps.accessTokenTtlSeconds };
    },

    /**
     * Verifies signature (ES256 only), kid, exp, iss and aud. Returns null for any invalid token. A token
     * verified before is answered from memory while it is unexpired and its key unretired.
     */
    async verifyAccessToken(token: string): Promise<AccessClaims | null> {
      const known = verified.get(token);
      if (known) {
        await verificationKeys(); // the key set as of now (cached): a retired key's tokens fail
        if (known.expiresAtMs > deps.clock.now().getTime() && verifier?.live.has(known.kid))
          return known.claims;
        verified.delete(token);
      }
      try {
        return await verifyFully(token, false);
      } catch (error) {
        // A key created by another instance since our cache was filled: reload once.
        if (error instanceof joseErrors.JWKSNoMatchingKey) {
          try {
            return await verifyFully(token, true);
          } catch {
            return null;
          }
        }
        return null;
      }
    },

    /**
     * A rotated refresh token is derived from its parent with a server secret, so a parent presented
     * again inside the reuse window can be answered with its existing child (only hashes are stored).
     */
    async childRefreshToken(parent: string): Promise<string> {
      if (!refreshSecret) {
        await deps.repository.insertMetaIfAbsent(
          deps.db,
          REFRESH_SECRET_KEY,
          randomToken(32),
          deps.clock.now(),
        );
        refreshSecret = Buffer.from(
          String(await deps.repository.findMeta(deps.db, REFRESH_SECRET_KEY)),
          'base64url',
        );
      }
      return createHmac('sha256', refreshSecret).update(parent).digest('base64url');
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
