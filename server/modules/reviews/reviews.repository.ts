import { and, asc, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { holdsRole } from '#server/db/role-queries';
import { chatSessions, profiles, sessionReviews } from '#server/db/schema/index';
import { sessionShownAs, sessionsAsClient } from '#server/lib/session-queries';
import { createReviewsStatsRepository } from './reviews.stats.repository';
import { countRows, insertRowIfNew, updateRow } from '#server/lib/row-queries';

export type { CoachStatsFigures } from './reviews.stats.repository';

export type ReviewRow = typeof sessionReviews.$inferSelect;
export type NewReviewRow = typeof sessionReviews.$inferInsert;

/** Sessions where the person is the party `as`: the coach by id; the client by id or confirmed email. */
const asParty = (userId: string, as: 'client' | 'coach'): SQL =>
  as === 'coach' ? eq(chatSessions.coachId, userId) : sessionsAsClient(userId);

/**
 * session_reviews, and the coach_stats / client_coach_stats rows the reviews module keeps
 * point 5). A session's two reviews are written under its chat_sessions row lock (lockSession), so two
 * first reviews at once queue and the second sees the first.
 */
export function createReviewsRepository() {
  return {
    holdsCoachRole: (executor: DbExecutor, userId: string) => holdsRole(executor, userId, 'coach'),

    /** Locks the session row (FOR UPDATE): the two sides' reviews of one session queue here. */
    async lockSession(executor: DbExecutor, sessionId: string) {
      const [row] = await executor
        .select({
          id: chatSessions.id,
          coachId: chatSessions.coachId,
          clientId: chatSessions.clientId,
          endTime: chatSessions.endTime,
          startTime: chatSessions.startTime,
          durationMinutes: chatSessions.durationMinutes,
        })
        .from(chatSessions)
        .where(eq(chatSessions.id, sessionId))
        .for('update');
      return row;
    },

    listForSession(executor: DbExecutor, sessionId: string): Promise<ReviewRow[]> {
      return executor.select().from(sessionReviews).where(eq(sessionReviews.sessionId, sessionId));
    },

    async findById(executor: DbExecutor, id: string): Promise<ReviewRow | undefined> {
      const [row] = await executor.select().from(sessionReviews).where(eq(sessionReviews.id, id));
      return row;
    },

    /** Inserts unless this side already reviewed the session (then undefined). */
    async insert(executor: DbExecutor, values: NewReviewRow): Promise<ReviewRow | undefined> {
      return insertRowIfNew(executor, sessionReviews, values, [
        sessionReviews.sessionId,
        sessionReviews.authorRole,
      ]);
    },

    /** Brings the session's reviews still hidden at `now` forward to `now`. */
    async revealSession(executor: DbExecutor, sessionId: string, now: Date): Promise<void> {
      await executor
        .update(sessionReviews)
        .set({ visibleAt: now })
        .where(
          and(
            eq(sessionReviews.sessionId, sessionId),
            sql`${sessionReviews.visibleAt} > ${now.toISOString()}`,
          ),
        );
    },

    /**
     * Marks the visible, uncounted reviews among `ids` as counted into coach_stats; answers the ones
     * this call counted (each review is counted, and its visibility told, exactly once).
     */
    async markCounted(executor: DbExecutor, ids: readonly string[], now: Date): Promise<ReviewRow[]> {
      if (ids.length === 0) return [];
      return executor
        .update(sessionReviews)
        .set({ countedAt: now })
        .where(and(inArray(sessionReviews.id, [...ids]), isNull(sessionReviews.countedAt)))
        .returning();
    },

    /** Compare-and-set: the reply, only while there is none. Undefined when one was already there. */
    async setReply(
      executor: DbExecutor,
      input: { id: string; reply: string; now: Date },
    ): Promise<ReviewRow | undefined> {
      return updateRow(
        executor,
        sessionReviews,
        { reply: input.reply, repliedAt: input.now },
        and(eq(sessionReviews.id, input.id), isNull(sessionReviews.reply)),
      );
    },

    /**
     * Reviews that became visible by `now` and are not counted yet, locked FOR UPDATE SKIP LOCKED
     * (several instances take disjoint batches; a review being written right now is left to its writer).
     */
    lockDueVisible(executor: DbExecutor, now: Date, limit: number): Promise<ReviewRow[]> {
      return executor
        .select()
        .from(sessionReviews)
        .where(and(isNull(sessionReviews.countedAt), lte(sessionReviews.visibleAt, now)))
        .orderBy(asc(sessionReviews.visibleAt), asc(sessionReviews.id))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /** A session with the coach's profile name and username (for the review screens). */
    async findSessionView(executor: DbExecutor, sessionId: string) {
      const [row] = await executor
        .select({
          id: chatSessions.id,
          coachId: chatSessions.coachId,
          clientId: chatSessions.clientId,
          clientName: chatSessions.clientName,
          coachName: profiles.fullName,
          coachUsername: profiles.username,
        })
        .from(chatSessions)
        .leftJoin(profiles, eq(profiles.userId, chatSessions.coachId))
        .where(eq(chatSessions.id, sessionId));
      return row;
    },

    /** Completed sessions where the person is `as` and has not written their review, newest first. */
    awaiting(
      executor: DbExecutor,
      input: { userId: string; as: 'client' | 'coach'; now: Date; limit: number },
    ) {
      return executor
        .select({
          sessionId: chatSessions.id,
          coachName: profiles.fullName,
          clientName: chatSessions.clientName,
          format: chatSessions.format,
          startTime: chatSessions.startTime,
          endTime: chatSessions.endTime,
          durationMinutes: chatSessions.durationMinutes,
        })
        .from(chatSessions)
        .leftJoin(profiles, eq(profiles.userId, chatSessions.coachId))
        .where(
          and(
            asParty(input.userId, input.as),
            sessionShownAs('completed', input.now),
            sql`not exists (select 1 from ${sessionReviews} where ${sessionReviews.sessionId} = ${chatSessions.id} and ${sessionReviews.authorRole} = ${input.as})`,
          ),
        )
        .orderBy(desc(chatSessions.startTime), desc(chatSessions.id))
        .limit(input.limit);
    },

    /**
     * Reviews of sessions where the person is `as`, written by `author` (the person's own when author =
     * as; about them otherwise, then only those visible at `now`), newest first, with the session.
     */
    listOfParty(
      executor: DbExecutor,
      input: {
        userId: string;
        as: 'client' | 'coach';
        author: 'client' | 'coach';
        visibleBy?: Date;
        limit: number;
      },
    ) {
      return executor
        .select({
          review: sessionReviews,
          coachName: profiles.fullName,
          clientName: chatSessions.clientName,
          format: chatSessions.format,
          startTime: chatSessions.startTime,
        })
        .from(sessionReviews)
        .innerJoin(chatSessions, eq(chatSessions.id, sessionReviews.sessionId))
        .leftJoin(profiles, eq(profiles.userId, chatSessions.coachId))
        .where(
          and(
            asParty(input.userId, input.as),
            eq(sessionReviews.authorRole, input.author),
            input.visibleBy ? lte(sessionReviews.visibleAt, input.visibleBy) : undefined,
          ),
        )
        .orderBy(desc(sessionReviews.createdAt), desc(sessionReviews.id))
        .limit(input.limit);
    },

    /** The average and count of visible reviews about the person in role `as`. */
    async summaryOf(executor: DbExecutor, input: { userId: string; as: 'client' | 'coach'; now: Date }) {
      const about = input.as === 'coach' ? 'client' : 'coach';
      const [row] = await executor
        .select({
          average: sql<string | null>`round(avg(${sessionReviews.rating})::numeric, 2)::text`,
          total: sql<number>`count(*)::int`,
        })
        .from(sessionReviews)
        .innerJoin(chatSessions, eq(chatSessions.id, sessionReviews.sessionId))
        .where(
          and(
            asParty(input.userId, input.as),
            eq(sessionReviews.authorRole, about),
            lte(sessionReviews.visibleAt, input.now),
          ),
        );
      return { average: row?.average ?? null, total: row?.total ?? 0 };
    },

    /** A coach's client reviews visible at `now`, newest first, with the client's name on the session. */
    async listPublic(
      executor: DbExecutor,
      input: { coachId: string; now: Date; limit: number; offset: number },
    ) {
      const where = and(
        eq(sessionReviews.coachId, input.coachId),
        eq(sessionReviews.authorRole, 'client'),
        lte(sessionReviews.visibleAt, input.now),
      );
      const [rows, total] = await Promise.all([
        executor
          .select({ review: sessionReviews, clientName: chatSessions.clientName })
          .from(sessionReviews)
          .innerJoin(chatSessions, eq(chatSessions.id, sessionReviews.sessionId))
          .where(where)
          .orderBy(desc(sessionReviews.createdAt), desc(sessionReviews.id))
          .limit(input.limit)
          .offset(input.offset),
        countRows(executor, sessionReviews, where),
      ]);
      return { rows, total };
    },

    // ---- Stats (coach_stats, client_coach_stats)
    ...createReviewsStatsRepository(),
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
