import { desc, eq } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import {
  adminAuditLog,
  adminUsers,
  profiles,
  securityEvents,
  userRoles,
  users,
} from '#server/db/schema/index';

export type NewAuditEntry = typeof adminAuditLog.$inferInsert;

export function createAdminRepository() {
  return {
    async findAdmin(executor: DbExecutor, userId: string) {
      const [row] = await executor.select().from(adminUsers).where(eq(adminUsers.userId, userId));
      return row ?? null;
    },
    async upsertAdmin(executor: DbExecutor, values: typeof adminUsers.$inferInsert) {
      await executor
        .insert(adminUsers)
        .values(values)
        .onConflictDoUpdate({
          target: adminUsers.userId,
          set: { adminRole: values.adminRole, isActive: values.isActive },
        });
    },
    async insertAuditEntry(executor: DbExecutor, entry: NewAuditEntry) {
      await executor.insert(adminAuditLog).values(entry);
    },
    async findAuditEntries(executor: DbExecutor, limit: number) {
      return executor.select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt)).limit(limit);
    },
    async findSecurityEvents(executor: DbExecutor, limit: number) {
      return executor.select().from(securityEvents).orderBy(desc(securityEvents.createdAt)).limit(limit);
    },
    async findCoaches(executor: DbExecutor, limit: number) {
      return executor
        .select({
          userId: users.id,
          email: users.email,
          fullName: profiles.fullName,
          createdAt: users.createdAt,
        })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(userRoles.role, 'coach'))
        .orderBy(desc(users.createdAt))
        .limit(limit);
    },
    async findUserByEmail(executor: DbExecutor, email: string) {
      const [row] = await executor
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email.toLowerCase()));
      return row ?? null;
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
