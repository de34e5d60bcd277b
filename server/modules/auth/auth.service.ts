import { randomInt } from 'node:crypto';
import { MISSING_CREDENTIALS, type AuthSession, type AuthUser } from '../../../contracts/auth';
import { assessPassword } from '../../../domain/auth/password-strength';
import { unverifiedFactorsSince } from '../../../domain/auth/session-policy';
import type { Clock } from '../../../domain/clock';
import { AppError } from '../../../domain/errors/app-error';
import type { Database, DbExecutor } from '../../db/client';
import type { OutboxService } from '../outbox/outbox.service';
import type { SecurityEventsService } from '../security-events/security-events.service';
import { AuthApiError } from './auth-errors';
import type { AuthRepository, OneTimeTokenKind, UserRow } from './auth.repository';
import { hashPassword, verifyPassword } from './password';
import { toAuthUser, type RequestContext, type SessionService } from './session.service';
import { sha256 } from './tokens';

/** One-time codes: 6 digits, valid 10 minutes (ASVS 6.5.5), 5 wrong tries, 1 send per 60 s and 5 per hour per address. */
const CODE_TTL_MS = 10 * 60_000;
const CODE_MAX_FAILURES = 5;
const SEND_INTERVAL_MS = 60_000;
const SENDS_PER_HOUR = 5;
/** Account throttling: after 10 consecutive failures each further one locks the account for longer. */
const FREE_FAILURES = 10;
const BASE_LOCK_MS = 30_000;
const MAX_LOCK_MS = 60 * 60_000;
const FAILURES_PER_HOUR = 100;
/** A sign-in this recent counts as a fresh confirmation for sensitive changes. */
const RECENT_SIGN_IN_MS = 5 * 60_000;

/** An argon2id hash of a random string, verified when the account does not exist, so timing tells nothing. */
const DUMMY_HASH = hashPassword('wellspring-timing-equaliser-7f3a9c');

export type Credentials = { email?: string; phone?: string; password?: string };

const newCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

export function createAuthService(deps: {
  db: Database;
  repository: AuthRepository;
  sessions: SessionService;
  outbox: OutboxService;
  securityEvents: SecurityEventsService;
  clock: Clock;
  publicUrl: string;
}) {
  const { repository, clock, db } = deps;

  async function findByAddress(executor: DbExecutor, address: { email?: string; phone?: string }) {
    if (address.email) return repository.findUserByEmail(executor, address.email);
    if (address.phone) return repository.findUserByPhone(executor, address.phone);
    return null;
  }

  async function userJson(executor: DbExecutor, user: UserRow): Promise<AuthUser> {
    const [identities, factors] = await Promise.all([
      repository.findIdentities(executor, user.id),
      repository.findFactors(executor, user.id, { unverifiedSince: unverifiedFactorsSince(clock.now()) }),
    ]);
    return toAuthUser(user, identities, factors);
  }

  /** A new account signing in with an email or a phone: the user, its identity and its profile. */
  async function createAccount(
    executor: DbExecutor,
    address: { email?: string; phone?: string },
    values: {
      encryptedPassword: string | null;
      userMetadata: Record<string, unknown>;
      fullName: string | null;
    },
  ) {
    const now = clock.now();
    const provider = address.email ? 'email' : 'phone';
    const user = await repository.insertUser(executor, {
      email: address.email ?? null,
      phone: address.phone ?? null,
      encryptedPassword: values.encryptedPassword,
      userMetadata: values.userMetadata,
      appMetadata: { provider, providers: [provider] },
      createdAt: now,
      updatedAt: now,
    });
    await repository.upsertIdentity(executor, {
      userId: user.id,
      provider,
      providerId: (address.email ?? address.phone) as string,
      identityData: { sub: user.id, email: address.email ?? null, phone: address.phone ?? null },
      createdAt: now,
    });
    await repository.insertProfile(executor, {
      userId: user.id,
      fullName: values.fullName,
      email: address.email ?? null,
      createdAt: now,
      updatedAt: now,
    });
    return user;
  }

  function rejectWeakPassword(password: string, userInputs: (string | undefined | null)[]) {
    const assessment = assessPassword(
      password,
      userInputs.filter((input): input is string => Boolean(input)),
    );
    if (!assessment.acceptable) {
      // GoTrue's weak_password: the reasons as codes, the message in words (auth-errors.ts).
      throw new AuthApiError(
        'WEAK_PASSWORD',
        'weak_password',
        `Password is too weak: ${assessment.reasons.join(' ')}`,
        {
          reasons: assessment.codes,
          details: [...assessment.reasons, ...assessment.suggestions].map((message) => ({
            path: 'password',
            message,
          })),
        },
      );
    }
  }

  /**
   * Rate limit for codes sent to one address: 1 per minute, 5 per hour. Counted per request, known
   * address or not, under a lock on the address, so parallel requests cannot both pass and the
   * answer never reveals whether an account exists.
   */
  async function claimSendSlot(executor: DbExecutor, address: string) {
    const addressHash = sha256(address.toLowerCase());
    await repository.lockAddress(executor, addressHash);
    const now = clock.now().getTime();
    const lastMinute = await repository.countCodeRequestsSince(
      executor,
      addressHash,
      new Date(now - SEND_INTERVAL_MS),
    );
    const sendLimit = address.includes('@') ? 'over_email_send_rate_limit' : 'over_sms_send_rate_limit';
    if (lastMinute > 0) {
      throw new AuthApiError(
        'RATE_LIMITED',
        sendLimit,
        'Please wait a minute before asking for another code.',
        {
          retryAfterSeconds: 60,
        },
      );
    }
    const lastHour = await repository.countCodeRequestsSince(
      executor,
      addressHash,
      new Date(now - 3_600_000),
    );
    if (lastHour >= SENDS_PER_HOUR) {
      throw new AuthApiError(
        'RATE_LIMITED',
        sendLimit,
        'Too many codes were sent to this address. Please try again later.',
        { retryAfterSeconds: 3600 },
      );
    }
    await repository.insertCodeRequest(executor, addressHash, clock.now());
  }

  /** Creates a code, stores its hash and queues the message, in the caller's transaction. */
  async function sendCode(
    executor: DbExecutor,
    user: UserRow,
    kind: OneTimeTokenKind,
    address: { email?: string; phone?: string },
  ) {
    const destination = address.email ?? address.phone;
    if (!destination) throw new AppError('VALIDATION_ERROR');
    await claimSendSlot(executor, destination);
    const code = newCode();
    const now = clock.now();
    await repository.insertOneTimeToken(executor, {
      userId: user.id,
      kind,
      relatesTo: destination,
      tokenHash: sha256(`${user.id}:${code}`),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    const purpose: Record<OneTimeTokenKind, { subject: string; line: string }> = {
      confirmation: {
        subject: 'Confirm your Wellspring account',
        line: 'Welcome to Wellspring! Confirm your address with this code',
      },
      recovery: { subject: 'Reset your Wellspring password', line: 'Use this code to choose a new password' },
      otp: { subject: 'Your Wellspring sign-in code', line: 'Use this code to sign in' },
      reauthentication: {
        subject: 'Confirm it is you',
        line: 'Use this code to confirm a change to your account',
      },
      email_change: {
        subject: 'Confirm your new email address',
        line: 'Use this code to confirm your new email address',
      },
      phone_change: {
        subject: 'Confirm your new phone number',
        line: 'Use this code to confirm your new phone number',
      },
    };
    const { subject, line } = purpose[kind];
    const text = `${line}: ${code}\n\nThe code expires in 10 minutes. If you did not ask for it, you can ignore this message.`;
    await deps.outbox.enqueue(executor, {
      channel: address.email ? 'email' : 'sms',
      recipient: destination,
      template: `auth_${kind}`,
      subject: address.email ? subject : undefined,
      bodyText: address.email ? `${text}\n\n${deps.publicUrl}` : `Wellspring: ${line.toLowerCase()}: ${code}`,
      data: { kind },
    });
  }

  /** Checks a code; on success marks it used and returns its row. Wrong codes count towards a lock. */
  async function consumeCode(executor: DbExecutor, user: UserRow, kinds: OneTimeTokenKind[], code: string) {
    const now = clock.now();
    for (const kind of kinds) {
      const token = await repository.findLatestOneTimeToken(executor, user.id, kind);
      if (!token || token.usedAt || token.expiresAt <= now || token.failedAttempts >= CODE_MAX_FAILURES)
        continue;
      if (token.tokenHash === sha256(`${user.id}:${code}`)) {
        await repository.updateOneTimeToken(executor, token.id, { usedAt: now });
        return token;
      }
      await repository.updateOneTimeToken(executor, token.id, { failedAttempts: token.failedAttempts + 1 });
    }
    return null;
  }

  /**
   * Counts this attempt as a failure before the password is checked, under the row lock, so parallel
   * guesses are counted one by one: a burst cannot slip past the lock before any failure is recorded.
   * A right password gives the attempt back (see signInWithPassword).
   */
  async function reserveAttempt(userId: string) {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const row = await repository.lockSignInFailures(tx, userId, now);
      if (row.lockedUntil && row.lockedUntil > now) {
        return {
          locked: true as const,
          retryAfterSeconds: Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000),
        };
      }
      const windowFresh = now.getTime() - row.windowStartedAt.getTime() < 3_600_000;
      const consecutive = row.consecutiveFailures + 1;
      const inWindow = (windowFresh ? row.failuresInWindow : 0) + 1;
      const windowStartedAt = windowFresh ? row.windowStartedAt : now;
      let lockedUntil: Date | null = null;
      if (consecutive >= FREE_FAILURES) {
        lockedUntil = new Date(
          now.getTime() + Math.min(BASE_LOCK_MS * 2 ** (consecutive - FREE_FAILURES), MAX_LOCK_MS),
        );
      }
      if (inWindow >= FAILURES_PER_HOUR) lockedUntil = new Date(windowStartedAt.getTime() + 3_600_000);
      await repository.saveSignInFailures(tx, {
        userId,
        consecutiveFailures: consecutive,
        failuresInWindow: inWindow,
        windowStartedAt,
        lockedUntil,
      });
      return { locked: false as const, consecutive, lockedUntil };
    });
  }

  async function recordFailure(
    userId: string,
    attempt: { consecutive: number; lockedUntil: Date | null },
    context: RequestContext,
  ) {
    await deps.securityEvents.record(db, {
      type: attempt.lockedUntil ? 'ACCOUNT_THROTTLED' : 'SIGN_IN_FAILED',
      userId,
      severity: attempt.lockedUntil ? 'warning' : 'info',
      details: { consecutive_failures: attempt.consecutive },
      ip: context.ip,
      requestId: context.requestId,
    });
  }

  function assertNotBanned(user: UserRow) {
    if (user.bannedUntil && user.bannedUntil > clock.now()) throw new AppError('INVALID_CREDENTIALS');
  }

  return {
    async signUp(
      input: Credentials & { data?: Record<string, unknown> },
      context: RequestContext,
    ): Promise<AuthSession> {
      if ((!input.email && !input.phone) || !input.password)
        throw new AppError('VALIDATION_ERROR', MISSING_CREDENTIALS);
      const fullName =
        typeof input.data?.full_name === 'string' ? input.data.full_name.trim().slice(0, 200) : undefined;
      rejectWeakPassword(input.password, [input.email, input.phone, fullName]);
      const encryptedPassword = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          if (await findByAddress(tx, input)) throw new AppError('USER_ALREADY_EXISTS');
          const user = await createAccount(tx, input, {
            encryptedPassword,
            userMetadata: { ...(input.data ?? {}), ...(fullName ? { full_name: fullName } : {}) },
            fullName: fullName ?? null,
          });
          await sendCode(tx, user, 'confirmation', input);
          await deps.securityEvents.record(tx, {
            type: 'USER_SIGNED_UP',
            userId: user.id,
            ip: context.ip,
            requestId: context.requestId,
          });
          return deps.sessions.start(tx, user, { method: 'password', context });
        });
      } catch (error) {
        // Two sign-ups racing for one address: the unique index decides, the loser hears it plainly.
        if ((error as { cause?: { code?: string } }).cause?.code === '23505')
          throw new AppError('USER_ALREADY_EXISTS');
        throw error;
      }
    },

    async signInWithPassword(input: Credentials, context: RequestContext): Promise<AuthSession> {
      if ((!input.email && !input.phone) || !input.password)
        throw new AppError('VALIDATION_ERROR', MISSING_CREDENTIALS);
      const user = await findByAddress(db, input);
      if (!user || !user.encryptedPassword) {
        await verifyPassword(await DUMMY_HASH, input.password);
        throw new AppError('INVALID_CREDENTIALS');
      }
      const attempt = await reserveAttempt(user.id);
      if (attempt.locked) {
        throw new AppError('RATE_LIMITED', 'Too many failed sign-in attempts. Please wait and try again.', {
          retryAfterSeconds: attempt.retryAfterSeconds,
        });
      }
      if (!(await verifyPassword(user.encryptedPassword, input.password))) {
        await recordFailure(user.id, attempt, context);
        throw new AppError('INVALID_CREDENTIALS');
      }
      assertNotBanned(user);
      return db.transaction(async (tx) => {
        // The right password: give back the reserved attempt and clear the consecutive count and its lock.
        const row = await repository.lockSignInFailures(tx, user.id, clock.now());
        const failuresInWindow = Math.max(0, row.failuresInWindow - 1);
        await repository.saveSignInFailures(tx, {
          ...row,
          consecutiveFailures: 0,
          failuresInWindow,
          lockedUntil: failuresInWindow >= FAILURES_PER_HOUR ? row.lockedUntil : null,
        });
        await deps.securityEvents.record(tx, {
          type: 'USER_SIGNED_IN',
          userId: user.id,
          details: { method: 'password' },
          ip: context.ip,
          requestId: context.requestId,
        });
        return deps.sessions.start(tx, user, { method: 'password', context });
      });
    },

    /** Sends a sign-in code. Unknown addresses get an account when create_user allows, else nothing (no enumeration). */
    async requestOtp(input: {
      email?: string;
      phone?: string;
      createUser?: boolean;
      data?: Record<string, unknown>;
    }) {
      if (!input.email && !input.phone)
        throw new AppError('VALIDATION_ERROR', 'You must provide either an email or phone number');
      await db.transaction(async (tx) => {
        let user = await findByAddress(tx, input);
        if (!user && input.createUser !== false) {
          user = await createAccount(tx, input, {
            encryptedPassword: null,
            userMetadata: input.data ?? {},
            fullName: null,
          });
        }
        if (user) await sendCode(tx, user, 'otp', input);
        else await claimSendSlot(tx, (input.email ?? input.phone) as string);
      });
    },

    /** POST /verify: a code from a message proves the address; most types then sign the person in. */
    async verify(
      input: {
        type: 'signup' | 'email' | 'sms' | 'recovery' | 'email_change' | 'phone_change' | 'magiclink';
        token: string;
        email?: string;
        phone?: string;
      },
      context: RequestContext,
    ): Promise<AuthSession> {
      const session = await db.transaction(async (tx) => {
        const now = clock.now();
        // Email and phone changes are confirmed by the signed-in person: see confirmChange.
        if (input.type === 'email_change' || input.type === 'phone_change')
          throw new AppError('INVALID_CODE');
        let user = await findByAddress(tx, input);
        const kinds: OneTimeTokenKind[] =
          input.type === 'signup'
            ? ['confirmation']
            : input.type === 'recovery'
              ? ['recovery']
              : ['otp', 'confirmation'];
        if (!user) throw new AppError('INVALID_CODE');
        const token = await consumeCode(tx, user, kinds, input.token);
        // Returned, not thrown: the wrong try is committed and counts towards locking the code.
        if (!token) return null;
        assertNotBanned(user);
        const confirmsEmail = token.relatesTo === user.email;
        user = await repository.updateUser(tx, user.id, {
          ...(confirmsEmail && !user.emailConfirmedAt ? { emailConfirmedAt: now } : {}),
          ...(token.relatesTo === user.phone && !user.phoneConfirmedAt ? { phoneConfirmedAt: now } : {}),
          updatedAt: now,
        });
        const method = token.kind === 'recovery' ? 'recovery' : 'otp';
        await deps.securityEvents.record(tx, {
          type: 'USER_SIGNED_IN',
          userId: user.id,
          details: { method },
          ip: context.ip,
          requestId: context.requestId,
        });
        return deps.sessions.start(tx, user, { method, context });
      });
      if (!session) throw new AppError('INVALID_CODE');
      return session;
    },

    async recover(email: string) {
      await db.transaction(async (tx) => {
        const user = await repository.findUserByEmail(tx, email);
        if (user) await sendCode(tx, user, 'recovery', { email });
        else await claimSendSlot(tx, email);
      });
    },

    async resend(input: {
      type: 'signup' | 'sms' | 'email_change' | 'phone_change';
      email?: string;
      phone?: string;
    }) {
      if (!input.email && !input.phone)
        throw new AppError('VALIDATION_ERROR', 'You must provide either an email or phone number');
      await db.transaction(async (tx) => {
        const user = await findByAddress(tx, input);
        if (!user) {
          await claimSendSlot(tx, (input.email ?? input.phone) as string);
          return;
        }
        const kind: OneTimeTokenKind =
          input.type === 'signup' ? 'confirmation' : input.type === 'sms' ? 'otp' : input.type;
        await sendCode(tx, user, kind, input);
      });
    },

    /** POST /logout: this session (local), every session (global), or every other session (others). */
    async signOut(
      caller: { userId: string; sessionId: string },
      scope: 'local' | 'global' | 'others',
      context: RequestContext,
    ) {
      await db.transaction(async (tx) => {
        if (scope === 'local') await deps.sessions.end(tx, caller.sessionId, 'signed_out');
        else
          await deps.sessions.endAllForUser(
            tx,
            caller.userId,
            `signed_out_${scope}`,
            scope === 'others' ? { exceptSessionId: caller.sessionId } : {},
          );
        await deps.securityEvents.record(tx, {
          type: 'USER_SIGNED_OUT',
          userId: caller.userId,
          details: { scope },
          ip: context.ip,
          requestId: context.requestId,
        });
      });
    },

    async hasVerifiedFactor(userId: string): Promise<boolean> {
      return (await repository.findFactors(db, userId)).some((factor) => factor.status === 'verified');
    },

    async getUser(userId: string): Promise<AuthUser> {
      const user = await repository.findUserById(db, userId);
      if (!user) throw new AppError('UNAUTHENTICATED');
      return userJson(db, user);
    },

    /** GET /reauthenticate: sends a code that PUT /user accepts as `nonce` for sensitive changes. */
    async reauthenticate(userId: string) {
      await db.transaction(async (tx) => {
        const user = await repository.findUserById(tx, userId);
        if (!user) throw new AppError('UNAUTHENTICATED');
        if (user.email) await sendCode(tx, user, 'reauthentication', { email: user.email });
        else if (user.phone) await sendCode(tx, user, 'reauthentication', { phone: user.phone });
        else throw new AppError('VALIDATION_ERROR', 'This account has no email or phone to send a code to.');
      });
    },

    async updateUser(
      auth: {
        userId: string;
        sessionId: string;
        aal: 'aal1' | 'aal2';
        amr: { method: string; timestamp: number }[];
      },
      input: {
        email?: string;
        phone?: string;
        password?: string;
        data?: Record<string, unknown>;
        nonce?: string;
        signOutOthers?: boolean;
      },
      context: RequestContext,
    ): Promise<AuthUser> {
      const sensitive =
        input.email !== undefined || input.phone !== undefined || input.password !== undefined;
      if (input.password !== undefined) {
        const current = await repository.findUserById(db, auth.userId);
        rejectWeakPassword(input.password, [
          current?.email,
          current?.phone,
          String(current?.userMetadata.full_name ?? ''),
        ]);
      }
      const encryptedPassword = input.password !== undefined ? await hashPassword(input.password) : undefined;
      const updated = await db.transaction(async (tx) => {
        const now = clock.now();
        let user = await repository.findUserById(tx, auth.userId, { forUpdate: true });
        if (!user) throw new AppError('UNAUTHENTICATED');
        if (sensitive) {
          const factors = await repository.findFactors(tx, user.id);
          if (factors.some((factor) => factor.status === 'verified') && auth.aal !== 'aal2')
            throw new AppError('INSUFFICIENT_AAL');
          const recent = auth.amr.some(
            (entry) =>
              ['password', 'otp', 'recovery', 'oauth'].includes(entry.method) &&
              now.getTime() - entry.timestamp * 1000 < RECENT_SIGN_IN_MS,
          );
          if (!recent) {
            if (!input.nonce) throw new AppError('REAUTHENTICATION_NEEDED');
            // Returned, not thrown: the wrong try is committed and counts towards locking the code.
            if (!(await consumeCode(tx, user, ['reauthentication'], input.nonce))) return null;
          }
        }
        if (input.email !== undefined && input.email !== user.email) {
          if (await repository.findUserByEmail(tx, input.email))
            throw new AuthApiError(
              'USER_ALREADY_EXISTS',
              'email_exists',
              'This email address is already used by another account.',
            );
          // The new address must prove itself before it replaces the old one.
          await sendCode(tx, user, 'email_change', { email: input.email });
        }
        if (input.phone !== undefined && input.phone !== user.phone) {
          if (await repository.findUserByPhone(tx, input.phone))
            throw new AuthApiError(
              'USER_ALREADY_EXISTS',
              'phone_exists',
              'This phone number is already used by another account.',
            );
          await sendCode(tx, user, 'phone_change', { phone: input.phone });
        }
        user = await repository.updateUser(tx, user.id, {
          ...(encryptedPassword ? { encryptedPassword } : {}),
          ...(input.data ? { userMetadata: { ...user.userMetadata, ...input.data } } : {}),
          updatedAt: now,
        });
        if (encryptedPassword) {
          await deps.securityEvents.record(tx, {
            type: 'PASSWORD_CHANGED',
            userId: user.id,
            ip: context.ip,
            requestId: context.requestId,
          });
          if (input.signOutOthers)
            await deps.sessions.endAllForUser(tx, user.id, 'password_changed', {
              exceptSessionId: auth.sessionId,
            });
        }
        return userJson(tx, user);
      });
      if (!updated) throw new AppError('INVALID_CODE');
      return updated;
    },

    /** Confirms an email or phone change with the code sent to the new address (PUT /user then POST /verify). */
    /** A signed-in person confirms their own address with the code sent to it (no new session). */
    async confirmOwnAddress(userId: string, code: string): Promise<AuthUser> {
      const confirmed = await db.transaction(async (tx) => {
        const user = await repository.findUserById(tx, userId, { forUpdate: true });
        if (!user) throw new AppError('UNAUTHENTICATED');
        const token = await consumeCode(tx, user, ['confirmation', 'otp'], code);
        // Returned, not thrown: the wrong try is committed and counts towards locking the code.
        if (!token) return null;
        const now = clock.now();
        const updated = await repository.updateUser(tx, user.id, {
          ...(token.relatesTo === user.email && !user.emailConfirmedAt ? { emailConfirmedAt: now } : {}),
          ...(token.relatesTo === user.phone && !user.phoneConfirmedAt ? { phoneConfirmedAt: now } : {}),
          updatedAt: now,
        });
        return userJson(tx, updated);
      });
      if (!confirmed) throw new AppError('INVALID_CODE');
      return confirmed;
    },

    async confirmChange(
      userId: string,
      type: 'email_change' | 'phone_change',
      code: string,
      context: RequestContext,
    ): Promise<AuthUser> {
      const changed = await db.transaction(async (tx) => {
        const user = await repository.findUserById(tx, userId, { forUpdate: true });
        if (!user) throw new AppError('UNAUTHENTICATED');
        const token = await consumeCode(tx, user, [type], code);
        // Returned, not thrown: the wrong try is committed and counts towards locking the code.
        if (!token) return null;
        // The address may have been taken since the code was sent: say so plainly, not with a 500.
        const holder = await findByAddress(
          tx,
          type === 'email_change' ? { email: token.relatesTo } : { phone: token.relatesTo },
        );
        if (holder && holder.id !== user.id) {
          throw new AuthApiError(
            'USER_ALREADY_EXISTS',
            type === 'email_change' ? 'email_exists' : 'phone_exists',
            'This address is already used by another account.',
          );
        }
        const now = clock.now();
        const updated = await repository.updateUser(
          tx,
          user.id,
          type === 'email_change'
            ? { email: token.relatesTo, emailConfirmedAt: now, updatedAt: now }
            : { phone: token.relatesTo, phoneConfirmedAt: now, updatedAt: now },
        );
        await deps.securityEvents.record(tx, {
          type: type === 'email_change' ? 'EMAIL_CHANGED' : 'PHONE_CHANGED',
          userId: user.id,
          ip: context.ip,
          requestId: context.requestId,
        });
        return userJson(tx, updated);
      });
      if (!changed) throw new AppError('INVALID_CODE');
      return changed;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
