import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthSession, AuthUser } from '#contracts/auth';
import { users } from '#server/db/schema/index';
import { createTestApp } from '#test/support/app';
import {
  authed,
  claimsOf,
  errorCode,
  errorOf,
  latestCode,
  outboxFor,
  signIn,
  signInRaw,
  signUp,
  signUpRaw,
  STRONG_PASSWORD,
  uniqueEmail,
} from '#test/support/auth';
import { useTestDatabase } from '#test/support/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const MINUTE = 60_000;
const NEW_PASSWORD = 'copper kettle lagoon drift';

let phoneCounter = 0;
/** A unique E.164 number per call (US 555-01xx range; each test file has its own database). */
const uniquePhone = () => `+1415555${String(100 + (phoneCounter += 1)).padStart(4, '0')}`;

describe('auth flows', () => {
  const database = useTestDatabase();
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp(database.db, { AUTH_RATE_LIMIT_MAX: '10000' });
  });
  afterEach(async () => {
    await t.app.close();
  });

  const verifyCode = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/auth/v1/verify', payload, headers });
  const getUser = (session: Pick<AuthSession, 'access_token'>) =>
    authed(t.app, session, 'GET', '/auth/v1/user').then((response) => response.json<AuthUser>());

  describe('email confirmation', () => {
    it('sign-up queues a confirmation code and POST /verify type signup confirms the email', async () => {
      const { email, session } = await signUp(t.app);
      expect(session.user.email_confirmed_at).toBeNull();
      const [message, ...others] = await outboxFor(database.db, email);
      expect(others).toHaveLength(0);
      expect(message).toMatchObject({ channel: 'email', template: 'auth_confirmation', status: 'pending' });
      expect(message?.subject).toBe('Confirm your Wellspring account');
      const code = await latestCode(database.db, email, 'auth_confirmation');
      expect(message?.bodyText).toContain(code);

      t.clock.advance(MINUTE);
      const verified = await verifyCode({ type: 'signup', email, token: code });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json<AuthSession>().user.email_confirmed_at).toBe(t.clock.now().toISOString());
      expect((await getUser(session)).email_confirmed_at).toBe(t.clock.now().toISOString());
      // A code works once.
      expect(errorCode(await verifyCode({ type: 'signup', email, token: code }))).toBe('INVALID_CODE');
    });

    it('a wrong confirmation code is refused and confirms nothing', async () => {
      const { email, session } = await signUp(t.app);
      const code = await latestCode(database.db, email, 'auth_confirmation');
      const response = await verifyCode({
        type: 'signup',
        email,
        token: code === '123456' ? '654321' : '123456',
      });
      expect(response.statusCode).toBe(403);
      expect(errorCode(response)).toBe('INVALID_CODE');
      expect((await getUser(session)).email_confirmed_at).toBeNull();
    });

    it('resend replaces the confirmation code: the old one stops working, the new one works', async () => {
      const { email } = await signUp(t.app);
      const first = await latestCode(database.db, email, 'auth_confirmation');
      t.clock.advance(61_000);
      const resent = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/resend',
        payload: { type: 'signup', email },
      });
      expect(resent.statusCode).toBe(200);
      const second = await latestCode(database.db, email, 'auth_confirmation');
      expect(await outboxFor(database.db, email, 'auth_confirmation')).toHaveLength(2);
      if (first !== second) {
        expect(errorCode(await verifyCode({ type: 'signup', email, token: first }))).toBe('INVALID_CODE');
      }
      expect((await verifyCode({ type: 'signup', email, token: second })).statusCode).toBe(200);
    });
  });

  describe('sign-in with a code', () => {
    it('OTP sign-in by email: POST /otp then POST /verify type email signs the person in', async () => {
      const { email, session: first } = await signUp(t.app);
      t.clock.advance(61_000);
      const requested = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/otp',
        payload: { email, create_user: false },
      });
      expect(requested.statusCode).toBe(200);
      expect(requested.json()).toEqual({});
      const code = await latestCode(database.db, email, 'auth_otp');
      const response = await verifyCode({ type: 'email', email, token: code });
      expect(response.statusCode, response.body).toBe(200);
      const session = response.json<AuthSession>();
      expect(session.user.id).toBe(first.user.id);
      expect(claimsOf(session.access_token).amr.map((entry) => entry.method)).toEqual(['otp']);
      expect(claimsOf(session.access_token).session_id).not.toBe(claimsOf(first.access_token).session_id);
      expect(session.refresh_token).toBeTruthy();
      expect((await getUser(session)).email_confirmed_at).not.toBeNull();
    });

    it('OTP to a new address creates a passwordless account and signs it in', async () => {
      const email = uniqueEmail('passwordless');
      const requested = await t.app.inject({ method: 'POST', url: '/auth/v1/otp', payload: { email } });
      expect(requested.statusCode).toBe(200);
      const code = await latestCode(database.db, email, 'auth_otp');
      const response = await verifyCode({ type: 'email', email, token: code });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<AuthSession>().user.email).toBe(email);
      // No password was ever set: a password sign-in is refused like any wrong password.
      expect(errorCode(await signIn(t.app, email, STRONG_PASSWORD))).toBe('INVALID_CREDENTIALS');
    });
  });

  describe('recovery and re-authentication', () => {
    it('a recovery code signs in, and PUT /user password then works without a nonce', async () => {
      const { email } = await signUp(t.app);
      t.clock.advance(10 * MINUTE);
      expect(
        (await t.app.inject({ method: 'POST', url: '/auth/v1/recover', payload: { email } })).statusCode,
      ).toBe(200);
      const code = await latestCode(database.db, email, 'auth_recovery');
      const recovered = await verifyCode({ type: 'recovery', email, token: code });
      expect(recovered.statusCode, recovered.body).toBe(200);
      const session = recovered.json<AuthSession>();
      expect(claimsOf(session.access_token).amr.map((entry) => entry.method)).toEqual(['recovery']);

      const changed = await authed(t.app, session, 'PUT', '/auth/v1/user', { password: NEW_PASSWORD });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await signIn(t.app, email, NEW_PASSWORD)).statusCode).toBe(200);
      expect(errorCode(await signIn(t.app, email, STRONG_PASSWORD))).toBe('INVALID_CREDENTIALS');
    });

    it('6 minutes after sign-in a password change needs the re-authentication code', async () => {
      const { email, session } = await signUp(t.app);
      t.clock.advance(6 * MINUTE);
      const refused = await authed(t.app, session, 'PUT', '/auth/v1/user', { password: NEW_PASSWORD });
      expect(refused.statusCode).toBe(400);
      expect(errorCode(refused)).toBe('REAUTHENTICATION_NEEDED');
      // Refused means unchanged.
      expect((await signIn(t.app, email, STRONG_PASSWORD)).statusCode).toBe(200);

      const sent = await authed(t.app, session, 'GET', '/auth/v1/reauthenticate');
      expect(sent.statusCode).toBe(200);
      const nonce = await latestCode(database.db, email, 'auth_reauthentication');
      const wrongNonce = await authed(t.app, session, 'PUT', '/auth/v1/user', {
        password: NEW_PASSWORD,
        nonce: nonce === '000000' ? '111111' : '000000',
      });
      expect(errorCode(wrongNonce)).toBe('INVALID_CODE');
      const changed = await authed(t.app, session, 'PUT', '/auth/v1/user', { password: NEW_PASSWORD, nonce });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await signIn(t.app, email, NEW_PASSWORD)).statusCode).toBe(200);
      // The nonce is used up.
      const replay = await authed(t.app, session, 'PUT', '/auth/v1/user', {
        password: STRONG_PASSWORD,
        nonce,
      });
      expect(errorCode(replay)).toBe('INVALID_CODE');
    });

    it('just under 5 minutes after sign-in no nonce is needed', async () => {
      const { session } = await signUp(t.app);
      t.clock.advance(5 * MINUTE - 1_000);
      const changed = await authed(t.app, session, 'PUT', '/auth/v1/user', { password: NEW_PASSWORD });
      expect(changed.statusCode, changed.body).toBe(200);
    });

    it('a re-authentication code is locked after 5 wrong nonces', async () => {
      const { email, session } = await signUp(t.app);
      t.clock.advance(6 * MINUTE);
      await authed(t.app, session, 'GET', '/auth/v1/reauthenticate');
      const nonce = await latestCode(database.db, email, 'auth_reauthentication');
      const wrong = nonce === '000000' ? '111111' : '000000';
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const response = await authed(t.app, session, 'PUT', '/auth/v1/user', {
          password: NEW_PASSWORD,
          nonce: wrong,
        });
        expect(errorCode(response), `attempt ${attempt}`).toBe('INVALID_CODE');
      }
      const right = await authed(t.app, session, 'PUT', '/auth/v1/user', { password: NEW_PASSWORD, nonce });
      expect(errorCode(right)).toBe('INVALID_CODE');
      expect((await signIn(t.app, email, STRONG_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('email change', () => {
    it('sends a code to the new address and POST /verify type email_change (signed in) applies it', async () => {
      const { email: oldEmail, session } = await signUp(t.app);
      const newEmail = uniqueEmail('moved');
      const requested = await authed(t.app, session, 'PUT', '/auth/v1/user', { email: newEmail });
      expect(requested.statusCode, requested.body).toBe(200);
      // Not applied until the new address proves itself.
      expect(requested.json<AuthUser>().email).toBe(oldEmail);
      const [message] = await outboxFor(database.db, newEmail);
      expect(message).toMatchObject({ template: 'auth_email_change', channel: 'email' });
      expect(await outboxFor(database.db, oldEmail, 'auth_email_change')).toHaveLength(0);
      const code = await latestCode(database.db, newEmail, 'auth_email_change');

      const anonymous = await verifyCode({ type: 'email_change', email: newEmail, token: code });
      expect(anonymous.statusCode).toBe(401);

      const applied = await verifyCode(
        { type: 'email_change', email: newEmail, token: code },
        { authorization: `Bearer ${session.access_token}` },
      );
      expect(applied.statusCode, applied.body).toBe(200);
      const user = applied.json<{ user: AuthUser }>().user;
      expect(user.email).toBe(newEmail);
      expect(user.email_confirmed_at).not.toBeNull();
      expect((await signIn(t.app, newEmail)).statusCode).toBe(200);
      expect(errorCode(await signIn(t.app, oldEmail))).toBe('INVALID_CREDENTIALS');
    });

    it('an email change to an address that is already taken is refused', async () => {
      const { email: taken } = await signUp(t.app);
      const { session } = await signUp(t.app);
      const response = await authed(t.app, session, 'PUT', '/auth/v1/user', { email: taken });
      expect(response.statusCode).toBe(422);
      expect(errorCode(response)).toBe('USER_ALREADY_EXISTS');
    });

    it('an address taken between the request and the confirmation is refused plainly, not with a 500', async () => {
      const { session } = await signUp(t.app);
      const newEmail = uniqueEmail('contested');
      await authed(t.app, session, 'PUT', '/auth/v1/user', { email: newEmail });
      const code = await latestCode(database.db, newEmail, 'auth_email_change');
      t.clock.advance(61_000);
      await signUp(t.app, { email: newEmail });
      const response = await verifyCode(
        { type: 'email_change', email: newEmail, token: code },
        { authorization: `Bearer ${session.access_token}` },
      );
      expect(response.statusCode, response.body).toBe(422);
      expect(errorCode(response)).toBe('USER_ALREADY_EXISTS');
    });
  });

  describe('duplicates and races', () => {
    it('a duplicate sign-up answers USER_ALREADY_EXISTS, whatever the case of the address', async () => {
      const { email } = await signUp(t.app);
      for (const again of [email, email.toUpperCase()]) {
        const response = await signUpRaw(t.app, { email: again, password: NEW_PASSWORD });
        expect(response.statusCode).toBe(422);
        expect(errorCode(response)).toBe('USER_ALREADY_EXISTS');
        expect(errorOf(response).message).toBe('User already registered');
      }
    });

    it('two concurrent sign-ups of one email: exactly one succeeds, the other hears USER_ALREADY_EXISTS', async () => {
      const email = uniqueEmail('race');
      const responses = await Promise.all([
        signUpRaw(t.app, { email, password: STRONG_PASSWORD }),
        signUpRaw(t.app, { email, password: NEW_PASSWORD }),
      ]);
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, 422]);
      const loser = responses.find((response) => response.statusCode === 422);
      expect(loser && errorCode(loser)).toBe('USER_ALREADY_EXISTS');
      const rows = await database.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`);
      expect(rows).toHaveLength(1);
    });

    it('five concurrent sign-ups of one email create exactly one account', async () => {
      const email = uniqueEmail('race5');
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => signUpRaw(t.app, { email, password: STRONG_PASSWORD })),
      );
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
      expect(responses.filter((response) => errorCode(response) === 'USER_ALREADY_EXISTS')).toHaveLength(4);
      expect(await database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    });
  });

  describe('phone', () => {
    it('sign-up with an E.164 phone number, an SMS code, and sign-in with the number', async () => {
      const phone = uniquePhone();
      const signedUp = await signUpRaw(t.app, { phone, password: STRONG_PASSWORD });
      expect(signedUp.statusCode, signedUp.body).toBe(200);
      const session = signedUp.json<AuthSession>();
      expect(session.user.phone).toBe(phone);
      expect(session.user.email).toBeNull();
      const [message] = await outboxFor(database.db, phone);
      expect(message).toMatchObject({ channel: 'sms', template: 'auth_confirmation', subject: null });

      const signedIn = await signInRaw(t.app, { phone, password: STRONG_PASSWORD });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json<AuthSession>().user.id).toBe(session.user.id);
      // Spaces, brackets and dashes are tolerated and normalised.
      const formatted = `${phone.slice(0, 2)} (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
      expect((await signInRaw(t.app, { phone: formatted, password: STRONG_PASSWORD })).statusCode).toBe(200);
      expect(errorCode(await signInRaw(t.app, { phone, password: NEW_PASSWORD }))).toBe(
        'INVALID_CREDENTIALS',
      );

      const code = await latestCode(database.db, phone, 'auth_confirmation');
      const confirmed = await verifyCode({ type: 'sms', phone, token: code });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json<AuthSession>().user.phone_confirmed_at).not.toBeNull();
    });

    it('refuses numbers that are not E.164 and duplicate numbers', async () => {
      for (const phone of ['4155550123', '+0123456789', '+1 415', 'phone']) {
        const response = await signUpRaw(t.app, { phone, password: STRONG_PASSWORD });
        expect(response.statusCode, phone).toBe(400);
        expect(errorCode(response)).toBe('VALIDATION_ERROR');
      }
      const phone = uniquePhone();
      expect((await signUpRaw(t.app, { phone, password: STRONG_PASSWORD })).statusCode).toBe(200);
      const duplicate = await signUpRaw(t.app, { phone, password: NEW_PASSWORD });
      expect(duplicate.statusCode).toBe(422);
      expect(errorCode(duplicate)).toBe('USER_ALREADY_EXISTS');
    });
  });
});
