import { desc, eq } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { sessionFollowups, users } from '#server/db/schema/index';
import { insertRow } from '#server/lib/row-queries';

export type FollowupRow = typeof sessionFollowups.$inferSelect;
export type NewFollowupRow = typeof sessionFollowups.$inferInsert;

/** session_followups, and the client's address for the coach_followup email. */
export function createFollowupsRepository() {
  return {
    async insertFollowup(executor: DbExecutor, values: NewFollowupRow): Promise<FollowupRow> {
      return insertRow(executor, sessionFollowups, values);
    },

    /** The session's follow-ups, newest first (ties by id, so the order is stable). */
    listForSession(executor: DbExecutor, sessionId: string, limit: number): Promise<FollowupRow[]> {
      return executor
        .select()
        .from(sessionFollowups)
        .where(eq(sessionFollowups.sessionId, sessionId))
        .orderBy(desc(sessionFollowups.createdAt), desc(sessionFollowups.id))
        .limit(limit);
    },

    /** The person's email address and when it was confirmed (null when never). */
    async emailOf(
      executor: DbExecutor,
      userId: string,
    ): Promise<{ email: string | null; emailConfirmedAt: Date | null } | undefined> {
      const [row] = await executor
        .select({ email: users.email, emailConfirmedAt: users.emailConfirmedAt })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },
  };
}

export type FollowupsRepository = ReturnType<typeof createFollowupsRepository>;
