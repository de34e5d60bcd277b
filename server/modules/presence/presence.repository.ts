import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { profiles } from '#server/db/schema/index';

/** A coach's stored presence, with whether they are in an active chat session now. */
export type PresenceRow = {
  isOnline: boolean;
  lastOnlineConfirmAt: Date | null;
  showOnlineStatus: boolean;
  /** In an active chat session (chat_sessions_active_idx). */
  isBusy: boolean;
  /** Holds the coach role (the approved application is checked by the applications service). */
  isCoach: boolean;
};

// Written with explicit names: Drizzle leaves columns unqualified in a one-table select, and an
// unqualified user_id inside the subquery would bind to the subquery's own table.
const isBusy = sql<boolean>`exists (select 1 from chat_sessions s where s.coach_id = "profiles"."user_id" and s.status = 'active')`;
const isCoach = sql<boolean>`exists (select 1 from user_roles r where r.user_id = "profiles"."user_id" and r.role = 'coach')`;

const columns = {
  isOnline: profiles.isOnline,
  lastOnlineConfirmAt: profiles.lastOnlineConfirmAt,
  showOnlineStatus: profiles.showOnlineStatus,
  isBusy,
  isCoach,
};

/**
 * Coach presence lives on the profile (is_online, last_online_confirm_at, show_online_status); the
 * profiles triggers keep the discovery read model (coach_directory.is_online) in step in the same
 * transaction. Busy = an active chat_sessions row, read through the partial index.
 */
export function createPresenceRepository() {
  return {
    /** The presence of one person (null: no profile). A fresh statement, so it sees what committed. */
    async find(executor: DbExecutor, userId: string): Promise<PresenceRow | null> {
      const [row] = await executor.select(columns).from(profiles).where(eq(profiles.userId, userId)).limit(1);
      return row ?? null;
    },

    /**
     * Row-locks the coaches' profiles (in id order, so two transactions never wait on each other in a
     * cycle) until the transaction ends: presence changes and announcements of one coach then follow
     * each other in commit order, and each reads what the previous one committed.
     */
    async lock(executor: DbExecutor, userIds: readonly string[]): Promise<void> {
      if (userIds.length === 0) return;
      await executor
        .select({ userId: profiles.userId })
        .from(profiles)
        .where(inArray(profiles.userId, [...userIds]))
        .orderBy(asc(profiles.userId))
        .for('update');
    },

    /** Going online records the confirmation time; going offline keeps the last one. */
    async setOnline(executor: DbExecutor, userId: string, online: boolean, now: Date): Promise<void> {
      await executor
        .update(profiles)
        .set(online ? { isOnline: true, lastOnlineConfirmAt: now } : { isOnline: false })
        .where(eq(profiles.userId, userId));
    },

    /** "Yes, I'm online": only while online. */
    async confirm(executor: DbExecutor, userId: string, now: Date): Promise<void> {
      await executor
        .update(profiles)
        .set({ lastOnlineConfirmAt: now })
        .where(sql`${profiles.userId} = ${userId} and ${profiles.isOnline}`);
    },
  };
}

export type PresenceRepository = ReturnType<typeof createPresenceRepository>;
