import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { holdsRole } from '#server/db/role-queries';
import { coachDirectory, coachFollows, profiles } from '#server/db/schema/index';

/** coach_follows, read with the coach's directory row (only listed coaches can be followed). */
export function createFavoritesRepository() {
  return {
    hasClientRole: (executor: DbExecutor, userId: string) => holdsRole(executor, userId, 'client'),

    /** A listed coach's follow/notify switches, or null when the coach is not listed. */
    async findListedCoach(executor: DbExecutor, coachId: string) {
      const [row] = await executor
        .select({
          coachId: coachDirectory.coachId,
          followEnabled: profiles.enableFollowButton,
          notifyEnabled: profiles.enableNotifyButton,
        })
        .from(coachDirectory)
        .innerJoin(profiles, eq(profiles.userId, coachDirectory.coachId))
        .where(eq(coachDirectory.coachId, coachId));
      return row ?? null;
    },

    async findFollow(executor: DbExecutor, clientId: string, coachId: string) {
      const [row] = await executor
        .select({ notify: coachFollows.notify })
        .from(coachFollows)
        .where(and(eq(coachFollows.clientId, clientId), eq(coachFollows.coachId, coachId)));
      return row ?? null;
    },

    /** Follows (again); `notify` changes only when given. */
    async upsertFollow(
      executor: DbExecutor,
      clientId: string,
      coachId: string,
      notify: boolean | undefined,
      now: Date,
    ) {
      const [row] = await executor
        .insert(coachFollows)
        .values({ clientId, coachId, notify: notify ?? false, createdAt: now })
        .onConflictDoUpdate({
          target: [coachFollows.clientId, coachFollows.coachId],
          set: { notify: notify === undefined ? sql`${coachFollows.notify}` : notify },
        })
        .returning({ notify: coachFollows.notify });
      return row ?? null;
    },

    async deleteFollow(executor: DbExecutor, clientId: string, coachId: string) {
      await executor
        .delete(coachFollows)
        .where(and(eq(coachFollows.clientId, clientId), eq(coachFollows.coachId, coachId)));
    },

    /** The client's followed coaches that are still listed, newest follow first. */
    async listFollowed(executor: DbExecutor, clientId: string) {
      return executor
        .select({
          directory: coachDirectory,
          notify: coachFollows.notify,
          followedAt: coachFollows.createdAt,
          followEnabled: profiles.enableFollowButton,
          notifyEnabled: profiles.enableNotifyButton,
          // In a session now, shown only with show_online_status (chat_sessions_active_idx).
          isBusy: sql<boolean>`"profiles"."show_online_status" and exists (select 1 from chat_sessions s where s.coach_id = "coach_follows"."coach_id" and s.status = 'active')`,
        })
        .from(coachFollows)
        .innerJoin(coachDirectory, eq(coachDirectory.coachId, coachFollows.coachId))
        .innerJoin(profiles, eq(profiles.userId, coachFollows.coachId))
        .where(eq(coachFollows.clientId, clientId))
        .orderBy(sql`${coachFollows.createdAt} desc`, coachFollows.coachId);
    },
  };
}

export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;
