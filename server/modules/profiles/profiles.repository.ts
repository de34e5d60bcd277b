import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { holdsRole } from '#server/db/role-queries';
import {
  clientCoachStats,
  clientProfiles,
  coachCategories,
  coachStats,
  profiles,
  userRoles,
  users,
} from '#server/db/schema/index';
import { insertRowIfNew, updateRow } from '#server/lib/row-queries';

export type ProfileRow = typeof profiles.$inferSelect;
export type ProfileChanges = Partial<
  Omit<typeof profiles.$inferInsert, 'id' | 'userId' | 'email' | 'isOnline' | 'createdAt'>
>;
export type ClientProfileRow = typeof clientProfiles.$inferSelect;
export type ClientProfileChanges = Partial<Omit<typeof clientProfiles.$inferInsert, 'userId'>>;

export function createProfilesRepository() {
  return {
    async findByUserId(executor: DbExecutor, userId: string) {
      const [row] = await executor.select().from(profiles).where(eq(profiles.userId, userId));
      return row ?? null;
    },
    /** A coach profile by username: only people who hold the coach role have a public page. */
    async findCoachByUsername(executor: DbExecutor, username: string) {
      const [row] = await executor
        .select({ profile: profiles })
        .from(profiles)
        .innerJoin(userRoles, and(eq(userRoles.userId, profiles.userId), eq(userRoles.role, 'coach')))
        .where(eq(profiles.username, username));
      return row?.profile ?? null;
    },
    /** SPEC §8: a missing profile means create one (email and name from the account). */
    async insertMissingProfile(executor: DbExecutor, userId: string, now: Date) {
      const [account] = await executor
        .select({ email: users.email, userMetadata: users.userMetadata })
        .from(users)
        .where(eq(users.id, userId));
      if (!account) return;
      const name = account.userMetadata.full_name ?? account.userMetadata.name;
      await executor
        .insert(profiles)
        .values({
          userId,
          email: account.email,
          fullName: typeof name === 'string' ? name : null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
    },
    /** Locks the caller's profile row for the update that follows. */
    async lockByUserId(executor: DbExecutor, userId: string) {
      const [row] = await executor.select().from(profiles).where(eq(profiles.userId, userId)).for('update');
      return row ?? null;
    },
    /** Which of `usernames` someone other than `userId` holds. */
    async takenUsernames(executor: DbExecutor, usernames: readonly string[], userId: string) {
      if (usernames.length === 0) return new Set<string>();
      const rows = await executor
        .select({ username: profiles.username })
        .from(profiles)
        .where(and(inArray(profiles.username, [...usernames]), ne(profiles.userId, userId)));
      return new Set(rows.map((row) => row.username));
    },
    async update(executor: DbExecutor, userId: string, changes: ProfileChanges) {
      return executor.update(profiles).set(changes).where(eq(profiles.userId, userId)).returning();
    },
    async findCategories(executor: DbExecutor, userId: string) {
      const rows = await executor
        .select({ category: coachCategories.category })
        .from(coachCategories)
        .where(eq(coachCategories.coachId, userId))
        .orderBy(asc(coachCategories.category));
      return rows.map((row) => row.category);
    },
    /** SPEC §7 coach_categories: DELETE by coach_id then INSERT (the caller holds the transaction). */
    async replaceCategories(executor: DbExecutor, userId: string, categories: readonly string[]) {
      await executor.delete(coachCategories).where(eq(coachCategories.coachId, userId));
      if (categories.length > 0)
        await executor
          .insert(coachCategories)
          .values(categories.map((category) => ({ coachId: userId, category })));
    },
    async findStats(executor: DbExecutor, userId: string) {
      const [row] = await executor.select().from(coachStats).where(eq(coachStats.coachId, userId));
      return row ?? null;
    },
    async findClientProfile(executor: DbExecutor, userId: string) {
      const [row] = await executor.select().from(clientProfiles).where(eq(clientProfiles.userId, userId));
      return row ?? null;
    },
    async insertClientProfile(executor: DbExecutor, userId: string, values: ClientProfileChanges) {
      return (await insertRowIfNew(executor, clientProfiles, { ...values, userId })) ?? null;
    },
    /**
     * The person behind a public client page: their profile and client profile, only when they hold
     * the client role (a coach-only account has no client page).
     */
    async findClientByUsername(executor: DbExecutor, username: string) {
      const [row] = await executor
        .select({ profile: profiles, client: clientProfiles })
        .from(profiles)
        .innerJoin(userRoles, and(eq(userRoles.userId, profiles.userId), eq(userRoles.role, 'client')))
        .leftJoin(clientProfiles, eq(clientProfiles.userId, profiles.userId))
        .where(eq(profiles.username, username));
      return row ?? null;
    },
    hasRole: holdsRole,
    /** The coach's record with a client, only when they have held at least one session together. */
    async findSessionsTogether(executor: DbExecutor, coachId: string, clientId: string) {
      const [row] = await executor
        .select()
        .from(clientCoachStats)
        .where(
          and(
            eq(clientCoachStats.coachId, coachId),
            eq(clientCoachStats.clientId, clientId),
            gt(clientCoachStats.totalSessions, 0),
          ),
        );
      return row ?? null;
    },
    async updateClientProfile(executor: DbExecutor, userId: string, values: ClientProfileChanges) {
      return (await updateRow(executor, clientProfiles, values, eq(clientProfiles.userId, userId))) ?? null;
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
