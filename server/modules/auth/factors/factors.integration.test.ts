import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthSession, AuthUser } from '#contracts/auth';
import { createTestApp } from '#test/support/app';
import { authed, claimsOf, errorCode, refresh, securityEventsOf, signIn, signUp } from '#test/support/auth';
import { useTestDatabase } from '#test/support/test-app';
import { totpCode, totpStep } from './totp';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Enrolled = {
  id: string;
  type: 'totp';
  friendly_name: string | null;
  totp: { secret: string; uri: string; qr_code: string };
};

const MINUTE = 60_000;
/** The manual clock starts on a 30 s boundary; half a step in, ±1 step is unambiguous. */
const HALF_STEP = 15_000;

describe('TOTP second factors', () => {
  const database = useTestDatabase();
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp(database.db, { AUTH_RATE_LIMIT_MAX: '10000' });
    t.clock.advance(HALF_STEP);
  });
  afterEach(async () => {
    await t.app.close();
  });

  const nowStep = () => totpStep(t.clock.now());

  async function enroll(session: Pick<AuthSession, 'access_token'>, name?: string) {
    const response = await authed(t.app, session, 'POST', '/auth/v1/factors', {
      factor_type: 'totp',
      ...(name ? { friendly_name: name } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Enrolled>();
  }

  async function challenge(session: Pick<AuthSession, 'access_token'>, factorId: string) {
    const response = await authed(t.app, session, 'POST', `/auth/v1/factors/${factorId}/challenge`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ id: string; type: 'totp'; expires_at: number }>();
  }

  const verify = (
    session: Pick<AuthSession, 'access_token'>,
    factorId: string,
    challengeId: string,
    code: string,
  ) =>
    authed(t.app, session, 'POST', `/auth/v1/factors/${factorId}/verify`, {
      challenge_id: challengeId,
      code,
    });

  /** Challenge + verify with the code of `step` (default: the current step). */
  async function answer(session: Pick<AuthSession, 'access_token'>, factor: Enrolled, step = nowStep()) {
    const { id } = await challenge(session, factor.id);
    return verify(session, factor.id, id, totpCode(factor.totp.secret, step));
  }

  /** A person with a verified factor, plus an aal1 session signed in afterwards. */
  async function personWithVerifiedFactor() {
    const { email, session } = await signUp(t.app);
    const factor = await enroll(session);
    const elevated = await answer(session, factor);
    expect(elevated.statusCode, elevated.body).toBe(200);
    const fresh = (await signIn(t.app, email)).json<AuthSession>();
    expect(claimsOf(fresh.access_token).aal).toBe('aal1');
    return { email, factor, firstSession: session, aal2: elevated.json<AuthSession>(), aal1: fresh };
  }

  const wrongCode = (factor: Enrolled) => {
    const near = new Set([-1, 0, 1].map((offset) => totpCode(factor.totp.secret, nowStep() + offset)));
    return ['000000', '111111', '222222', '333333'].find((code) => !near.has(code)) ?? '444444';
  };

  it('enrolment returns a base32 secret, an otpauth URI and a QR code; the factor starts unverified', async () => {
    const { session } = await signUp(t.app);
    const factor = await enroll(session, 'Phone');
    expect(factor.friendly_name).toBe('Phone');
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/Wellspring(:|%3A)/);
    // The SVG itself, as GoTrue answers it (auth-js and the web app make the data: URL).
    expect(factor.totp.qr_code).toMatch(/^<svg/);
    const user = (await authed(t.app, session, 'GET', '/auth/v1/user')).json<AuthUser>();
    expect(user.factors).toEqual([
      expect.objectContaining({ id: factor.id, status: 'unverified', factor_type: 'totp' }),
    ]);
  });

  it('abandoned set-ups do not pile up: expired after 5 minutes (not listed, deleted on the next enrolment), and verifying one deletes the others', async () => {
    const { session } = await signUp(t.app);
    const listed = async () =>
      (await authed(t.app, session, 'GET', '/auth/v1/user'))
        .json<AuthUser>()
        .factors.map((factor) => `${factor.id}:${factor.status}`);
    const abandoned = await enroll(session);
    t.clock.advance(4 * MINUTE);
    const second = await enroll(session);
    expect(await listed()).toEqual([`${abandoned.id}:unverified`, `${second.id}:unverified`]);
    // Past GoTrue's factor_expiry_duration (300 s) the first set-up is no longer listed...
    t.clock.advance(2 * MINUTE);
    expect(await listed()).toEqual([`${second.id}:unverified`]);
    const rowsFor = async () =>
      (
        await database.pool.query<{ id: string }>(
          'select id from mfa_factors where user_id = $1 order by created_at',
          [session.user.id],
        )
      ).rows.map((row) => row.id);
    expect(await rowsFor()).toEqual([abandoned.id, second.id]);
    // ...and the next enrolment deletes it.
    const third = await enroll(session);
    expect(await rowsFor()).toEqual([second.id, third.id]);
    // Verifying one set-up deletes the person's other unfinished ones.
    const elevated = await answer(session, third);
    expect(elevated.statusCode, elevated.body).toBe(200);
    expect(await rowsFor()).toEqual([third.id]);
    expect(await listed()).toEqual([`${third.id}:verified`]);
    // An expired set-up cannot be verified any more.
    const late = await enroll(elevated.json<AuthSession>());
    t.clock.advance(6 * MINUTE);
    const afterExpiry = await authed(
      t.app,
      elevated.json<AuthSession>(),
      'POST',
      `/auth/v1/factors/${late.id}/challenge`,
    );
    expect(afterExpiry.statusCode).toBe(404);
  });

  it('enrol → challenge → verify with the current code gives an aal2 session and verifies the factor', async () => {
    const { session } = await signUp(t.app);
    const sessionId = claimsOf(session.access_token).session_id;
    const factor = await enroll(session);
    const { id: challengeId, expires_at } = await challenge(session, factor.id);
    expect(expires_at).toBe(Math.floor(t.clock.now().getTime() / 1000) + 300);
    // The guard has just read (and remembered) this session at aal1.
    const aalOf = async () => (await authed(t.app, session, 'GET', '/api/me')).json<{ aal: string }>().aal;
    expect(await aalOf()).toBe('aal1');
    const response = await verify(session, factor.id, challengeId, totpCode(factor.totp.secret, nowStep()));
    expect(response.statusCode, response.body).toBe(200);
    // The session's own aal is authoritative: even the token issued before the verify is aal2 at once.
    expect(await aalOf()).toBe('aal2');
    const elevated = response.json<AuthSession>();
    const claims = claimsOf(elevated.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.session_id).toBe(sessionId);
    expect(claims.amr.map((entry) => entry.method)).toEqual(['password', 'totp']);
    expect(elevated.user.factors[0]?.status).toBe('verified');
    // The refresh token stays where it is; refreshing keeps the session at aal2.
    expect(elevated.refresh_token).toBeNull();
    const refreshed = await refresh(t.app, session.refresh_token ?? '');
    expect(claimsOf(refreshed.json<AuthSession>().access_token).aal).toBe('aal2');
    expect(await securityEventsOf(database.db, session.user.id, 'MFA_VERIFIED')).toHaveLength(1);
  });

  it('a code is usable once: the same code on a new challenge is refused, and a used challenge cannot be answered again', async () => {
    const { session } = await signUp(t.app);
    const factor = await enroll(session);
    const code = totpCode(factor.totp.secret, nowStep());
    const first = await challenge(session, factor.id);
    expect((await verify(session, factor.id, first.id, code)).statusCode).toBe(200);

    const second = await challenge(session, factor.id);
    const replay = await verify(session, factor.id, second.id, code);
    expect(replay.statusCode).toBe(422);
    expect(errorCode(replay)).toBe('INVALID_CODE');

    t.clock.advance(30_000);
    const usedChallenge = await verify(session, factor.id, first.id, totpCode(factor.totp.secret, nowStep()));
    expect(errorCode(usedChallenge)).toBe('INVALID_CODE');
    // Control: a fresh challenge with the next step's code works.
    expect((await answer(session, factor)).statusCode).toBe(200);
  });

  it('codes one step either side are accepted', async () => {
    for (const offset of [-1, 1]) {
      const { session } = await signUp(t.app);
      const factor = await enroll(session);
      const response = await answer(session, factor, nowStep() + offset);
      expect(response.statusCode, `offset ${offset}: ${response.body}`).toBe(200);
    }
  });

  it('codes two steps either side are refused', async () => {
    const { session } = await signUp(t.app);
    const factor = await enroll(session);
    for (const offset of [-2, 2, -3, 3]) {
      const response = await answer(session, factor, nowStep() + offset);
      expect(response.statusCode, `offset ${offset}`).toBe(422);
      expect(errorCode(response)).toBe('INVALID_CODE');
    }
    expect((await securityEventsOf(database.db, session.user.id, 'MFA_FAILED')).length).toBe(4);
  });

  it('after a code is used, an older step is refused even inside the ±1 window', async () => {
    const { session } = await signUp(t.app);
    const factor = await enroll(session);
    expect((await answer(session, factor, nowStep() + 1)).statusCode).toBe(200);
    expect(errorCode(await answer(session, factor, nowStep()))).toBe('INVALID_CODE');
  });

  it('more than 5 wrong codes within 5 minutes answers 429, even for the right code, until the window passes', async () => {
    const { session } = await signUp(t.app);
    const factor = await enroll(session);
    const { id } = await challenge(session, factor.id);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await verify(session, factor.id, id, wrongCode(factor));
      expect(response.statusCode, `attempt ${attempt}`).toBe(422);
      expect(errorCode(response)).toBe('INVALID_CODE');
    }
    const sixth = await verify(session, factor.id, id, totpCode(factor.totp.secret, nowStep()));
    expect(sixth.statusCode).toBe(429);
    expect(errorCode(sixth)).toBe('RATE_LIMITED');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    const newChallenge = await authed(t.app, session, 'POST', `/auth/v1/factors/${factor.id}/challenge`);
    expect(newChallenge.statusCode).toBe(429);

    t.clock.advance(10 * MINUTE + 1_000);
    expect((await answer(session, factor)).statusCode).toBe(200);
  });

  it('wrong codes late in an old challenge still count once a new challenge starts (no reset by re-challenging)', async () => {
    const { session } = await signUp(t.app);
    const factor = await enroll(session);
    const old = await challenge(session, factor.id);
    t.clock.advance(4 * MINUTE + 50_000);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(errorCode(await verify(session, factor.id, old.id, wrongCode(factor)))).toBe('INVALID_CODE');
    }
    // 15 s later the old challenge has expired, but the 5 wrong codes are only seconds old.
    t.clock.advance(15_000);
    const again = await authed(t.app, session, 'POST', `/auth/v1/factors/${factor.id}/challenge`);
    expect(again.statusCode, again.body).toBe(429);
  });

  it('a challenge expires after 5 minutes', async () => {
    const { session } = await signUp(t.app);
    const factor = await enroll(session);
    const { id } = await challenge(session, factor.id);
    t.clock.advance(5 * MINUTE + 1_000);
    const late = await verify(session, factor.id, id, totpCode(factor.totp.secret, nowStep()));
    expect(late.statusCode).toBe(422);
    expect(errorCode(late)).toBe('INVALID_CODE');
  });

  it('someone else’s factor is not found', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const factor = await enroll(owner.session);
    const response = await authed(t.app, other.session, 'POST', `/auth/v1/factors/${factor.id}/challenge`);
    expect(response.statusCode).toBe(404);
    const removal = await authed(t.app, other.session, 'DELETE', `/auth/v1/factors/${factor.id}`);
    expect(removal.statusCode).toBe(404);
  });

  it('unenrolling a verified factor needs aal2', async () => {
    const { factor, aal1 } = await personWithVerifiedFactor();
    const denied = await authed(t.app, aal1, 'DELETE', `/auth/v1/factors/${factor.id}`);
    expect(denied.statusCode).toBe(422); // GoTrue: 422 insufficient_aal for unenrolling a verified factor
    expect(errorCode(denied)).toBe('INSUFFICIENT_AAL');

    t.clock.advance(30_000);
    const elevated = await answer(aal1, factor);
    expect(elevated.statusCode).toBe(200);
    const removed = await authed(
      t.app,
      elevated.json<AuthSession>(),
      'DELETE',
      `/auth/v1/factors/${factor.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ id: factor.id });
    const user = (await authed(t.app, aal1, 'GET', '/auth/v1/user')).json<AuthUser>();
    expect(user.factors).toEqual([]);
  });

  it('an unverified factor can be removed at aal1', async () => {
    const { session } = await signUp(t.app);
    const factor = await enroll(session);
    expect((await authed(t.app, session, 'DELETE', `/auth/v1/factors/${factor.id}`)).statusCode).toBe(200);
  });

  it('enrolling a second factor needs aal2 once one is verified (and not before)', async () => {
    const { session } = await signUp(t.app);
    await enroll(session, 'First');
    await enroll(session, 'Second, before any is verified');

    const { factor, aal1, aal2 } = await personWithVerifiedFactor();
    const denied = await authed(t.app, aal1, 'POST', '/auth/v1/factors', { factor_type: 'totp' });
    expect(denied.statusCode).toBe(403);
    expect(errorCode(denied)).toBe('INSUFFICIENT_AAL');
    const allowed = await authed(t.app, aal2, 'POST', '/auth/v1/factors', { factor_type: 'totp' });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json<Enrolled>().id).not.toBe(factor.id);
  });

  it('a sensitive PUT /user on an account with a verified factor needs aal2 (INSUFFICIENT_AAL)', async () => {
    const { factor, aal1 } = await personWithVerifiedFactor();
    for (const change of [
      { password: 'copper kettle lagoon drift' },
      { email: `new.${Date.now()}@example.test` },
    ]) {
      const denied = await authed(t.app, aal1, 'PUT', '/auth/v1/user', change);
      expect(denied.statusCode, JSON.stringify(change)).toBe(403);
      expect(errorCode(denied)).toBe('INSUFFICIENT_AAL');
    }
    // A non-sensitive change needs no second factor.
    expect((await authed(t.app, aal1, 'PUT', '/auth/v1/user', { data: { nickname: 'Jo' } })).statusCode).toBe(
      200,
    );

    t.clock.advance(30_000);
    const elevated = (await answer(aal1, factor)).json<AuthSession>();
    const allowed = await authed(t.app, elevated, 'PUT', '/auth/v1/user', {
      password: 'copper kettle lagoon drift',
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('a new sign-in on an account with a verified factor starts at aal1 and reaches aal2 with a code', async () => {
    const { factor, aal1 } = await personWithVerifiedFactor();
    t.clock.advance(30_000);
    const elevated = await answer(aal1, factor);
    expect(claimsOf(elevated.json<AuthSession>().access_token).aal).toBe('aal2');
    expect(claimsOf(elevated.json<AuthSession>().access_token).session_id).toBe(
      claimsOf(aal1.access_token).session_id,
    );
  });
});
