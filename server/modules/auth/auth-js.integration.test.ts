import type { AddressInfo } from 'node:net';
import {
  AuthApiError,
  type AuthWeakPasswordError,
  GoTrueClient,
  isAuthApiError,
  isAuthWeakPasswordError,
  type Session,
} from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '#domain/clock';
import { MISSING_CREDENTIALS } from '#contracts/auth';
import { buildApp, type App } from '#server/app';
import { loadConfig } from '#server/config/env';
import { createLogCapture } from '#test/support/app';
import { latestCode, STRONG_PASSWORD, uniqueEmail } from '#test/support/auth';
import { useTestDatabase } from '#test/support/test-app';
import { totpCode, totpStep } from './factors/totp';

/**
 * /auth/v1 is shaped like GoTrue (SPEC §7), so the official client
 * @supabase/auth-js works against it unchanged. The real app listens on a loopback port and the
 * client talks to it with its own fetch, from sign-up to recovery.
 */
describe('@supabase/auth-js against /auth/v1', () => {
  const database = useTestDatabase();
  let app: App;
  let url: string;
  /** Real time (auth-js checks expiry against Date.now()), plus an offset the tests can move forward. */
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

  beforeAll(async () => {
    const config = loadConfig({ WEB_DIST_DIR: 'test/fixtures/no-web-build', AUTH_RATE_LIMIT_MAX: '10000' });
    app = await buildApp({
      config,
      db: database.db,
      clock,
      version: 'test',
      logStream: createLogCapture().stream,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/auth/v1`;
  });
  afterAll(async () => {
    await app.close();
  });

  const newClient = () =>
    new GoTrueClient({ url, autoRefreshToken: false, persistSession: false, detectSessionInUrl: false });

  it('signs up, refuses bad input with GoTrue errors, signs in, reads and updates the user', async () => {
    const client = newClient();
    const email = uniqueEmail('authjs');

    // (b) Empty credentials: the SPEC §5 sentence, as GoTrue's validation_failed.
    const empty = await client.signUp({ email: '', password: '' });
    expect(empty.error).toBeInstanceOf(AuthApiError);
    expect(empty.error?.message).toBe(MISSING_CREDENTIALS);
    expect(empty.error?.code).toBe('validation_failed');
    expect(empty.error?.status).toBe(400);

    // (a) A weak password is an AuthWeakPasswordError with reasons; the message is words, not JSON.
    const weak = await client.signUp({ email, password: 'password123' });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);
    expect((weak.error as AuthWeakPasswordError).reasons).toEqual(['guessable']);
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.message).not.toMatch(/[{}]/);

    // the email address as its own password is refused, with the reason.
    const own = await client.signUp({ email, password: email });
    expect(isAuthWeakPasswordError(own.error)).toBe(true);
    expect((own.error as AuthWeakPasswordError).reasons).toEqual(['email']);
    expect(own.error?.message).toMatch(/email address/);

    const signedUp = await client.signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data: { full_name: 'Ada Client' } },
    });
    expect(signedUp.error).toBeNull();
    expect(signedUp.data.user?.email).toBe(email);
    expect(signedUp.data.session?.access_token).toBeTruthy();

    const again = await newClient().signUp({ email, password: STRONG_PASSWORD });
    expect(isAuthApiError(again.error)).toBe(true);
    expect(again.error?.code).toBe('user_already_exists');

    const wrong = await newClient().signInWithPassword({ email, password: 'not the password at all' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');
    expect(wrong.error?.status).toBe(400);

    // The sign-in form's most common typo: a 400 validation error, never a 500.
    const typo = await newClient().signInWithPassword({ email: 'ada.example.test', password: 'x' });
    expect(typo.error?.status).toBe(400);
    expect(typo.error?.code).toBe('validation_failed');

    const signedIn = await client.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session?.user.id).toBe(signedUp.data.user?.id);

    const got = await client.getUser();
    expect(got.error).toBeNull();
    expect(got.data.user?.email).toBe(email);

    const updated = await client.updateUser({ data: { favourite_colour: 'teal' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({
      full_name: 'Ada Client',
      favourite_colour: 'teal',
    });
  });

  it('rotates refresh tokens, refuses a replayed one, and verifies claims with the JWKS', async () => {
    const client = newClient();
    const email = uniqueEmail('authjs-refresh');
    const { data } = await client.signUp({ email, password: STRONG_PASSWORD });
    const first = data.session as Session;

    const refreshed = await client.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session as Session;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).toBeTruthy();

    const claims = await client.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data?.claims.sub).toBe(first.user.id);
    expect(claims.data?.claims.session_id).toBeTruthy();
    expect(claims.data?.header.alg).toBe('ES256');

    // Past the reuse interval, the old token is refused as GoTrue refuses it, and the session ends.
    offsetMs += 15_000;
    const replay = await newClient().refreshSession({ refresh_token: first.refresh_token });
    expect(replay.error?.code).toBe('refresh_token_already_used');
    expect(replay.error?.message).toBe('Invalid Refresh Token: Already Used');

    const unknown = await newClient().refreshSession({ refresh_token: 'x'.repeat(300) });
    expect(unknown.error?.status).toBe(400);
    expect(unknown.error?.code).toBe('validation_failed');
  });

  it('enrols, challenges, verifies, lists and unenrols a TOTP factor, then signs out', async () => {
    const client = newClient();
    const email = uniqueEmail('authjs-mfa');
    await client.signUp({ email, password: STRONG_PASSWORD });

    const enrolled = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(enrolled.error).toBeNull();
    if (!enrolled.data || enrolled.data.type !== 'totp') throw new Error('no totp factor');
    // auth-js adds the data: prefix to the SVG GoTrue answers: it must not be there twice.
    expect(enrolled.data.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    const factorId = enrolled.data.id;

    const challenge = await client.mfa.challenge({ factorId });
    expect(challenge.error).toBeNull();
    const challengeId = challenge.data?.id as string;

    const wrongCode = await client.mfa.verify({ factorId, challengeId, code: '000000' });
    expect(wrongCode.error?.code).toBe('mfa_verification_failed');
    expect(wrongCode.error?.status).toBe(422);

    const secret = enrolled.data.totp.secret;
    const verified = await client.mfa.verify({
      factorId,
      challengeId,
      code: totpCode(secret, totpStep(clock.now())),
    });
    expect(verified.error).toBeNull();
    const aal = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data?.currentLevel).toBe('aal2');

    const listed = await client.mfa.listFactors();
    expect(listed.error).toBeNull();
    expect(listed.data?.totp.map((factor) => factor.id)).toEqual([factorId]);

    const removed = await client.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factorId });
    expect((await client.mfa.listFactors()).data?.all).toEqual([]);

    const missing = await client.mfa.unenroll({ factorId });
    expect(missing.error?.code).toBe('mfa_factor_not_found');

    // (c) POST /logout with no body (auth-js sends a JSON content type and nothing else); the server
    // really ends the session (auth-js would hide a refused logout), so its token stops working.
    const accessToken = (await client.getSession()).data.session?.access_token as string;
    const logout = await fetch(`${url}/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json;charset=UTF-8' },
    });
    expect(logout.status).toBe(204);
    const afterLogout = await newClient().getUser(accessToken);
    expect(afterLogout.error?.name).toBe('AuthSessionMissingError');

    const other = newClient();
    await other.signInWithPassword({ email, password: STRONG_PASSWORD });
    const otherToken = (await other.getSession()).data.session?.access_token as string;
    const signedOut = await other.signOut();
    expect(signedOut.error).toBeNull();
    expect((await other.getSession()).data.session).toBeNull();
    expect((await newClient().getUser(otherToken)).error?.name).toBe('AuthSessionMissingError');
  });

  it('recovers a password with the emailed code', async () => {
    const email = uniqueEmail('authjs-recover');
    await newClient().signUp({ email, password: STRONG_PASSWORD });
    offsetMs += 61_000; // one code per address per minute

    const client = newClient();
    const asked = await client.resetPasswordForEmail(email);
    expect(asked.error).toBeNull();

    const wrong = await client.verifyOtp({ email, token: '000000', type: 'recovery' });
    expect(wrong.error?.code).toBe('otp_expired');
    expect(wrong.error?.status).toBe(403);

    const code = await latestCode(database.db, email, 'auth_recovery');
    const verified = await client.verifyOtp({ email, token: code, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();

    const newPassword = 'meadow copper kettle rain';
    const changed = await client.updateUser({ password: newPassword });
    expect(changed.error).toBeNull();
    const signedIn = await newClient().signInWithPassword({ email, password: newPassword });
    expect(signedIn.error).toBeNull();
  });
});
