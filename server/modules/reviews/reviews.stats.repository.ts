import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import {
  chatSessions,
  clientCoachStats,
  coachStats,
  sessionRequests,
  sessionReviews,
} from '#server/db/schema/index';
import { SESSION_ENDS_AT } from '#server/lib/session-queries';

/** Stats of one coach computed from the real tables (SPEC §3 coach_stats). */
export type CoachStatsFigures = {
  totalSessions: number;
  totalClients: number;
  ratingAverage: string | null;
  totalReviews: number;
  avgResponseSeconds: number | null;
  answeredInstant: number;
  decidedInstant: number;
};

/**
 * The coach_stats and client_coach_stats rows the reviews module keeps: each locked (created when
 * missing) before its figures are read, then written from the real tables.
 */
export function createReviewsStatsRepository() {
  return {
    /**
     * Locks the coach's coach_stats row, creating it when missing. Taken before the figures are read,
     * so two refreshes of one coach queue and the second reads what the first committed (no lost update).
     */
    async lockCoachStats(executor: DbExecutor, coachId: string): Promise<void> {
      await executor
        .insert(coachStats)
        .values({ coachId })
        .onConflictDoNothing({ target: coachStats.coachId });
      await executor
        .select({ coachId: coachStats.coachId })
        .from(coachStats)
        .where(eq(coachStats.coachId, coachId))
        .for('update');
    },

    async lockClientCoachStats(executor: DbExecutor, coachId: string, clientId: string): Promise<void> {
      await executor
        .insert(clientCoachStats)
        .values({ coachId, clientId })
        .onConflictDoNothing({ target: [clientCoachStats.coachId, clientCoachStats.clientId] });
      await executor
        .select({ coachId: clientCoachStats.coachId })
        .from(clientCoachStats)
        .where(and(eq(clientCoachStats.coachId, coachId), eq(clientCoachStats.clientId, clientId)))
        .for('update');
    },

    async coachFigures(executor: DbExecutor, coachId: string, now: Date): Promise<CoachStatsFigures> {
      const [sessions] = await executor
        .select({
          total: sql<number>`count(*)::int`,
          clients: sql<number>`count(distinct ${chatSessions.clientId})::int`,
        })
        .from(chatSessions)
        .where(and(eq(chatSessions.coachId, coachId), eq(chatSessions.status, 'completed')));
      const [reviews] = await executor
        .select({
          average: sql<string | null>`round(avg(${sessionReviews.rating})::numeric, 2)::text`,
          total: sql<number>`count(*)::int`,
        })
        .from(sessionReviews)
        .where(
          and(
            eq(sessionReviews.coachId, coachId),
            eq(sessionReviews.authorRole, 'client'),
            lte(sessionReviews.visibleAt, now),
          ),
        );
      const answered = inArray(sessionRequests.status, ['accepted', 'declined']);
      const [response] = await executor
        .select({
          seconds: sql<
            number | null
          >`extract(epoch from avg(${sessionRequests.respondedAt} - ${sessionRequests.createdAt}))::float8`,
        })
        .from(sessionRequests)
        .where(
          and(
            eq(sessionRequests.coachId, coachId),
            answered,
            sql`${sessionRequests.respondedAt} is not null`,
          ),
        );
      // Instant requests (no preferred time) that were decided: answered, or left to expire.
      const [onTime] = await executor
        .select({
          answered: sql<number>`count(*) filter (where ${sessionRequests.status} in ('accepted', 'declined') and ${sessionRequests.respondedAt} <= ${sessionRequests.expiresAt})::int`,
          decided: sql<number>`count(*)::int`,
        })
        .from(sessionRequests)
        .where(
          and(
            eq(sessionRequests.coachId, coachId),
            isNull(sessionRequests.preferredDate),
            inArray(sessionRequests.status, ['accepted', 'declined', 'expired']),
          ),
        );
      return {
        totalSessions: sessions?.total ?? 0,
        totalClients: sessions?.clients ?? 0,
        ratingAverage: reviews?.average ?? null,
        totalReviews: reviews?.total ?? 0,
        avgResponseSeconds: response?.seconds ?? null,
        answeredInstant: onTime?.answered ?? 0,
        decidedInstant: onTime?.decided ?? 0,
      };
    },

    async updateCoachStats(
      executor: DbExecutor,
      coachId: string,
      values: {
        totalSessions: number;
        totalClients: number;
        ratingAverage: string | null;
        totalReviews: number;
        avgResponseTime: string | null;
        onTimePercentage: number | null;
      },
    ): Promise<void> {
      await executor.update(coachStats).set(values).where(eq(coachStats.coachId, coachId));
    },

    /** The pair's completed sessions: how many, what the client paid (cents), the latest end. */
    async refreshClientCoachStats(executor: DbExecutor, coachId: string, clientId: string): Promise<void> {
      const [row] = await executor
        .select({
          total: sql<number>`count(*)::int`,
          spent: sql<number>`coalesce(sum(${chatSessions.paymentAmount}), 0)::int`,
          last: sql<string | null>`max(coalesce(${chatSessions.endTime}, ${SESSION_ENDS_AT}))`,
        })
        .from(chatSessions)
        .where(
          and(
            eq(chatSessions.coachId, coachId),
            eq(chatSessions.clientId, clientId),
            eq(chatSessions.status, 'completed'),
          ),
        );
      await executor
        .update(clientCoachStats)
        .set({
          totalSessions: row?.total ?? 0,
          totalSpent: row?.spent ?? 0,
          lastSessionAt: row?.last ? new Date(row.last) : null,
        })
        .where(and(eq(clientCoachStats.coachId, coachId), eq(clientCoachStats.clientId, clientId)));
    },
  };
}
