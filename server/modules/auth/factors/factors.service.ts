import QRCode from 'qrcode';
import type { AuthSession } from '#contracts/auth';
import type { Clock } from '#domain/clock';
import { unverifiedFactorsSince } from '#domain/auth/session-policy';
import { AppError } from '#domain/errors/app-error';
import { AuthApiError } from '../auth-errors';
import type { Database, DbExecutor } from '#server/db/client';
import type { SecurityEventsService } from '#server/modules/security-events/security-events.service';
import type { AuthRepository } from '../auth.repository';
import type { RequestContext, SessionService } from '../sessions/session.service';
import { generateTotpSecret, matchTotpStep, totpUri } from './totp';

export type AuthContext = { userId: string; sessionId: string; aal: 'aal1' | 'aal2' };

/** A challenge must be answered within 5 minutes; at most 5 wrong codes per factor per 5 minutes (R8). */
const CHALLENGE_TTL_MS = 5 * 60_000;
const FAILURE_WINDOW_MS = 5 * 60_000;
/**
 * Failures are stored per challenge, and a challenge takes codes for 5 minutes after it is created: a
 * wrong code of the last 5 minutes can sit on a challenge created up to 10 minutes ago. Counting only
 * challenges created in the last 5 minutes let a new challenge wipe out seconds-old failures.
 */
const FAILURE_LOOKBACK_MS = FAILURE_WINDOW_MS + CHALLENGE_TTL_MS;
const MAX_FAILURES = 5;
const MAX_FACTORS = 10;

const factorNotFound = () => new AuthApiError('NOT_FOUND', 'mfa_factor_not_found', 'Factor not found');

/** TOTP second factors: enrol, challenge, verify (the session becomes aal2), remove. */
export function createFactorsService(deps: {
  db: Database;
  repository: AuthRepository;
  sessions: SessionService;
  securityEvents: SecurityEventsService;
  clock: Clock;
}) {
  const { db, repository, clock } = deps;

  /** An expired set-up (domain/auth/session-policy.ts) is gone, as if deleted. */
  async function isLive(executor: DbExecutor, factor: { id: string; userId: string }) {
    const live = await repository.findFactors(executor, factor.userId, {
      unverifiedSince: unverifiedFactorsSince(clock.now()),
    });
    return live.some((row) => row.id === factor.id);
  }

  /** RATE_LIMITED after MAX_FAILURES wrong codes for the factor within the lookback window. */
  async function refuseAfterTooManyFailures(executor: DbExecutor, factorId: string, now: Date) {
    const since = new Date(now.getTime() - FAILURE_LOOKBACK_MS);
    const failures = await repository.countFailedFactorAttemptsSince(executor, factorId, since);
    if (failures >= MAX_FAILURES)
      throw new AppError('RATE_LIMITED', 'Too many wrong codes. Please wait a few minutes.', {
        retryAfterSeconds: 300,
      });
  }

  async function requireFactor(userId: string, factorId: string) {
    const factor = await repository.findFactor(db, userId, factorId);
    if (!factor || !(await isLive(db, factor))) throw factorNotFound();
    return factor;
  }

  return {
    async enroll(auth: AuthContext, friendlyName: string | undefined, context: RequestContext) {
      return db.transaction(async (tx) => {
        const user = await repository.findUserById(tx, auth.userId, { forUpdate: true });
        if (!user) throw new AppError('UNAUTHENTICATED');
        // GoTrue: expired set-ups are deleted on every enrolment, and do not count towards the maximum.
        await repository.deleteExpiredUnverifiedFactors(tx, unverifiedFactorsSince(clock.now()));
        const factors = await repository.findFactors(tx, auth.userId);
        if (factors.some((factor) => factor.status === 'verified') && auth.aal !== 'aal2')
          throw new AppError('INSUFFICIENT_AAL');
        if (factors.length >= MAX_FACTORS)
          throw new AuthApiError(
            'CONFLICT',
            'too_many_enrolled_mfa_factors',
            'You already have the maximum number of authenticators.',
            { status: 422 },
          );
        const now = clock.now();
        const secret = generateTotpSecret();
        const factor = await repository.insertFactor(tx, {
          userId: auth.userId,
          friendlyName: friendlyName ?? null,
          secret,
          createdAt: now,
          updatedAt: now,
        });
        const uri = totpUri(secret, user.email ?? user.phone ?? user.id);
        const svg = await QRCode.toString(uri, { type: 'svg', margin: 1 });
        await deps.securityEvents.record(tx, {
          type: 'MFA_ENROLLED',
          userId: auth.userId,
          details: { factor_id: factor.id },
          context,
        });
        return {
          id: factor.id,
          type: 'totp' as const,
          friendly_name: factor.friendlyName,
          // The SVG itself, as GoTrue answers (auth-js turns it into a data: URL; so does the web app).
          totp: { secret, uri, qr_code: svg },
        };
      });
    },

    async challenge(auth: AuthContext, factorId: string) {
      const factor = await requireFactor(auth.userId, factorId);
      const now = clock.now();
      await refuseAfterTooManyFailures(db, factor.id, now);
      const challenge = await repository.insertChallenge(db, { factorId: factor.id, createdAt: now });
      return {
        id: challenge.id,
        type: 'totp' as const,
        expires_at: Math.floor((now.getTime() + CHALLENGE_TTL_MS) / 1000),
      };
    },

    async verify(
      auth: AuthContext,
      factorId: string,
      challengeId: string,
      code: string,
      context: RequestContext,
    ): Promise<AuthSession> {
      const outcome = await db.transaction(async (tx) => {
        const now = clock.now();
        const factor = await repository.findFactor(tx, auth.userId, factorId, { forUpdate: true });
        if (!factor || !(await isLive(tx, factor))) throw factorNotFound();
        const challenge = await repository.findChallenge(tx, factor.id, challengeId);
        if (
          !challenge ||
          challenge.verifiedAt ||
          now.getTime() - challenge.createdAt.getTime() > CHALLENGE_TTL_MS
        ) {
          throw new AuthApiError(
            'INVALID_CODE',
            'mfa_challenge_expired',
            'This sign-in step has expired. Please start again.',
            { status: 422 },
          );
        }
        await refuseAfterTooManyFailures(tx, factor.id, now);
        const step = matchTotpStep(factor.secret, code, now, factor.lastUsedStep);
        if (step === null) {
          await repository.updateChallenge(tx, challenge.id, {
            failedAttempts: challenge.failedAttempts + 1,
          });
          await deps.securityEvents.record(tx, {
            type: 'MFA_FAILED',
            userId: auth.userId,
            details: { factor_id: factor.id },
            context,
          });
          return { ok: false as const };
        }
        await repository.updateFactor(tx, factor.id, {
          status: 'verified',
          lastUsedStep: step,
          updatedAt: now,
        });
        await repository.updateChallenge(tx, challenge.id, { verifiedAt: now });
        // GoTrue: once one factor is verified, the person's other unfinished set-ups are deleted.
        await repository.deleteOtherUnverifiedFactors(tx, auth.userId, factor.id);
        const user = await repository.findUserById(tx, auth.userId);
        if (!user) throw new AppError('UNAUTHENTICATED');
        await deps.securityEvents.record(tx, {
          type: 'MFA_VERIFIED',
          userId: auth.userId,
          details: { factor_id: factor.id },
          context,
        });
        return { ok: true as const, session: await deps.sessions.elevate(tx, user, auth.sessionId, 'totp') };
      });
      // The failed attempt is committed before the error, so it counts towards the limit.
      if (!outcome.ok)
        throw new AuthApiError('INVALID_CODE', 'mfa_verification_failed', 'Invalid TOTP code entered', {
          status: 422,
        });
      return outcome.session;
    },

    async unenroll(auth: AuthContext, factorId: string, context: RequestContext) {
      await db.transaction(async (tx) => {
        const factor = await repository.findFactor(tx, auth.userId, factorId, { forUpdate: true });
        if (!factor) throw factorNotFound();
        if (factor.status === 'verified' && auth.aal !== 'aal2')
          throw new AuthApiError('INSUFFICIENT_AAL', 'insufficient_aal', undefined, { status: 422 });
        await repository.deleteFactor(tx, factor.id);
        await deps.securityEvents.record(tx, {
          type: 'MFA_REMOVED',
          userId: auth.userId,
          details: { factor_id: factor.id },
          context,
        });
      });
      return { id: factorId };
    },
  };
}

export type FactorsService = ReturnType<typeof createFactorsService>;
