import { and, desc, eq, exists, type SQL, gt, isNull, lt, ne, not, or, sql, inArray } from 'drizzle-orm';
import type { FactorExpiry } from '#domain/auth/session-policy';
import type { Database, DbExecutor } from '#server/db/client';
import { preparedOn } from '#server/db/prepared';
import {
  appMeta,
  authSessions,
  codeRequests,
  identities,
  mfaChallenges,
  mfaFactors,
  oneTimeTokens,
  profiles,
  refreshTokens,
  signInFailures,
  signingKeys,
  users,
} from '#server/db/schema/index';
import { countRows, insertRow } from '#server/lib/row-queries';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof authSessions.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type FactorRow = typeof mfaFactors.$inferSelect;
export type IdentityRow = typeof identities.$inferSelect;
export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;
export type SigningKeyRow = typeof signingKeys.$inferSelect;
export type OneTimeTokenKind = OneTimeTokenRow['kind'];

const first = <T>(rows: T[]): T | null => rows[0] ?? null;

/** An unverified factor past GoTrue's expiry: never challenged within 5 minutes, or older than 24 hours. */
const expiredFactor = (expiry: FactorExpiry): SQL =>
  sql`${and(
    ne(mfaFactors.status, 'verified'),
    or(
      lt(mfaFactors.createdAt, expiry.anyBefore),
      and(
        lt(mfaFactors.createdAt, expiry.unchallengedBefore),
        not(
          exists(
            // Spelled out: inside a DELETE, drizzle would leave the outer column unqualified.
            sql`(select 1 from "mfa_challenges" c where c."factor_id" = "mfa_factors"."id")`,
          ),
        ),
      ),
    ),
  )}`;

const sessionById = preparedOn((db) =>
  db
    .select()
    .from(authSessions)
    .where(eq(authSessions.id, sql.placeholder('id')))
    .prepare('auth_session_by_id'),
);

/**
 * Everything the auth module stores. Functions take the executor, so the service decides the transaction.
 * `sessionsChanged` hears of every write to sign-in session rows (the session check cache forgets them).
 */
export function createAuthRepository(hooks: { sessionsChanged?: (ids: readonly string[]) => void } = {}) {
  const sessionsChanged = hooks.sessionsChanged ?? (() => undefined);
  return {
    // ---- users and identities
    async findUserById(executor: DbExecutor, id: string, options: { forUpdate?: boolean } = {}) {
      const query = executor.select().from(users).where(eq(users.id, id));
      return first(options.forUpdate ? await query.for('update') : await query);
    },
    async findUserByEmail(executor: DbExecutor, email: string) {
      return first(
        await executor
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = lower(${email})`),
      );
    },
    async findUserByPhone(executor: DbExecutor, phone: string) {
      return first(await executor.select().from(users).where(eq(users.phone, phone)));
    },
    async insertUser(executor: DbExecutor, values: typeof users.$inferInsert) {
      return insertRow(executor, users, values);
    },
    async updateUser(executor: DbExecutor, id: string, values: Partial<typeof users.$inferInsert>) {
      const [row] = await executor.update(users).set(values).where(eq(users.id, id)).returning();
      if (!row) throw new Error('user update returned nothing');
      return row;
    },
    async insertProfile(executor: DbExecutor, values: typeof profiles.$inferInsert) {
      await executor.insert(profiles).values(values).onConflictDoNothing();
    },
    async findIdentities(executor: DbExecutor, userId: string) {
      return executor
        .select()
        .from(identities)
        .where(eq(identities.userId, userId))
        .orderBy(identities.createdAt);
    },
    async findIdentity(executor: DbExecutor, provider: string, providerId: string) {
      return first(
        await executor
          .select()
          .from(identities)
          .where(and(eq(identities.provider, provider), eq(identities.providerId, providerId))),
      );
    },
    async upsertIdentity(executor: DbExecutor, values: typeof identities.$inferInsert) {
      await executor
        .insert(identities)
        .values(values)
        .onConflictDoUpdate({
          target: [identities.provider, identities.providerId],
          set: { identityData: values.identityData, lastSignInAt: values.lastSignInAt },
        });
    },
    async deleteIdentity(executor: DbExecutor, userId: string, identityId: string) {
      return executor
        .delete(identities)
        .where(and(eq(identities.id, identityId), eq(identities.userId, userId)))
        .returning({ id: identities.id });
    },

    // ---- sessions and refresh tokens
    async insertSession(executor: DbExecutor, values: typeof authSessions.$inferInsert) {
      return insertRow(executor, authSessions, values);
    },
    async findSession(executor: DbExecutor, id: string, options: { forUpdate?: boolean } = {}) {
      const query = executor.select().from(authSessions).where(eq(authSessions.id, id));
      return first(options.forUpdate ? await query.for('update') : await query);
    },
    /** findSession on the pool, prepared: the guard's check on every authenticated request. */
    async findSessionById(db: Database, id: string) {
      return first(await sessionById(db).execute({ id }));
    },
    async findSessions(executor: DbExecutor, ids: string[]) {
      if (ids.length === 0) return [];
      return executor.select().from(authSessions).where(inArray(authSessions.id, ids));
    },
    async updateSession(executor: DbExecutor, id: string, values: Partial<typeof authSessions.$inferInsert>) {
      sessionsChanged([id]);
      await executor.update(authSessions).set(values).where(eq(authSessions.id, id));
    },
    async findOpenSessions(executor: DbExecutor, userId: string) {
      return executor
        .select()
        .from(authSessions)
        .where(and(eq(authSessions.userId, userId), isNull(authSessions.endedAt)))
        .orderBy(desc(authSessions.refreshedAt));
    },
    /** Ends the user's open sessions (all, or all but one) and revokes their refresh tokens. */
    async endSessions(
      executor: DbExecutor,
      userId: string,
      at: Date,
      reason: string,
      options: { exceptSessionId?: string } = {},
    ) {
      const conditions = [eq(authSessions.userId, userId), isNull(authSessions.endedAt)];
      if (options.exceptSessionId) conditions.push(ne(authSessions.id, options.exceptSessionId));
      const ended = await executor
        .update(authSessions)
        .set({ endedAt: at, endReason: reason })
        .where(and(...conditions))
        .returning({ id: authSessions.id });
      sessionsChanged(ended.map((row) => row.id));
      for (const { id } of ended) {
        await executor
          .update(refreshTokens)
          .set({ revokedAt: at })
          .where(and(eq(refreshTokens.sessionId, id), isNull(refreshTokens.revokedAt)));
      }
      return ended.map((row) => row.id);
    },
    async endSession(executor: DbExecutor, sessionId: string, at: Date, reason: string) {
      sessionsChanged([sessionId]);
      await executor
        .update(authSessions)
        .set({ endedAt: at, endReason: reason })
        .where(and(eq(authSessions.id, sessionId), isNull(authSessions.endedAt)));
      await executor
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt)));
    },
    async insertRefreshToken(executor: DbExecutor, values: typeof refreshTokens.$inferInsert) {
      return insertRow(executor, refreshTokens, values);
    },
    async findRefreshTokenByHash(executor: DbExecutor, tokenHash: string) {
      return first(
        await executor
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, tokenHash))
          .for('update'),
      );
    },
    async findActiveRefreshToken(executor: DbExecutor, sessionId: string) {
      return first(
        await executor
          .select()
          .from(refreshTokens)
          .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt)))
          .orderBy(desc(refreshTokens.id))
          .limit(1),
      );
    },
    async findRefreshTokenChain(executor: DbExecutor, sessionId: string) {
      return executor
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.sessionId, sessionId))
        .orderBy(refreshTokens.id);
    },
    async revokeRefreshToken(executor: DbExecutor, id: number, at: Date) {
      await executor.update(refreshTokens).set({ revokedAt: at }).where(eq(refreshTokens.id, id));
    },

    // ---- one-time codes
    async insertOneTimeToken(executor: DbExecutor, values: typeof oneTimeTokens.$inferInsert) {
      // A new code replaces any earlier unused code of the same kind.
      await executor
        .update(oneTimeTokens)
        .set({ usedAt: values.createdAt })
        .where(
          and(
            eq(oneTimeTokens.userId, values.userId),
            eq(oneTimeTokens.kind, values.kind),
            isNull(oneTimeTokens.usedAt),
          ),
        );
      await executor.insert(oneTimeTokens).values(values);
    },
    async findLatestOneTimeToken(executor: DbExecutor, userId: string, kind: OneTimeTokenKind) {
      return first(
        await executor
          .select()
          .from(oneTimeTokens)
          .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind)))
          .orderBy(desc(oneTimeTokens.createdAt))
          .limit(1)
          .for('update'),
      );
    },
    async countOneTimeTokensSince(executor: DbExecutor, relatesTo: string, since: Date) {
      return countRows(
        executor,
        oneTimeTokens,
        and(eq(oneTimeTokens.relatesTo, relatesTo), gt(oneTimeTokens.createdAt, since)),
      );
    },
    /** Serialises code requests for one address (transaction-scoped lock). */
    async lockAddress(executor: DbExecutor, addressHash: string) {
      await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${addressHash}))`);
    },
    async countCodeRequestsSince(executor: DbExecutor, addressHash: string, since: Date) {
      return countRows(
        executor,
        codeRequests,
        and(eq(codeRequests.addressHash, addressHash), gt(codeRequests.createdAt, since)),
      );
    },
    async insertCodeRequest(executor: DbExecutor, addressHash: string, at: Date) {
      await executor.insert(codeRequests).values({ addressHash, createdAt: at });
    },
    async updateOneTimeToken(
      executor: DbExecutor,
      id: string,
      values: Partial<typeof oneTimeTokens.$inferInsert>,
    ) {
      await executor.update(oneTimeTokens).set(values).where(eq(oneTimeTokens.id, id));
    },

    // ---- second factors
    /**
     * A person's factors. With `unverifiedSince`, an unverified factor created before it is left out:
     * an abandoned set-up expires (GoTrue's factor_expiry_duration) and is no longer listed.
     */
    async findFactors(
      executor: DbExecutor,
      userId: string,
      options: { unverifiedSince?: FactorExpiry } = {},
    ) {
      const live = options.unverifiedSince ? not(expiredFactor(options.unverifiedSince)) : undefined;
      return executor
        .select()
        .from(mfaFactors)
        .where(and(eq(mfaFactors.userId, userId), live))
        .orderBy(mfaFactors.createdAt);
    },
    /** Deletes every expired unverified factor (any person's), with its challenges. */
    async deleteExpiredUnverifiedFactors(executor: DbExecutor, expiry: FactorExpiry) {
      await executor.delete(mfaFactors).where(expiredFactor(expiry));
    },
    /** Deletes a person's unverified factors other than `keepId` (after one of them is verified). */
    async deleteOtherUnverifiedFactors(executor: DbExecutor, userId: string, keepId: string) {
      await executor
        .delete(mfaFactors)
        .where(
          and(eq(mfaFactors.userId, userId), ne(mfaFactors.status, 'verified'), ne(mfaFactors.id, keepId)),
        );
    },
    async findFactor(
      executor: DbExecutor,
      userId: string,
      factorId: string,
      options: { forUpdate?: boolean } = {},
    ) {
      const query = executor
        .select()
        .from(mfaFactors)
        .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)));
      return first(options.forUpdate ? await query.for('update') : await query);
    },
    async insertFactor(executor: DbExecutor, values: typeof mfaFactors.$inferInsert) {
      return insertRow(executor, mfaFactors, values);
    },
    async updateFactor(executor: DbExecutor, id: string, values: Partial<typeof mfaFactors.$inferInsert>) {
      await executor.update(mfaFactors).set(values).where(eq(mfaFactors.id, id));
    },
    async deleteFactor(executor: DbExecutor, id: string) {
      await executor.delete(mfaFactors).where(eq(mfaFactors.id, id));
    },
    async insertChallenge(executor: DbExecutor, values: typeof mfaChallenges.$inferInsert) {
      return insertRow(executor, mfaChallenges, values);
    },
    async findChallenge(executor: DbExecutor, factorId: string, challengeId: string) {
      return first(
        await executor
          .select()
          .from(mfaChallenges)
          .where(and(eq(mfaChallenges.id, challengeId), eq(mfaChallenges.factorId, factorId)))
          .for('update'),
      );
    },
    async updateChallenge(
      executor: DbExecutor,
      id: string,
      values: Partial<typeof mfaChallenges.$inferInsert>,
    ) {
      await executor.update(mfaChallenges).set(values).where(eq(mfaChallenges.id, id));
    },
    /** Failed factor verifications in a window, across challenges (≤ 5 per 5 minutes). */
    async countFailedFactorAttemptsSince(executor: DbExecutor, factorId: string, since: Date) {
      const [row] = await executor
        .select({ count: sql<number>`coalesce(sum(${mfaChallenges.failedAttempts}), 0)::int` })
        .from(mfaChallenges)
        .where(and(eq(mfaChallenges.factorId, factorId), gt(mfaChallenges.createdAt, since)));
      return row?.count ?? 0;
    },

    // ---- sign-in failures (per-account throttling)
    async findSignInFailures(executor: DbExecutor, userId: string) {
      return first(
        await executor.select().from(signInFailures).where(eq(signInFailures.userId, userId)).for('update'),
      );
    },
    /** The account's row, created if absent, locked until the end of the transaction. */
    async lockSignInFailures(executor: DbExecutor, userId: string, now: Date) {
      await executor.insert(signInFailures).values({ userId, windowStartedAt: now }).onConflictDoNothing();
      const row = first(
        await executor.select().from(signInFailures).where(eq(signInFailures.userId, userId)).for('update'),
      );
      if (!row) throw new Error('sign-in failures row missing');
      return row;
    },
    async saveSignInFailures(executor: DbExecutor, values: typeof signInFailures.$inferInsert) {
      await executor
        .insert(signInFailures)
        .values(values)
        .onConflictDoUpdate({ target: signInFailures.userId, set: values });
    },

    // ---- signing keys and the refresh-token secret
    async findSigningKeys(executor: DbExecutor) {
      return executor.select().from(signingKeys).orderBy(signingKeys.activatesAt);
    },
    async insertSigningKey(executor: DbExecutor, values: typeof signingKeys.$inferInsert) {
      await executor.insert(signingKeys).values(values).onConflictDoNothing();
    },
    async findMeta(executor: DbExecutor, key: string) {
      return first(await executor.select().from(appMeta).where(eq(appMeta.key, key)))?.value ?? null;
    },
    async insertMetaIfAbsent(executor: DbExecutor, key: string, value: unknown, at: Date) {
      await executor.insert(appMeta).values({ key, value, updatedAt: at }).onConflictDoNothing();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
