import { and, eq, ne } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { profiles, userRoles, users } from '#server/db/schema/index';
import type { Role } from '#domain/auth/roles';

export function createRolesRepository() {
  return {
    async findRoles(executor: DbExecutor, userId: string) {
      return executor.select().from(userRoles).where(eq(userRoles.userId, userId));
    },
    async findAccount(executor: DbExecutor, userId: string) {
      const [row] = await executor
        .select({
          id: users.id,
          email: users.email,
          createdAt: users.createdAt,
          userMetadata: users.userMetadata,
          fullName: profiles.fullName,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId));
      return row ?? null;
    },
    /** Serialises role changes of one person (two tabs choosing at once). */
    async lockUser(executor: DbExecutor, userId: string) {
      await executor.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },
    /** Gives the role if missing and makes it the last-active one; the first role a person gets is primary. */
    async activateRole(executor: DbExecutor, userId: string, role: Role, isPrimaryIfNew: boolean) {
      await executor
        .insert(userRoles)
        .values({ userId, role, isPrimary: isPrimaryIfNew, isLastActive: true })
        .onConflictDoUpdate({ target: [userRoles.userId, userRoles.role], set: { isLastActive: true } });
      await executor
        .update(userRoles)
        .set({ isLastActive: false })
        .where(and(eq(userRoles.userId, userId), ne(userRoles.role, role)));
    },
    /** Gives the role if missing, changing nothing else (the first role a person gets is primary and active). */
    async grantRole(executor: DbExecutor, userId: string, role: Role, isFirstRole: boolean) {
      await executor
        .insert(userRoles)
        .values({ userId, role, isPrimary: isFirstRole, isLastActive: isFirstRole })
        .onConflictDoNothing({ target: [userRoles.userId, userRoles.role] });
    },
  };
}

export type RolesRepository = ReturnType<typeof createRolesRepository>;
