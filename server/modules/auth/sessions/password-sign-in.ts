import { MISSING_CREDENTIALS, type AuthSession } from '#contracts/auth';
import { AppError } from '#domain/errors/app-error';
import type { AccountFlowDeps } from '../accounts/accounts';
import { hashPassword, verifyPassword } from '../password';
import type { RequestContext } from './session.service';

/** Account throttling: after 10 consecutive failures each further one locks the account for longer. */
const FREE_FAILURES = 10;
const BASE_LOCK_MS = 30_000;
const MAX_LOCK_MS = 60 * 60_000;
const FAILURES_PER_HOUR = 100;

/** An argon2id hash of a random string, verified when the account does not exist, so timing tells nothing. */
const DUMMY_HASH = hashPassword('wellspring-timing-equaliser-7f3a9c');

export type Credentials = { email?: string; phone?: string; password?: string };

/** Signing in with a password (with account throttling) and signing out. */
export function createPasswordSignIn(deps: AccountFlowDeps) {
  const { repository, clock, db, accounts } = deps;

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
      context,
    });
  }

  return {
    async signInWithPassword(input: Credentials, context: RequestContext): Promise<AuthSession> {
      if ((!input.email && !input.phone) || !input.password)
        throw new AppError('VALIDATION_ERROR', MISSING_CREDENTIALS);
      const user = await accounts.findByAddress(db, input);
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
      accounts.assertNotBanned(user);
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
          context,
        });
        return deps.sessions.start(tx, user, { method: 'password', context });
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
          context,
        });
      });
    },
  };
}
