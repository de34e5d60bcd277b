import type { AuthSession, AuthUser } from '#contracts/auth';
import { sessionState, unverifiedFactorsSince } from '#domain/auth/session-policy';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { Database, DbExecutor } from '#server/db/client';
import type { SecurityEventsService } from '#server/modules/security-events/security-events.service';
import type { AuthRepository, FactorRow, IdentityRow, SessionRow, UserRow } from '../auth.repository';
import type { SessionCheckCache } from './session-check-cache';
import { randomToken, sha256, type TokenService } from './tokens';

export type RequestContext = { ip: string | null; userAgent: string | null; requestId: string };

export type AmrEntry = { method: string; timestamp: number };

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export function toAuthUser(user: UserRow, identities: IdentityRow[], factors: FactorRow[]): AuthUser {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    phone: user.phone,
    email_confirmed_at: iso(user.emailConfirmedAt),
    phone_confirmed_at: iso(user.phoneConfirmedAt),
    last_sign_in_at: iso(user.lastSignInAt),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: identities.map((identity) => ({
      id: identity.id,
      identity_id: identity.id,
      user_id: identity.userId,
      provider: identity.provider,
      identity_data: identity.identityData,
      created_at: identity.createdAt.toISOString(),
      last_sign_in_at: iso(identity.lastSignInAt),
    })),
    factors: factors.map((factor) => ({
      id: factor.id,
      friendly_name: factor.friendlyName,
      factor_type: 'totp',
      status: factor.status,
      created_at: factor.createdAt.toISOString(),
      updated_at: factor.updatedAt.toISOString(),
    })),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

/**
 * Sign-in sessions: start, rotate refresh tokens (with reuse detection), end, list. The refresh path
 * follows the reference design of supabase/auth: the token row and the session row are locked in one
 * transaction, a replay inside the reuse interval gets the current child, a later replay ends the
 * whole session and is logged.
 */
export function createSessionService(deps: {
  db: Database;
  repository: AuthRepository;
  tokens: TokenService;
  securityEvents: SecurityEventsService;
  clock: Clock;
  policy: { idleTimeoutMs: number; maxLifetimeMs: number; refreshReuseIntervalMs: number };
  /** The guard's session check cache; it must be the one the repository tells of its session writes. */
  checks?: SessionCheckCache;
}) {
  const { repository, clock } = deps;

  async function issue(
    executor: DbExecutor,
    user: UserRow,
    session: SessionRow,
    refreshToken: string,
  ): Promise<AuthSession> {
    const [identities, factors] = await Promise.all([
      repository.findIdentities(executor, user.id),
      repository.findFactors(executor, user.id, { unverifiedSince: unverifiedFactorsSince(clock.now()) }),
    ]);
    const access = await deps.tokens.signAccessToken(
      {
        sub: user.id,
        session_id: session.id,
        aal: session.aal,
        role: 'authenticated',
        email: user.email,
        phone: user.phone,
        amr: session.amr,
      },
      executor,
    );
    return {
      access_token: access.token,
      token_type: 'bearer',
      expires_in: access.expiresIn,
      expires_at: access.expiresAt,
      refresh_token: refreshToken,
      user: toAuthUser(user, identities, factors),
    };
  }

  return {
    issue,

    /** Starts a session for a person who just proved who they are. Call inside the sign-in transaction. */
    async start(
      executor: DbExecutor,
      user: UserRow,
      options: { method: string; aal?: 'aal1' | 'aal2'; context: RequestContext },
    ): Promise<AuthSession> {
      const now = clock.now();
      const session = await repository.insertSession(executor, {
        userId: user.id,
        aal: options.aal ?? 'aal1',
        amr: [{ method: options.method, timestamp: Math.floor(now.getTime() / 1000) }],
        userAgent: options.context.userAgent?.slice(0, 500) ?? null,
        ip: options.context.ip,
        createdAt: now,
        refreshedAt: now,
        notAfter: new Date(now.getTime() + deps.policy.maxLifetimeMs),
      });
      const updatedUser = await repository.updateUser(executor, user.id, { lastSignInAt: now });
      const refreshToken = randomToken(32);
      await repository.insertRefreshToken(executor, {
        sessionId: session.id,
        tokenHash: sha256(refreshToken),
        createdAt: now,
      });
      return issue(executor, updatedUser, session, refreshToken);
    },

    async refresh(refreshToken: string, context: RequestContext): Promise<AuthSession> {
      // Derived before the transaction: the first derivation reads the secret on a pool connection of its
      // own, which a burst of refreshes holding every connection in their transactions would starve.
      const child = await deps.tokens.childRefreshToken(refreshToken);
      const reuse = await deps.db.transaction(async (tx) => {
        const now = clock.now();
        const token = await repository.findRefreshTokenByHash(tx, sha256(refreshToken));
        if (!token) throw new AppError('INVALID_REFRESH_TOKEN');
        const session = await repository.findSession(tx, token.sessionId, { forUpdate: true });
        if (!session) throw new AppError('INVALID_REFRESH_TOKEN');
        const state = sessionState(session, now, deps.policy.idleTimeoutMs);
        if (state !== 'active') {
          if (state !== 'ended') await repository.endSession(tx, session.id, now, state);
          return { kind: 'expired' as const };
        }
        const user = await repository.findUserById(tx, session.userId);
        if (!user) throw new AppError('INVALID_REFRESH_TOKEN');

        if (token.revokedAt) {
          const active = await repository.findActiveRefreshToken(tx, session.id);
          const withinInterval =
            now.getTime() - token.revokedAt.getTime() <= deps.policy.refreshReuseIntervalMs;
          if (active && withinInterval) {
            // Walk the derivation chain from the presented token down to the active one.
            const chain = await repository.findRefreshTokenChain(tx, session.id);
            let current = refreshToken;
            let currentId = token.id;
            while (currentId !== active.id) {
              const child = chain.find((row) => row.parentId === currentId);
              if (!child) break;
              current = await deps.tokens.childRefreshToken(current);
              currentId = child.id;
            }
            if (currentId === active.id)
              return { kind: 'ok' as const, session: await issue(tx, user, session, current) };
          }
          await repository.endSession(tx, session.id, now, 'refresh_token_reuse');
          await deps.securityEvents.record(tx, {
            type: 'REFRESH_TOKEN_REUSED',
            userId: user.id,
            severity: 'critical',
            details: { session_id: session.id, revoked_ms_ago: now.getTime() - token.revokedAt.getTime() },
            context,
          });
          return { kind: 'reused' as const };
        }

        await repository.revokeRefreshToken(tx, token.id, now);
        await repository.insertRefreshToken(tx, {
          sessionId: session.id,
          tokenHash: sha256(child),
          parentId: token.id,
          createdAt: now,
        });
        await repository.updateSession(tx, session.id, { refreshedAt: now });
        return {
          kind: 'ok' as const,
          session: await issue(tx, user, { ...session, refreshedAt: now }, child),
        };
      });
      // Thrown after the transaction commits, so ending the session on reuse or expiry is kept.
      if (reuse.kind === 'expired') throw new AppError('SESSION_EXPIRED');
      if (reuse.kind === 'reused') throw new AppError('REFRESH_TOKEN_ALREADY_USED');
      return reuse.session;
    },

    /** The session an access token names, if it is still usable (not ended, idle or past its lifetime). */
    async findActiveSession(sessionId: string): Promise<SessionRow | null> {
      const isActive = (session: SessionRow) =>
        sessionState(session, clock.now(), deps.policy.idleTimeoutMs) === 'active';
      // Remembered for a moment (session-check-cache.ts): only ever as open, and checked again here.
      const remembered = deps.checks?.get(sessionId);
      if (remembered && isActive(remembered)) return remembered;
      const read = deps.checks?.beginRead() ?? 0;
      const session = await repository.findSessionById(deps.db, sessionId);
      if (!session || !isActive(session)) return null;
      deps.checks?.remember(session, read);
      return session;
    },

    /** Which of these sessions are still active (one query; the realtime gateway's periodic check). */
    async activeSessionIds(sessionIds: string[]): Promise<Set<string>> {
      const now = clock.now();
      const sessions = await repository.findSessions(deps.db, [...new Set(sessionIds)]);
      return new Set(
        sessions
          .filter((session) => sessionState(session, now, deps.policy.idleTimeoutMs) === 'active')
          .map((session) => session.id),
      );
    },

    async end(executor: DbExecutor, sessionId: string, reason: string) {
      await repository.endSession(executor, sessionId, clock.now(), reason);
    },

    async endAllForUser(
      executor: DbExecutor,
      userId: string,
      reason: string,
      options: { exceptSessionId?: string } = {},
    ) {
      return repository.endSessions(executor, userId, clock.now(), reason, options);
    },

    async listOpen(userId: string, currentSessionId: string) {
      const now = clock.now();
      const sessions = await repository.findOpenSessions(deps.db, userId);
      return sessions
        .filter((session) => sessionState(session, now, deps.policy.idleTimeoutMs) === 'active')
        .map((session) => ({
          id: session.id,
          created_at: session.createdAt.toISOString(),
          refreshed_at: session.refreshedAt.toISOString(),
          not_after: session.notAfter.toISOString(),
          aal: session.aal,
          user_agent: session.userAgent,
          ip: session.ip,
          current: session.id === currentSessionId,
        }));
    },

    /** After a verified second factor: the session becomes aal2 and a new access token is issued. */
    async elevate(
      executor: DbExecutor,
      user: UserRow,
      sessionId: string,
      method: string,
    ): Promise<AuthSession> {
      const session = await repository.findSession(executor, sessionId, { forUpdate: true });
      if (!session || sessionState(session, clock.now(), deps.policy.idleTimeoutMs) !== 'active') {
        throw new AppError('SESSION_EXPIRED');
      }
      const amr: AmrEntry[] = [
        ...session.amr,
        { method, timestamp: Math.floor(clock.now().getTime() / 1000) },
      ];
      await repository.updateSession(executor, session.id, { aal: 'aal2', amr });
      const active = await repository.findActiveRefreshToken(executor, session.id);
      if (!active) throw new AppError('SESSION_EXPIRED');
      // The refresh token stays with the browser (cookie or client storage): the body carries none.
      const issued = await issue(executor, user, { ...session, aal: 'aal2', amr }, '');
      return { ...issued, refresh_token: null };
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
