import { MISSING_CREDENTIALS, type AuthSession, type AuthUser } from '#contracts/auth';
import { assessPassword } from '#domain/auth/password-strength';
import { unverifiedFactorsSince } from '#domain/auth/session-policy';
import { AppError } from '#domain/errors/app-error';
import type { DbExecutor } from '#server/db/client';
import { AuthApiError } from '../auth-errors';
import type { UserRow } from '../auth.repository';
import type { OneTimeCodes } from '../codes/one-time-codes';
import { hashPassword } from '../password';
import type { Credentials } from '../sessions/password-sign-in';
import { toAuthUser, type RequestContext } from '../sessions/session.service';
import type { AccountFlowDeps } from './accounts';
import { isTimeZone } from '#domain/scheduling/local-time';

/** A sign-in this recent counts as a fresh confirmation for sensitive changes. */
const RECENT_SIGN_IN_MS = 5 * 60_000;

/** A person's account: sign-up, the user (GET and PUT /user), reauthentication and address changes. */
export function createAccountService(deps: AccountFlowDeps & { codes: OneTimeCodes }) {
  const { repository, clock, db, accounts, codes } = deps;

  async function userJson(executor: DbExecutor, user: UserRow): Promise<AuthUser> {
    const [identities, factors] = await Promise.all([
      repository.findIdentities(executor, user.id),
      repository.findFactors(executor, user.id, { unverifiedSince: unverifiedFactorsSince(clock.now()) }),
    ]);
    return toAuthUser(user, identities, factors);
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

  /** The zone a sign-up form sent with its data (the device's, issue #18), when it is one. */
  const zoneOf = (data: Record<string, unknown> | undefined) =>
    typeof data?.time_zone === 'string' && isTimeZone(data.time_zone) ? data.time_zone : null;

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
          if (await accounts.findByAddress(tx, input)) throw new AppError('USER_ALREADY_EXISTS');
          const user = await accounts.createAccount(tx, input, {
            encryptedPassword,
            userMetadata: { ...(input.data ?? {}), ...(fullName ? { full_name: fullName } : {}) },
            fullName: fullName ?? null,
            timeZone: zoneOf(input.data),
          });
          await codes.sendCode(tx, user, 'confirmation', input);
          await deps.securityEvents.record(tx, {
            type: 'USER_SIGNED_UP',
            userId: user.id,
            context,
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
        if (user.email) await codes.sendCode(tx, user, 'reauthentication', { email: user.email });
        else if (user.phone) await codes.sendCode(tx, user, 'reauthentication', { phone: user.phone });
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
            if (!(await codes.consumeCode(tx, user, ['reauthentication'], input.nonce))) return null;
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
          await codes.sendCode(tx, user, 'email_change', { email: input.email });
        }
        if (input.phone !== undefined && input.phone !== user.phone) {
          if (await repository.findUserByPhone(tx, input.phone))
            throw new AuthApiError(
              'USER_ALREADY_EXISTS',
              'phone_exists',
              'This phone number is already used by another account.',
            );
          await codes.sendCode(tx, user, 'phone_change', { phone: input.phone });
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
            context,
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

    /** A signed-in person confirms their own address with the code sent to it (no new session). */
    async confirmOwnAddress(userId: string, code: string): Promise<AuthUser> {
      const confirmed = await db.transaction(async (tx) => {
        const user = await repository.findUserById(tx, userId, { forUpdate: true });
        if (!user) throw new AppError('UNAUTHENTICATED');
        const token = await codes.consumeCode(tx, user, ['confirmation', 'otp'], code);
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

    /** Confirms an email or phone change with the code sent to the new address (PUT /user then POST /verify). */
    async confirmChange(
      userId: string,
      type: 'email_change' | 'phone_change',
      code: string,
      context: RequestContext,
    ): Promise<AuthUser> {
      const changed = await db.transaction(async (tx) => {
        const user = await repository.findUserById(tx, userId, { forUpdate: true });
        if (!user) throw new AppError('UNAUTHENTICATED');
        const token = await codes.consumeCode(tx, user, [type], code);
        // Returned, not thrown: the wrong try is committed and counts towards locking the code.
        if (!token) return null;
        // The address may have been taken since the code was sent: say so plainly, not with a 500.
        const holder = await accounts.findByAddress(
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
          context,
        });
        return userJson(tx, updated);
      });
      if (!changed) throw new AppError('INVALID_CODE');
      return changed;
    },
  };
}
