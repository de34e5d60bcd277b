import { and, asc, count, eq } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { profiles, services } from '#server/db/schema/index';
import { deleteRows, insertRow, lockKey, updateRow } from '#server/lib/row-queries';

export type ServiceRow = typeof services.$inferSelect;
export type ServiceInsert = Omit<typeof services.$inferInsert, 'id' | 'bookingCount'>;
export type ServiceChanges = Partial<
  Omit<typeof services.$inferInsert, 'id' | 'coachId' | 'bookingCount' | 'createdAt'>
>;

const ORDER = [asc(services.position), asc(services.createdAt), asc(services.id)] as const;

/** The coach's own service `id` (someone else's id matches nothing). */
const ownedBy = (coachId: string, id: string) => and(eq(services.id, id), eq(services.coachId, coachId));

export function createServicesRepository() {
  return {
    async listActiveByCoach(executor: DbExecutor, coachId: string) {
      return executor
        .select()
        .from(services)
        .where(and(eq(services.coachId, coachId), eq(services.isActive, true)))
        .orderBy(...ORDER);
    },
    /** An active service and the display fields of its coach, or undefined. */
    async findActiveWithCoach(executor: DbExecutor, id: string) {
      const [row] = await executor
        .select({
          service: services,
          coachName: profiles.fullName,
          coachUsername: profiles.username,
          coachAvatarUrl: profiles.avatarUrl,
          coachTimeZone: profiles.timeZone,
        })
        .from(services)
        .leftJoin(profiles, eq(profiles.userId, services.coachId))
        .where(and(eq(services.id, id), eq(services.isActive, true)));
      return row;
    },
    async listByCoach(executor: DbExecutor, coachId: string) {
      return executor
        .select()
        .from(services)
        .where(eq(services.coachId, coachId))
        .orderBy(...ORDER);
    },
    async countByCoach(executor: DbExecutor, coachId: string) {
      const [row] = await executor
        .select({ value: count() })
        .from(services)
        .where(eq(services.coachId, coachId));
      return row?.value ?? 0;
    },
    async insert(executor: DbExecutor, values: ServiceInsert) {
      return insertRow(executor, services, values);
    },
    /** The owner's service, or null (someone else's id looks the same as an unknown one). */
    async findOwned(executor: DbExecutor, coachId: string, id: string, options: { lock?: boolean } = {}) {
      const query = executor.select().from(services).where(ownedBy(coachId, id));
      const [row] = options.lock ? await query.for('update') : await query;
      return row ?? null;
    },
    async update(executor: DbExecutor, coachId: string, id: string, changes: ServiceChanges) {
      return (await updateRow(executor, services, changes, ownedBy(coachId, id))) ?? null;
    },
    async delete(executor: DbExecutor, coachId: string, id: string) {
      return deleteRows(executor, services, ownedBy(coachId, id));
    },
    /** Serialises one coach's creations so the per-coach limit holds under concurrent requests. */
    async lockCoach(executor: DbExecutor, coachId: string) {
      await lockKey(executor, `services:${coachId}`);
    },
  };
}

export type ServicesRepository = ReturnType<typeof createServicesRepository>;
