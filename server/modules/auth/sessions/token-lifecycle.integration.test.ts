import { createPublicKey } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  base64url,
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
  UnsecuredJWT,
  type JWK,
  type JWTPayload,
} from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import { loadConfig } from '#server/config/env';
import { authSessions, refreshTokens, signingKeys } from '#server/db/schema/index';
import { createTestApp } from '#test/support/app';
import {
  authed,
  bearer,
  claimsOf,
  errorCode,
  errorOf,
  refresh,
  securityEventsOf,
  setCookiesOf,
  signIn,
  signUp,
  STRONG_PASSWORD,
} from '#test/support/auth';
import { useTestDatabase } from '#test/support/test-app';
import { recordStatements } from '#test/support/statements';
import { SESSION_CHECK_TTL_MS } from './session-check-cache';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const MINUTE = 60_000;
/** The lifetime test refreshes 36 times and the parallel test 10 times: keep the per-IP limit out of the way. */
const ROOMY_LIMITS = { AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '10000' };

describe('token lifecycle', () => {
  const database = useTestDatabase();
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp(database.db, ROOMY_LIMITS);
  });
  afterEach(async () => {
    await t.app.close();
  });

  const getUser = (session: Pick<AuthSession, 'access_token'>) =>
    authed(t.app, session, 'GET', '/auth/v1/user');
  const getUserWith = (authorization: string | undefined) =>
    t.app.inject({
      method: 'GET',
      url: '/auth/v1/user',
      headers: authorization === undefined ? {} : { authorization },
    });

  async function freshSession() {
    const { email, session } = await signUp(t.app);
    return { email, session, userId: session.user.id, sessionId: claimsOf(session.access_token).session_id };
  }

  async function refreshOk(token: string | null) {
    const response = await refresh(t.app, token ?? '');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuthSession>();
  }

  const tokensOfSession = (sessionId: string) =>
    database.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, sessionId));
  const unrevokedTokensOf = (sessionId: string) =>
    database.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt)));
  async function sessionRow(sessionId: string) {
    const [row] = await database.db.select().from(authSessions).where(eq(authSessions.id, sessionId));
    if (!row) throw new Error('no such session');
    return row;
  }

  describe('refresh and rotation', () => {
    it('refresh issues a new refresh token and a working access token for the same session', async () => {
      const { session, sessionId } = await freshSession();
      const rotated = await refreshOk(session.refresh_token);
      expect(rotated.refresh_token).toBeTruthy();
      expect(rotated.refresh_token).not.toBe(session.refresh_token);
      expect(claimsOf(rotated.access_token).session_id).toBe(sessionId);
      expect((await getUser(rotated)).statusCode).toBe(200);
      const rows = await tokensOfSession(sessionId);
      expect(rows).toHaveLength(2);
      expect((await unrevokedTokensOf(sessionId)).map((row) => row.parentId)).toEqual([
        rows.find((row) => row.parentId === null)?.id,
      ]);
    });

    it('a rotated (old) token no longer rotates: presenting it again yields the existing child, not a new one', async () => {
      const { session, sessionId } = await freshSession();
      const child = await refreshOk(session.refresh_token);
      const again = await refreshOk(session.refresh_token);
      expect(again.refresh_token).toBe(child.refresh_token);
      expect(await tokensOfSession(sessionId)).toHaveLength(2);
    });

    it('reusing the parent inside the 10 s window returns the current child with no fork', async () => {
      const { session, sessionId } = await freshSession();
      const child = await refreshOk(session.refresh_token);
      t.clock.advance(9_000);
      const replay = await refreshOk(session.refresh_token);
      expect(replay.refresh_token).toBe(child.refresh_token);
      expect(claimsOf(replay.access_token).session_id).toBe(sessionId);
      const unrevoked = await unrevokedTokensOf(sessionId);
      expect(unrevoked).toHaveLength(1);
      // The child handed out twice still rotates normally afterwards.
      const next = await refreshOk(child.refresh_token);
      expect(next.refresh_token).not.toBe(child.refresh_token);
      expect(await unrevokedTokensOf(sessionId)).toHaveLength(1);
    });

    it('reusing the parent exactly at the end of the window (10 000 ms) is still tolerated', async () => {
      const { session } = await freshSession();
      const child = await refreshOk(session.refresh_token);
      t.clock.advance(10_000);
      expect((await refreshOk(session.refresh_token)).refresh_token).toBe(child.refresh_token);
    });

    it('reusing the parent after the window answers 400 REFRESH_TOKEN_ALREADY_USED', async () => {
      const { session } = await freshSession();
      await refreshOk(session.refresh_token);
      t.clock.advance(10_001);
      const reuse = await refresh(t.app, session.refresh_token ?? '');
      expect(reuse.statusCode).toBe(400);
      expect(errorCode(reuse)).toBe('REFRESH_TOKEN_ALREADY_USED');
    });

    it('reuse after the window ends the whole session: the current child and its access token stop working', async () => {
      const { session, sessionId } = await freshSession();
      const child = await refreshOk(session.refresh_token);
      expect((await getUser(child)).statusCode).toBe(200);
      t.clock.advance(10_001);
      expect((await refresh(t.app, session.refresh_token ?? '')).statusCode).toBe(400);

      const childRefresh = await refresh(t.app, child.refresh_token ?? '');
      expect(childRefresh.statusCode).toBeGreaterThanOrEqual(400);
      expect(childRefresh.statusCode).toBeLessThan(500);
      expect((await getUser(child)).statusCode).toBe(403);
      const row = await sessionRow(sessionId);
      expect(row.endedAt).not.toBeNull();
      expect(row.endReason).toBe('refresh_token_reuse');
      expect(await unrevokedTokensOf(sessionId)).toHaveLength(0);
    });

    it('reuse after the window records exactly one REFRESH_TOKEN_REUSED security event, even when replayed again', async () => {
      const { session, userId, sessionId } = await freshSession();
      await refreshOk(session.refresh_token);
      t.clock.advance(10_001);
      await refresh(t.app, session.refresh_token ?? '');
      await refresh(t.app, session.refresh_token ?? '');
      const events = await securityEventsOf(database.db, userId, 'REFRESH_TOKEN_REUSED');
      expect(events).toHaveLength(1);
      expect(events[0]?.severity).toBe('critical');
      expect(events[0]?.eventDetails).toMatchObject({ session_id: sessionId });
      // The log carries ids, never the token itself.
      expect(JSON.stringify(events[0]?.eventDetails)).not.toContain(session.refresh_token ?? '<none>');
    });

    it('10 parallel refreshes of one token all succeed, agree on one child and leave exactly 1 active token', async () => {
      const { session, sessionId } = await freshSession();
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => refresh(t.app, session.refresh_token ?? '')),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
      const handedOut = new Set(responses.map((response) => response.json<AuthSession>().refresh_token));
      expect(handedOut.size).toBe(1);
      const unrevoked = await unrevokedTokensOf(sessionId);
      expect(unrevoked).toHaveLength(1);
      expect(await tokensOfSession(sessionId)).toHaveLength(2);
      expect((await refresh(t.app, [...handedOut][0] ?? '')).statusCode).toBe(200);
    });

    it('bursts of 10 parallel sign-ups, then 10 parallel refreshes on a cold instance, all succeed (no pool starvation)', async () => {
      // The test database pool has 5 connections: a request inside a transaction must never wait for a
      // second one (signing keys, the refresh-token secret), or a burst holds them all and waits forever.
      const sessions = await Promise.all(Array.from({ length: 10 }, () => freshSession()));
      const cold = await createTestApp(database.db, ROOMY_LIMITS);
      try {
        cold.clock.advance(61_000);
        const responses = await Promise.all(
          sessions.map(({ session }) => refresh(cold.app, session.refresh_token ?? '')),
        );
        expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
      } finally {
        await cold.app.close();
      }
    });

    it('a grandparent presented within the window yields the current grandchild', async () => {
      const { session, sessionId } = await freshSession();
      const child = await refreshOk(session.refresh_token);
      t.clock.advance(2_000);
      const grandchild = await refreshOk(child.refresh_token);
      t.clock.advance(2_000);
      const replay = await refreshOk(session.refresh_token);
      expect(replay.refresh_token).toBe(grandchild.refresh_token);
      expect(await unrevokedTokensOf(sessionId)).toHaveLength(1);
      expect(await tokensOfSession(sessionId)).toHaveLength(3);
    });

    it('a grandparent presented after its own window ends the session', async () => {
      const { session, sessionId } = await freshSession();
      const child = await refreshOk(session.refresh_token);
      t.clock.advance(6_000);
      const grandchild = await refreshOk(child.refresh_token);
      t.clock.advance(5_000);
      const replay = await refresh(t.app, session.refresh_token ?? '');
      expect(errorCode(replay)).toBe('REFRESH_TOKEN_ALREADY_USED');
      expect((await refresh(t.app, grandchild.refresh_token ?? '')).statusCode).not.toBe(200);
      expect((await sessionRow(sessionId)).endedAt).not.toBeNull();
    });

    it('an unknown refresh token answers 400 INVALID_REFRESH_TOKEN', async () => {
      const response = await refresh(t.app, 'not-a-token-we-ever-issued');
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('INVALID_REFRESH_TOKEN');
    });
  });

  describe('sign-out', () => {
    it('logout (local) ends this session: its access and refresh tokens fail', async () => {
      const { session, sessionId } = await freshSession();
      const out = await authed(t.app, session, 'POST', '/auth/v1/logout');
      expect(out.statusCode).toBe(204);
      expect((await getUser(session)).statusCode).toBe(403);
      const again = await refresh(t.app, session.refresh_token ?? '');
      expect(again.statusCode).toBe(400);
      expect(errorCode(again)).toBe('SESSION_EXPIRED');
      expect((await sessionRow(sessionId)).endReason).toBe('signed_out');
    });

    it('logout scope=others keeps the current session and ends every other one', async () => {
      const { email, session: first } = await freshSession();
      const second = (await signIn(t.app, email)).json<AuthSession>();
      const third = (await signIn(t.app, email)).json<AuthSession>();
      const out = await authed(t.app, second, 'POST', '/auth/v1/logout?scope=others');
      expect(out.statusCode).toBe(204);
      expect((await getUser(second)).statusCode).toBe(200);
      expect((await refresh(t.app, second.refresh_token ?? '')).statusCode).toBe(200);
      for (const other of [first, third]) {
        expect((await getUser(other)).statusCode).toBe(403);
        expect((await refresh(t.app, other.refresh_token ?? '')).statusCode).toBe(400);
      }
    });

    it('logout scope=global ends every session of the person, including the current one', async () => {
      const { email, session: first } = await freshSession();
      const second = (await signIn(t.app, email)).json<AuthSession>();
      const out = await authed(t.app, first, 'POST', '/auth/v1/logout?scope=global');
      expect(out.statusCode).toBe(204);
      for (const session of [first, second]) {
        expect((await getUser(session)).statusCode).toBe(403);
        expect((await refresh(t.app, session.refresh_token ?? '')).statusCode).toBe(400);
      }
    });

    it('a still-unexpired access token of a session ended from another device answers 401 everywhere', async () => {
      const { email, session: laptop } = await freshSession();
      const phone = (await signIn(t.app, email)).json<AuthSession>();
      expect((await getUser(laptop)).statusCode).toBe(200);
      await authed(t.app, phone, 'POST', '/auth/v1/logout?scope=others');
      // The laptop's token is signed and unexpired, yet its session is over.
      expect(claimsOf(laptop.access_token).exp * 1000).toBeGreaterThan(t.clock.now().getTime());
      const user = await getUser(laptop);
      expect(user.statusCode).toBe(403);
      expect((await authed(t.app, laptop, 'GET', '/auth/v1/sessions')).statusCode).toBe(403);
      expect((await authed(t.app, laptop, 'POST', '/auth/v1/logout')).statusCode).toBe(403);
    });

    it('a password change with sign_out_others ends the other sessions and keeps the current one', async () => {
      const { email, session: current } = await freshSession();
      const other = (await signIn(t.app, email)).json<AuthSession>();
      const change = await authed(t.app, current, 'PUT', '/auth/v1/user', {
        password: 'quartz meadow ferry plum',
        sign_out_others: true,
      });
      expect(change.statusCode, change.body).toBe(200);
      expect((await getUser(current)).statusCode).toBe(200);
      expect((await refresh(t.app, current.refresh_token ?? '')).statusCode).toBe(200);
      expect((await getUser(other)).statusCode).toBe(403);
      expect((await refresh(t.app, other.refresh_token ?? '')).statusCode).toBe(400);
      expect((await signIn(t.app, email, 'quartz meadow ferry plum')).statusCode).toBe(200);
      expect((await signIn(t.app, email, STRONG_PASSWORD)).statusCode).toBe(400);
    });

    it('a password change without sign_out_others leaves the other sessions open', async () => {
      const { email, session: current } = await freshSession();
      const other = (await signIn(t.app, email)).json<AuthSession>();
      const change = await authed(t.app, current, 'PUT', '/auth/v1/user', {
        password: 'quartz meadow ferry plum',
      });
      expect(change.statusCode, change.body).toBe(200);
      expect((await getUser(other)).statusCode).toBe(200);
    });
  });

  describe('idle timeout and absolute lifetime', () => {
    it('after 31 minutes without a refresh, the refresh is refused with SESSION_EXPIRED', async () => {
      const { session, sessionId } = await freshSession();
      t.clock.advance(31 * MINUTE);
      const late = await refresh(t.app, session.refresh_token ?? '');
      expect(late.statusCode).toBe(400);
      expect(errorCode(late)).toBe('SESSION_EXPIRED');
      expect((await sessionRow(sessionId)).endReason).toBe('idle_timeout');
    });

    it('just under 30 minutes without a refresh, the refresh still works and restarts the idle clock', async () => {
      const { session } = await freshSession();
      t.clock.advance(30 * MINUTE - 1_000);
      const rotated = await refreshOk(session.refresh_token);
      t.clock.advance(30 * MINUTE - 1_000);
      await refreshOk(rotated.refresh_token);
    });

    it('the session ends 12 hours after sign-in despite a refresh every 20 minutes', async () => {
      const { session } = await freshSession();
      let current = session;
      // 35 refreshes take the session to 11 h 40 min: every one of them works.
      for (let index = 0; index < 35; index += 1) {
        t.clock.advance(20 * MINUTE);
        current = await refreshOk(current.refresh_token);
      }
      expect((await getUser(current)).statusCode).toBe(200);
      t.clock.advance(20 * MINUTE);
      const atTwelveHours = await refresh(t.app, current.refresh_token ?? '');
      expect(atTwelveHours.statusCode).toBe(400);
      expect(errorCode(atTwelveHours)).toBe('SESSION_EXPIRED');
      expect((await getUser(current)).statusCode).toBe(403);
    });
  });

  describe('access token verification', () => {
    /** The server's real signing key, read from the database, to sign tokens whose only flaw is a claim. */
    async function realKey() {
      const [row] = await database.db.select().from(signingKeys);
      if (!row) throw new Error('no signing key yet');
      return {
        kid: row.kid,
        publicJwk: row.publicJwk as JWK,
        privateKey: await importJWK(row.privateJwk as JWK, 'ES256'),
      };
    }

    async function signWithRealKey(claims: JWTPayload) {
      const { kid, privateKey } = await realKey();
      return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(privateKey);
    }

    it('a token re-signed with the real key and unchanged claims is accepted (the harness below is sound)', async () => {
      const { session } = await freshSession();
      const copy = await signWithRealKey(claimsOf(session.access_token));
      expect((await getUserWith(`Bearer ${copy}`)).statusCode).toBe(200);
    });

    it("refuses alg 'none' tokens (with an empty or a made-up signature)", async () => {
      const { session } = await freshSession();
      const unsigned = new UnsecuredJWT(claimsOf(session.access_token)).encode();
      expect(unsigned.endsWith('.')).toBe(true);
      expect([401, 403]).toContain((await getUserWith(`Bearer ${unsigned}`)).statusCode);
      expect([401, 403]).toContain((await getUserWith(`Bearer ${unsigned}c2ln`)).statusCode);
    });

    it('refuses HS256 tokens signed with the public key bytes (algorithm confusion)', async () => {
      const { session } = await freshSession();
      const { kid, publicJwk } = await realKey();
      const pem = createPublicKey({ key: publicJwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
      const secrets = [
        new TextEncoder().encode(String(pem)),
        new TextEncoder().encode(JSON.stringify(publicJwk)),
        Buffer.concat([base64url.decode(String(publicJwk.x)), base64url.decode(String(publicJwk.y))]),
      ];
      for (const secret of secrets) {
        const forged = await new SignJWT(claimsOf(session.access_token))
          .setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' })
          .sign(secret);
        expect((await getUserWith(`Bearer ${forged}`)).statusCode).toBe(403);
      }
    });

    it('refuses a token whose kid is unknown', async () => {
      const { session } = await freshSession();
      const { privateKey } = await generateKeyPair('ES256');
      const forged = await new SignJWT(claimsOf(session.access_token))
        .setProtectedHeader({ alg: 'ES256', kid: 'no-such-key', typ: 'JWT' })
        .sign(privateKey);
      expect((await getUserWith(`Bearer ${forged}`)).statusCode).toBe(403);
    });

    it('refuses a token with the real kid but signed by another key', async () => {
      const { session } = await freshSession();
      const { kid } = await realKey();
      const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
      expect((await exportJWK(publicKey)).x).not.toBe((await realKey()).publicJwk.x);
      const forged = await new SignJWT(claimsOf(session.access_token))
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .sign(privateKey);
      expect((await getUserWith(`Bearer ${forged}`)).statusCode).toBe(403);
    });

    it('accepts a token until its exp and refuses it once the clock passes exp', async () => {
      const { session } = await freshSession();
      t.clock.advance(899_000);
      expect((await getUser(session)).statusCode).toBe(200);
      t.clock.advance(2_000);
      const expired = await getUser(session);
      expect(expired.statusCode).toBe(403);
      expect(errorCode(expired)).toBe('UNAUTHENTICATED');
    });

    it('refuses a token whose payload was tampered with (sub changed, signature kept)', async () => {
      const victim = await freshSession();
      const attacker = await freshSession();
      const [header, , signature] = attacker.session.access_token.split('.');
      const payload = { ...claimsOf(attacker.session.access_token), sub: victim.userId };
      const tampered = `${header}.${base64url.encode(JSON.stringify(payload))}.${signature}`;
      expect((await getUserWith(`Bearer ${tampered}`)).statusCode).toBe(403);
    });

    it('refuses a correctly signed token with the wrong aud', async () => {
      const { session } = await freshSession();
      const forged = await signWithRealKey({ ...claimsOf(session.access_token), aud: 'service_role' });
      expect((await getUserWith(`Bearer ${forged}`)).statusCode).toBe(403);
    });

    it('refuses a correctly signed token with the wrong iss', async () => {
      const { session } = await freshSession();
      const forged = await signWithRealKey({
        ...claimsOf(session.access_token),
        iss: 'https://evil.example/auth/v1',
      });
      expect((await getUserWith(`Bearer ${forged}`)).statusCode).toBe(403);
    });

    it('refuses garbage in the Authorization header', async () => {
      for (const value of [
        'Bearer garbage',
        'Bearer a.b.c',
        'Bearer ',
        'Bearer ....',
        `Bearer ${'x'.repeat(5000)}`,
      ]) {
        const response = await getUserWith(value);
        // GoTrue: a bearer that is not a valid JWT is 403 bad_jwt; no bearer at all is 401 no_authorization.
        expect([401, 403], value.slice(0, 20)).toContain(response.statusCode);
      }
    });

    it('refuses a request with no bearer token (no header, another scheme, the bare token)', async () => {
      const { session } = await freshSession();
      const missing = await getUserWith(undefined);
      expect(missing.statusCode).toBe(401);
      expect(errorOf(missing).message).toBe('This endpoint requires a valid Bearer token');
      expect(errorOf(missing).authCode).toBe('no_authorization');
      expect((await getUserWith(`Token ${session.access_token}`)).statusCode).toBe(401);
      expect((await getUserWith(session.access_token)).statusCode).toBe(401);
      expect((await getUserWith(`Basic ${Buffer.from('a:b').toString('base64')}`)).statusCode).toBe(401);
    });
  });

  describe('cookie mode', () => {
    const cookieHeaders = { 'x-refresh-cookie': '1' };

    function refreshCookie(
      response: Awaited<ReturnType<TestApp['app']['inject']>>,
      name = 'wellspring-refresh',
    ) {
      const cookie = setCookiesOf(response).find((line) => line.startsWith(`${name}=`));
      if (!cookie) throw new Error(`no ${name} cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
      return { line: cookie, value: cookie.slice(name.length + 1).split(';')[0] ?? '' };
    }

    it('sign-in in cookie mode puts the refresh token only in an HttpOnly, SameSite=Strict cookie on /auth/v1', async () => {
      const { email } = await freshSession();
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        headers: cookieHeaders,
        payload: { email, password: STRONG_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<AuthSession>().refresh_token).toBeNull();
      const { line, value } = refreshCookie(response);
      expect(value.length).toBeGreaterThan(20);
      expect(line).toMatch(/;\s*HttpOnly/i);
      expect(line).toMatch(/;\s*SameSite=Strict/i);
      expect(line).toMatch(/;\s*Path=\/auth\/v1(;|$)/);
      expect(response.body).not.toContain(value);
    });

    it('sign-up in cookie mode also answers refresh_token null with the cookie set', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/signup',
        headers: cookieHeaders,
        payload: { email: `cookie.${Date.now()}@example.test`, password: STRONG_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<AuthSession>().refresh_token).toBeNull();
      expect(refreshCookie(response).value).not.toBe('');
    });

    it('a refresh with only the cookie works, rotates the cookie, and the new cookie works too', async () => {
      const { email } = await freshSession();
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        headers: cookieHeaders,
        payload: { email, password: STRONG_PASSWORD },
      });
      const first = refreshCookie(signedIn).value;
      const rotated = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        headers: { ...cookieHeaders, cookie: `wellspring-refresh=${first}` },
        payload: {},
      });
      expect(rotated.statusCode, rotated.body).toBe(200);
      expect(rotated.json<AuthSession>().refresh_token).toBeNull();
      const second = refreshCookie(rotated);
      expect(second.value).not.toBe(first);
      expect(second.line).toMatch(/HttpOnly/i);
      expect((await getUser(rotated.json<AuthSession>())).statusCode).toBe(200);
      t.clock.advance(11_000);
      const next = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        headers: { ...cookieHeaders, cookie: `wellspring-refresh=${second.value}` },
        payload: {},
      });
      expect(next.statusCode).toBe(200);
    });

    it('a cookie-mode refresh without the cookie answers INVALID_REFRESH_TOKEN', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        headers: cookieHeaders,
        payload: {},
      });
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('INVALID_REFRESH_TOKEN');
    });

    it('behind https the cookie is __Secure- prefixed and Secure', async () => {
      const secure = await createTestApp(database.db, {
        ...ROOMY_LIMITS,
        PUBLIC_URL: 'https://wellspring.example',
      });
      try {
        const { email } = await signUp(secure.app);
        const response = await secure.app.inject({
          method: 'POST',
          url: '/auth/v1/token?grant_type=password',
          headers: cookieHeaders,
          payload: { email, password: STRONG_PASSWORD },
        });
        const { line } = refreshCookie(response, '__Secure-wellspring-refresh');
        expect(line).toMatch(/;\s*Secure/i);
        expect(line).toMatch(/;\s*HttpOnly/i);
      } finally {
        await secure.app.close();
      }
    });
  });

  describe('keys and claims', () => {
    it('the JWKS endpoint serves the kid used in access tokens, as a public ES256 key only', async () => {
      const { session } = await freshSession();
      const header = JSON.parse(
        Buffer.from(session.access_token.split('.')[0] ?? '', 'base64url').toString(),
      );
      expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
      const response = await t.app.inject({ method: 'GET', url: '/auth/v1/.well-known/jwks.json' });
      expect(response.statusCode).toBe(200);
      const { keys } = response.json<{ keys: JWK[] }>();
      const key = keys.find((candidate) => candidate.kid === header.kid);
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      expect(key).not.toHaveProperty('d');
    });

    it('access tokens carry sub, session_id, aal, amr and exp - iat = 900 s by default', async () => {
      const { session, userId } = await freshSession();
      const claims = claimsOf(session.access_token);
      expect(claims.sub).toBe(userId);
      expect(claims.aal).toBe('aal1');
      expect(claims.amr.map((entry) => entry.method)).toEqual(['password']);
      expect(claims.aud).toBe('authenticated');
      expect(claims.iss).toBe(`${t.config.publicUrl}/auth/v1`);
      expect(claims.exp - claims.iat).toBe(900);
      expect(session.expires_in).toBe(900);
      expect(session.expires_at).toBe(claims.exp);
      expect((await sessionRow(claims.session_id)).userId).toBe(userId);
    });

    it('the access token lifetime follows ACCESS_TOKEN_TTL_SECONDS, which cannot exceed 3600', async () => {
      const short = await createTestApp(database.db, { ...ROOMY_LIMITS, ACCESS_TOKEN_TTL_SECONDS: '600' });
      try {
        const { session } = await signUp(short.app);
        const claims = claimsOf(session.access_token);
        expect(claims.exp - claims.iat).toBe(600);
        expect(session.expires_in).toBe(600);
      } finally {
        await short.app.close();
      }
      expect(() =>
        loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '3601', SESSION_IDLE_TIMEOUT_MINUTES: '120' }),
      ).toThrow(/ACCESS_TOKEN_TTL_SECONDS/);
      expect(
        loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '3600', SESSION_IDLE_TIMEOUT_MINUTES: '120' }).auth
          .accessTokenTtlSeconds,
      ).toBe(3600);
    });

    it('a refreshed access token keeps the session id and carries the session aal', async () => {
      const { session, sessionId } = await freshSession();
      t.clock.advance(5 * MINUTE);
      const rotated = await refreshOk(session.refresh_token);
      const claims = claimsOf(rotated.access_token);
      expect(claims.session_id).toBe(sessionId);
      expect(claims.aal).toBe('aal1');
      expect(claims.iat).toBe(claimsOf(session.access_token).iat + 300);
      expect(bearer(rotated).authorization).toBe(`Bearer ${rotated.access_token}`);
    });
  });

  describe('two instances on one database (the session check is remembered for 2 s per instance)', () => {
    it('a session ended on one instance is refused on the other within SESSION_CHECK_TTL_MS', async () => {
      const other = await createTestApp(database.db, ROOMY_LIMITS);
      try {
        const { session } = await freshSession();
        // The other instance checks the session and remembers it as open.
        expect((await authed(other.app, session, 'GET', '/auth/v1/user')).statusCode).toBe(200);
        // Signed out on this instance: refused here at once.
        expect((await authed(t.app, session, 'POST', '/auth/v1/logout')).statusCode).toBe(204);
        expect((await getUser(session)).statusCode).toBe(403);
        // The other instance may still take it until its remembered check is SESSION_CHECK_TTL_MS old,
        // and never after.
        other.clock.advance(SESSION_CHECK_TTL_MS);
        const after = await authed(other.app, session, 'GET', '/auth/v1/user');
        expect(after.statusCode).toBe(403);
        expect(errorCode(after)).toBe('SESSION_EXPIRED');
      } finally {
        await other.app.close();
      }
    });

    it('with both instances listening, the other one refuses it as soon as the change commits, and keeps open sessions longer meanwhile', async () => {
      const other = await createTestApp(database.db, ROOMY_LIMITS);
      try {
        for (const app of [t.app, other.app]) await app.listen({ port: 0, host: '127.0.0.1' });
        // The session-change listeners connect in the background once the apps listen.
        for (
          let waited = 0;
          !(t.app.sessionChanges.pushed() && other.app.sessionChanges.pushed());
          waited += 1
        ) {
          if (waited > 500) throw new Error('the session-change listeners never started');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        const { session } = await freshSession();
        expect((await authed(other.app, session, 'GET', '/auth/v1/user')).statusCode).toBe(200);
        // Past the short TTL the other instance still answers from what it remembered: no session read.
        other.clock.advance(SESSION_CHECK_TTL_MS + 1);
        const { result: kept, statements } = await recordStatements(() =>
          authed(other.app, session, 'GET', '/auth/v1/user'),
        );
        expect(kept.statusCode).toBe(200);
        expect(statements.filter((text) => text.includes('"auth_sessions"'))).toEqual([]);
        // Signed out on this instance: the trigger's notification reaches the other one when the change
        // commits, so it refuses the session without any clock moving.
        expect((await authed(t.app, session, 'POST', '/auth/v1/logout')).statusCode).toBe(204);
        const deadline = Date.now() + 10_000;
        let refused = await authed(other.app, session, 'GET', '/auth/v1/user');
        while (refused.statusCode === 200 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          refused = await authed(other.app, session, 'GET', '/auth/v1/user');
        }
        expect(refused.statusCode).toBe(403);
        expect(errorCode(refused)).toBe('SESSION_EXPIRED');
      } finally {
        await other.app.close();
      }
    });
  });
});
