import { dictionary } from '@zxcvbn-ts/language-common';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MISSING_CREDENTIALS, type AuthSession } from '#contracts/auth';
import { assessPassword } from '#domain/auth/password-strength';
import { signInFailures, users } from '#server/db/schema/index';
import { createTestApp } from '#test/support/app';
import {
  authed,
  errorCode,
  errorOf,
  latestCode,
  outboxFor,
  refresh,
  securityEventsOf,
  signIn,
  signInRaw,
  signUp,
  signUpRaw,
  STRONG_PASSWORD,
  uniqueEmail,
} from '#test/support/auth';
import { useTestDatabase } from '#test/support/test-app';
import { totpCode, totpStep } from './factors/totp';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

const MINUTE = 60_000;
/** For tests about per-account and per-address limits: the per-IP limit must stay out of the way. */
const ROOMY_LIMITS = { AUTH_RATE_LIMIT_MAX: '100000', RATE_LIMIT_MAX: '100000' };
const WRONG_PASSWORD = 'definitely not the password';

/** The 1,000 most common passwords, as zxcvbn-ts ships them (most common first). */
const COMMON_PASSWORDS = dictionary['passwords-common'].slice(0, 1000);

function expectRateLimited(response: Injected, options: { maxRetryAfter?: number } = {}) {
  expect(response.statusCode, response.body).toBe(429);
  expect(errorCode(response)).toBe('RATE_LIMITED');
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  if (options.maxRetryAfter !== undefined) expect(retryAfter).toBeLessThanOrEqual(options.maxRetryAfter);
  return retryAfter;
}

describe('auth abuse resistance', () => {
  const database = useTestDatabase();

  /** A fresh app (its own in-memory per-IP buckets and clock) for the duration of one test. */
  async function withApp<T>(env: Record<string, string>, run: (t: TestApp) => Promise<T>): Promise<T> {
    const t = await createTestApp(database.db, env);
    try {
      return await run(t);
    } finally {
      await t.app.close();
    }
  }

  describe('per-IP limit on every auth endpoint (AUTH_RATE_LIMIT_MAX=3: the 4th call answers 429)', () => {
    const LIMIT_3 = { AUTH_RATE_LIMIT_MAX: '3' };

    /**
     * Runs `call` three times (each must be answered normally, not 429), then a fourth time, which must
     * be refused by the per-IP limiter with a Retry-After no longer than the 60 s window.
     */
    async function expectFourthLimited(t: TestApp, call: (index: number) => Promise<Injected>) {
      for (let index = 0; index < 3; index += 1) {
        const response = await call(index);
        expect(response.statusCode, `call ${index + 1}: ${response.body}`).not.toBe(429);
      }
      const fourth = await call(3);
      expectRateLimited(fourth, { maxRetryAfter: 60 });
      expect(errorOf(fourth).message).toBe('Too many requests. Please wait a moment and try again.');
      return fourth;
    }

    it('POST /signup', () =>
      withApp(LIMIT_3, async (t) => {
        await expectFourthLimited(t, () =>
          signUpRaw(t.app, { email: uniqueEmail('limit'), password: STRONG_PASSWORD }),
        );
      }));

    it('POST /token?grant_type=password (the 4th is refused even with the right password)', () =>
      withApp(LIMIT_3, async (t) => {
        const { email } = await signUp(t.app);
        await expectFourthLimited(t, () => signIn(t.app, email));
      }));

    it('POST /token?grant_type=refresh_token (its own bucket: AUTH_REFRESH_RATE_LIMIT_MAX)', () =>
      withApp({ AUTH_REFRESH_RATE_LIMIT_MAX: '3' }, async (t) => {
        const { session } = await signUp(t.app);
        let token = session.refresh_token ?? '';
        await expectFourthLimited(t, async () => {
          const response = await refresh(t.app, token);
          if (response.statusCode === 200) token = response.json<AuthSession>().refresh_token ?? '';
          return response;
        });
      }));

    it('POST /verify (the 4th is refused even with the right code)', () =>
      withApp(LIMIT_3, async (t) => {
        const { email } = await signUp(t.app);
        const code = await latestCode(database.db, email, 'auth_confirmation');
        const wrong = code === '000000' ? '111111' : '000000';
        await expectFourthLimited(t, (index) =>
          t.app.inject({
            method: 'POST',
            url: '/auth/v1/verify',
            payload: { type: 'signup', email, token: index < 3 ? wrong : code },
          }),
        );
      }));

    it('POST /otp', () =>
      withApp(LIMIT_3, async (t) => {
        await expectFourthLimited(t, () =>
          t.app.inject({
            method: 'POST',
            url: '/auth/v1/otp',
            payload: { email: uniqueEmail('otp-limit'), create_user: false },
          }),
        );
      }));

    it('POST /recover', () =>
      withApp(LIMIT_3, async (t) => {
        await expectFourthLimited(t, () =>
          t.app.inject({
            method: 'POST',
            url: '/auth/v1/recover',
            payload: { email: uniqueEmail('recover-limit') },
          }),
        );
      }));

    it('POST /resend', () =>
      withApp(LIMIT_3, async (t) => {
        const { email } = await signUp(t.app);
        await expectFourthLimited(t, () => {
          // Past the per-address minute, so only the per-IP limit can refuse.
          t.clock.advance(61_000);
          return t.app.inject({ method: 'POST', url: '/auth/v1/resend', payload: { type: 'signup', email } });
        });
      }));

    it('POST /factors/:id/challenge', () =>
      withApp(LIMIT_3, async (t) => {
        const { session } = await signUp(t.app);
        const factor = await authed(t.app, session, 'POST', '/auth/v1/factors', { factor_type: 'totp' });
        expect(factor.statusCode).toBe(200);
        await expectFourthLimited(t, () =>
          authed(t.app, session, 'POST', `/auth/v1/factors/${factor.json().id}/challenge`),
        );
      }));

    it('POST /factors/:id/verify (the 4th is refused even with the right code)', () =>
      withApp(LIMIT_3, async (t) => {
        const { session } = await signUp(t.app);
        const factor = (
          await authed(t.app, session, 'POST', '/auth/v1/factors', { factor_type: 'totp' })
        ).json();
        const challenge = (
          await authed(t.app, session, 'POST', `/auth/v1/factors/${factor.id}/challenge`)
        ).json();
        const right = totpCode(factor.totp.secret, totpStep(t.clock.now()));
        const wrong = right === '000000' ? '111111' : '000000';
        await expectFourthLimited(t, (index) =>
          authed(t.app, session, 'POST', `/auth/v1/factors/${factor.id}/verify`, {
            challenge_id: challenge.id,
            code: index < 3 ? wrong : right,
          }),
        );
      }));

    it('PUT /user', () =>
      withApp(LIMIT_3, async (t) => {
        const { session } = await signUp(t.app);
        await expectFourthLimited(t, (index) =>
          authed(t.app, session, 'PUT', '/auth/v1/user', { data: { nickname: `n${index}` } }),
        );
      }));

    it('GET /reauthenticate', () =>
      withApp(LIMIT_3, async (t) => {
        const { session } = await signUp(t.app);
        await expectFourthLimited(t, () => {
          t.clock.advance(61_000);
          return authed(t.app, session, 'GET', '/auth/v1/reauthenticate');
        });
      }));

    it('a spoofed X-Forwarded-For does not reset the bucket (TRUST_PROXY is false by default)', () =>
      withApp(LIMIT_3, async (t) => {
        const fourth = await expectFourthLimited(t, (index) =>
          t.app.inject({
            method: 'POST',
            url: '/auth/v1/recover',
            headers: { 'x-forwarded-for': `203.0.113.${index + 1}` },
            payload: { email: uniqueEmail('spoof') },
          }),
        );
        expect(fourth.statusCode).toBe(429);
        const spoofedAgain = await t.app.inject({
          method: 'POST',
          url: '/auth/v1/recover',
          headers: { 'x-forwarded-for': '198.51.100.77, 10.0.0.1', 'x-real-ip': '198.51.100.77' },
          payload: { email: uniqueEmail('spoof') },
        });
        expectRateLimited(spoofedAgain);
      }));

    it('control: behind a trusted proxy, X-Forwarded-For does name the client (so the test above can fail)', () =>
      withApp({ ...LIMIT_3, TRUST_PROXY: 'true' }, async (t) => {
        const call = (ip: string) =>
          t.app.inject({
            method: 'POST',
            url: '/auth/v1/recover',
            headers: { 'x-forwarded-for': ip },
            payload: { email: uniqueEmail('proxy') },
          });
        for (let index = 0; index < 3; index += 1) expect((await call('203.0.113.1')).statusCode).toBe(200);
        expectRateLimited(await call('203.0.113.1'));
        expect((await call('203.0.113.2')).statusCode).toBe(200);
      }));
  });

  describe('account lockout', () => {
    it('after 10 wrong passwords the 11th attempt is refused with 429 even with the right password', () =>
      withApp(ROOMY_LIMITS, async (t) => {
        const { email, session } = await signUp(t.app);
        for (let attempt = 1; attempt <= 10; attempt += 1) {
          const response = await signIn(t.app, email, WRONG_PASSWORD);
          expect(response.statusCode, `attempt ${attempt}`).toBe(400);
          expect(errorCode(response)).toBe('INVALID_CREDENTIALS');
        }
        const eleventh = await signIn(t.app, email, STRONG_PASSWORD);
        expect(expectRateLimited(eleventh)).toBe(30);
        const throttled = await securityEventsOf(database.db, session.user.id, 'ACCOUNT_THROTTLED');
        expect(throttled).toHaveLength(1);
      }));

    it('the Retry-After grows with further failures, and the right password works once the lock expires', () =>
      withApp(ROOMY_LIMITS, async (t) => {
        const { email } = await signUp(t.app);
        for (let attempt = 1; attempt <= 10; attempt += 1) await signIn(t.app, email, WRONG_PASSWORD);
        const first = expectRateLimited(await signIn(t.app, email, WRONG_PASSWORD));

        t.clock.advance(first * 1000 + 1_000);
        const failedAgain = await signIn(t.app, email, WRONG_PASSWORD);
        expect(errorCode(failedAgain)).toBe('INVALID_CREDENTIALS');
        const second = expectRateLimited(await signIn(t.app, email, STRONG_PASSWORD));
        expect(second).toBeGreaterThan(first);

        t.clock.advance(second * 1000 + 1_000);
        await signIn(t.app, email, WRONG_PASSWORD);
        const third = expectRateLimited(await signIn(t.app, email, STRONG_PASSWORD));
        expect(third).toBeGreaterThan(second);

        t.clock.advance(third * 1000 + 1_000);
        const unlocked = await signIn(t.app, email, STRONG_PASSWORD);
        expect(unlocked.statusCode, unlocked.body).toBe(200);
        // A success resets the count: the next wrong password is an ordinary failure, not a lock.
        expect(errorCode(await signIn(t.app, email, WRONG_PASSWORD))).toBe('INVALID_CREDENTIALS');
        expect((await signIn(t.app, email, STRONG_PASSWORD)).statusCode).toBe(200);
      }));

    it('while locked, attempts do not reach password verification (no further failures are recorded)', () =>
      withApp(ROOMY_LIMITS, async (t) => {
        const { email, session } = await signUp(t.app);
        for (let attempt = 1; attempt <= 10; attempt += 1) await signIn(t.app, email, WRONG_PASSWORD);
        const recorded = async () =>
          (await securityEventsOf(database.db, session.user.id, 'SIGN_IN_FAILED')).length +
          (await securityEventsOf(database.db, session.user.id, 'ACCOUNT_THROTTLED')).length;
        expect(await recorded()).toBe(10);
        for (let attempt = 0; attempt < 5; attempt += 1)
          expectRateLimited(await signIn(t.app, email, WRONG_PASSWORD));
        expect(await recorded()).toBe(10);
      }));

    it('at most 100 failures per account-hour reach password verification, even with successes in between', () =>
      withApp(ROOMY_LIMITS, async (t) => {
        const { email, session } = await signUp(t.app);
        const failuresRecorded = async () =>
          (await securityEventsOf(database.db, session.user.id, 'SIGN_IN_FAILED')).length +
          (await securityEventsOf(database.db, session.user.id, 'ACCOUNT_THROTTLED')).length;
        // The owner signs in after every 9 failures, which keeps the consecutive count under 10.
        let failures = 0;
        while (failures < 99) {
          for (let index = 0; index < 9 && failures < 99; index += 1) {
            expect(errorCode(await signIn(t.app, email, WRONG_PASSWORD))).toBe('INVALID_CREDENTIALS');
            failures += 1;
          }
          t.clock.advance(10_000);
          expect((await signIn(t.app, email, STRONG_PASSWORD)).statusCode).toBe(200);
        }
        expect(errorCode(await signIn(t.app, email, WRONG_PASSWORD))).toBe('INVALID_CREDENTIALS');
        expect(await failuresRecorded()).toBe(100);

        // The hour's budget is spent: even the right password waits for the window to end.
        const locked = expectRateLimited(await signIn(t.app, email, STRONG_PASSWORD));
        const [row] = await database.db
          .select()
          .from(signInFailures)
          .where(eq(signInFailures.userId, session.user.id));
        expect(row?.failuresInWindow).toBe(100);
        const windowEnd = (row?.windowStartedAt.getTime() ?? 0) + 60 * MINUTE;
        expect(locked).toBe(Math.ceil((windowEnd - t.clock.now().getTime()) / 1000));
        expectRateLimited(await signIn(t.app, email, WRONG_PASSWORD));
        expect(await failuresRecorded()).toBe(100);

        t.clock.set(new Date(windowEnd + 1_000));
        expect((await signIn(t.app, email, STRONG_PASSWORD)).statusCode).toBe(200);
      }));

    it('a burst of 30 parallel wrong passwords (many IPs) lets at most 10 reach password verification', () =>
      withApp(ROOMY_LIMITS, async (t) => {
        const { email, session } = await signUp(t.app);
        const responses = await Promise.all(
          Array.from({ length: 30 }, () => signIn(t.app, email, WRONG_PASSWORD)),
        );
        const verified = responses.filter((response) => errorCode(response) === 'INVALID_CREDENTIALS').length;
        const refused = responses.filter((response) => response.statusCode === 429).length;
        expect(verified + refused).toBe(30);
        expect(verified).toBeLessThanOrEqual(10);
        const recorded =
          (await securityEventsOf(database.db, session.user.id, 'SIGN_IN_FAILED')).length +
          (await securityEventsOf(database.db, session.user.id, 'ACCOUNT_THROTTLED')).length;
        expect(recorded).toBe(verified);
        expectRateLimited(await signIn(t.app, email, STRONG_PASSWORD));
      }));

    it('unknown accounts answer exactly like a wrong password', () =>
      withApp(ROOMY_LIMITS, async (t) => {
        const { email } = await signUp(t.app);
        const wrong = await signIn(t.app, email, WRONG_PASSWORD);
        const unknown = await signIn(t.app, uniqueEmail('nobody'), WRONG_PASSWORD);
        expect(unknown.statusCode).toBe(wrong.statusCode);
        expect(errorOf(unknown).code).toBe(errorOf(wrong).code);
        expect(errorOf(unknown).message).toBe(errorOf(wrong).message);
      }));
  });

  describe('password policy', () => {
    it('the 1,000 most common passwords are all refused by assessPassword, each with a reason', () => {
      expect(COMMON_PASSWORDS).toHaveLength(1000);
      expect(COMMON_PASSWORDS.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
      const accepted = COMMON_PASSWORDS.filter((password) => assessPassword(password).acceptable);
      expect(accepted).toEqual([]);
      const withoutReasons = COMMON_PASSWORDS.filter(
        (password) => assessPassword(password).reasons.length === 0,
      );
      expect(withoutReasons).toEqual([]);
      // Also when the form passes the person's own details, as the server does.
      const acceptedWithInputs = COMMON_PASSWORDS.filter(
        (password) => assessPassword(password, ['jane.doe@example.test', 'Jane Doe']).acceptable,
      );
      expect(acceptedWithInputs).toEqual([]);
      // Control: the policy does accept a long passphrase.
      expect(assessPassword(STRONG_PASSWORD).acceptable).toBe(true);
    });

    it('sign-up refuses a sample of 300+ of them over HTTP with WEAK_PASSWORD and reasons, creating no account', () =>
      withApp(ROOMY_LIMITS, async (t) => {
        // Every 10th entry plus every entry long enough to pass the length rule (those reach zxcvbn).
        const sample = COMMON_PASSWORDS.filter((password, index) => index % 10 === 0 || password.length >= 8);
        expect(sample.length).toBeGreaterThanOrEqual(100);
        const emails: string[] = [];
        for (const password of sample) {
          const email = uniqueEmail('weak');
          emails.push(email);
          const response = await signUpRaw(t.app, { email, password, data: { full_name: 'Weak Sample' } });
          expect(response.statusCode, `${password}: ${response.body}`).toBe(422);
          // GoTrue's weak_password: a message in words and the reasons as codes.
          const body = response.json<{
            error_code: string;
            msg: string;
            weak_password?: { reasons: string[] };
          }>();
          expect(body.error_code, password).toBe('weak_password');
          expect(body.weak_password?.reasons.length ?? 0, password).toBeGreaterThan(0);
          expect(body.msg.trim().length, password).toBeGreaterThan(0);
        }
        const created = await database.db.select().from(users).where(inArray(users.email, emails));
        expect(created).toHaveLength(0);
      }));

    it('a common password is refused on a password change too', () =>
      withApp(ROOMY_LIMITS, async (t) => {
        const { session } = await signUp(t.app);
        const response = await authed(t.app, session, 'PUT', '/auth/v1/user', { password: 'password1' });
        expect(response.statusCode).toBe(422);
        expect(errorCode(response)).toBe('WEAK_PASSWORD');
      }));

    it(`missing credentials answer exactly '${MISSING_CREDENTIALS}'`, () =>
      withApp(ROOMY_LIMITS, async (t) => {
        const bodies: Record<string, unknown>[] = [
          {},
          { password: STRONG_PASSWORD },
          { email: uniqueEmail('no-password') },
          { phone: '+14155550100' },
          { email: uniqueEmail('empty-password'), password: '' },
        ];
        for (const body of bodies) {
          for (const response of [await signUpRaw(t.app, body), await signInRaw(t.app, body)]) {
            expect(response.statusCode, JSON.stringify(body)).toBe(400);
            expect(errorOf(response).message).toBe(
              'You must provide either an email or phone number and a password',
            );
          }
        }
      }));
  });

  describe('codes sent by email or SMS', () => {
    const otp = (t: TestApp, body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/auth/v1/otp', payload: body });
    const recover = (t: TestApp, email: string) =>
      t.app.inject({ method: 'POST', url: '/auth/v1/recover', payload: { email } });
    const verifyEmailCode = (t: TestApp, email: string, token: string, type = 'email') =>
      t.app.inject({ method: 'POST', url: '/auth/v1/verify', payload: { type, email, token } });

    it('OTP: a second request for the same address within 60 s answers 429; after 60 s it works again', () =>
      withApp(ROOMY_LIMITS, async (t) => {
        const email = uniqueEmail('otp-minute');
        expect((await otp(t, { email })).statusCode).toBe(200);
        t.clock.advance(59_000);
        expect(expectRateLimited(await otp(t, { email }))).toBe(60);
        expect(await outboxFor(database.db, email)).toHaveLength(1);
        t.clock.advance(2_000);
        expect((await otp(t, { email })).statusCode).toBe(200);
        expect(await outboxFor(database.db, email)).toHaveLength(2);
      }));

    it('OTP: at most 5 codes per address per hour', () =>
      withApp(ROOMY_LIMITS, async (t) => {
        const email = uniqueEmail('otp-hour');
        for (let send = 1; send <= 5; send += 1) {
          expect((await otp(t, { email })).statusCode, `send ${send}`).toBe(200);
          t.clock.advance(61_000);
        }
        expectRateLimited(await otp(t, { email }));
        expect(await outboxFor(database.db, email)).toHaveLength(5);
        // An hour after the first send, one slot is free again.
        t.clock.advance(60 * MINUTE - 5 * 61_000 + 1_000);
        expect((await otp(t, { email })).statusCode).toBe(200);
      }));

    it('recover: a second request within 60 s answers 429 and at most 5 are sent per hour', () =>
      withApp(ROOMY_LIMITS, async (t) => {
        const { email } = await signUp(t.app);
        // The sign-up confirmation was the first message to this address.
        expectRateLimited(await recover(t, email));
        for (let send = 2; send <= 5; send += 1) {
          t.clock.advance(61_000);
          expect((await recover(t, email)).statusCode, `send ${send}`).toBe(200);
          expectRateLimited(await recover(t, email));
        }
        t.clock.advance(61_000);
        expectRateLimited(await recover(t, email));
        expect(await outboxFor(database.db, email)).toHaveLength(5);
        expect(await outboxFor(database.db, email, 'auth_recovery')).toHaveLength(4);
      }));

    it('a wrong code 5 times locks that code: the right one is refused afterwards', () =>
      withApp(ROOMY_LIMITS, async (t) => {
        const email = uniqueEmail('otp-lock');
        await otp(t, { email });
        const code = await latestCode(database.db, email, 'auth_otp');
        const wrong = code === '000000' ? '111111' : '000000';
        for (let attempt = 1; attempt <= 5; attempt += 1) {
          const response = await verifyEmailCode(t, email, wrong);
          expect(response.statusCode, `attempt ${attempt}`).toBe(403);
          expect(errorCode(response)).toBe('INVALID_CODE');
        }
        const right = await verifyEmailCode(t, email, code);
        expect(right.statusCode).toBe(403);
        expect(errorCode(right)).toBe('INVALID_CODE');
      }));

    it('control: after 4 wrong codes the right one still works (the lock is at 5)', () =>
      withApp(ROOMY_LIMITS, async (t) => {
        const email = uniqueEmail('otp-four');
        await otp(t, { email });
        const code = await latestCode(database.db, email, 'auth_otp');
        const wrong = code === '000000' ? '111111' : '000000';
        for (let attempt = 1; attempt <= 4; attempt += 1) await verifyEmailCode(t, email, wrong);
        const right = await verifyEmailCode(t, email, code);
        expect(right.statusCode, right.body).toBe(200);
      }));

    it('a recovery code is locked after 5 wrong tries as well', () =>
      withApp(ROOMY_LIMITS, async (t) => {
        const { email } = await signUp(t.app);
        t.clock.advance(61_000);
        await recover(t, email);
        const code = await latestCode(database.db, email, 'auth_recovery');
        const wrong = code === '000000' ? '111111' : '000000';
        for (let attempt = 1; attempt <= 5; attempt += 1) await verifyEmailCode(t, email, wrong, 'recovery');
        expect(errorCode(await verifyEmailCode(t, email, code, 'recovery'))).toBe('INVALID_CODE');
      }));

    it('codes expire after 10 minutes', () =>
      withApp(ROOMY_LIMITS, async (t) => {
        const email = uniqueEmail('otp-expiry');
        await otp(t, { email });
        const code = await latestCode(database.db, email, 'auth_otp');
        t.clock.advance(10 * MINUTE + 1_000);
        const late = await verifyEmailCode(t, email, code);
        expect(late.statusCode).toBe(403);
        expect(errorCode(late)).toBe('INVALID_CODE');
      }));

    it('control: a code is still accepted just before 10 minutes, and only once', () =>
      withApp(ROOMY_LIMITS, async (t) => {
        const email = uniqueEmail('otp-in-time');
        await otp(t, { email });
        const code = await latestCode(database.db, email, 'auth_otp');
        t.clock.advance(10 * MINUTE - 1_000);
        expect((await verifyEmailCode(t, email, code)).statusCode).toBe(200);
        expect(errorCode(await verifyEmailCode(t, email, code))).toBe('INVALID_CODE');
      }));

    it('unknown emails on /recover and on /otp with create_user false answer 200 like known ones and queue nothing', () =>
      withApp(ROOMY_LIMITS, async (t) => {
        const { email: known } = await signUp(t.app);
        t.clock.advance(61_000);
        const unknownRecover = uniqueEmail('ghost');
        const unknownOtp = uniqueEmail('ghost');

        const knownRecovery = await recover(t, known);
        const ghostRecovery = await recover(t, unknownRecover);
        expect(ghostRecovery.statusCode).toBe(knownRecovery.statusCode);
        expect(ghostRecovery.statusCode).toBe(200);
        expect(ghostRecovery.body).toBe(knownRecovery.body);
        // A second request within a minute is limited the same way, account or not: the 429 reveals nothing.
        const knownAgain = await recover(t, known);
        const ghostAgain = await recover(t, unknownRecover);
        expect(knownAgain.statusCode).toBe(429);
        expect(ghostAgain.statusCode).toBe(429);
        expect(ghostAgain.json()).toEqual(knownAgain.json());

        t.clock.advance(61_000);
        const knownOtp = await otp(t, { email: known, create_user: false });
        const ghostOtp = await otp(t, { email: unknownOtp, create_user: false });
        expect(ghostOtp.statusCode).toBe(200);
        expect(ghostOtp.statusCode).toBe(knownOtp.statusCode);
        expect(ghostOtp.body).toBe(knownOtp.body);

        expect(await outboxFor(database.db, unknownRecover)).toHaveLength(0);
        expect(await outboxFor(database.db, unknownOtp)).toHaveLength(0);
        expect(
          await database.db
            .select()
            .from(users)
            .where(inArray(users.email, [unknownRecover, unknownOtp])),
        ).toHaveLength(0);
        // The known address did receive both (control).
        expect(await outboxFor(database.db, known, 'auth_recovery')).toHaveLength(1);
        expect(await outboxFor(database.db, known, 'auth_otp')).toHaveLength(1);
      }));

    it('two simultaneous code requests for one address send one code', () =>
      withApp(ROOMY_LIMITS, async (t) => {
        const { email } = await signUp(t.app);
        t.clock.advance(61_000);
        const answers = await Promise.all([recover(t, email), recover(t, email), recover(t, email)]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429, 429]);
        expect(await outboxFor(database.db, email, 'auth_recovery')).toHaveLength(1);
      }));
  });
});
