import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { securityEvents } from '#server/db/schema/index';

export type NewSecurityEvent = typeof securityEvents.$inferInsert;

export function createSecurityEventsRepository() {
  return {
    async insert(executor: DbExecutor, event: NewSecurityEvent) {
      await executor.insert(securityEvents).values(event);
    },
    /** A transaction-scoped lock per person (released at commit). */
    async lockPerson(executor: DbExecutor, userId: string) {
      await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${userId}))`);
    },
    async countClientReportedSince(executor: DbExecutor, userId: string, since: Date) {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(securityEvents)
        .where(
          and(
            eq(securityEvents.userId, userId),
            eq(securityEvents.clientReported, true),
            gt(securityEvents.createdAt, since),
          ),
        );
      return row?.count ?? 0;
    },
    async countOfTypeSince(executor: DbExecutor, userId: string, eventType: string, since: Date) {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(securityEvents)
        .where(
          and(
            eq(securityEvents.userId, userId),
            eq(securityEvents.eventType, eventType),
            gt(securityEvents.createdAt, since),
          ),
        );
      return row?.count ?? 0;
    },
  };
}

export type SecurityEventsRepository = ReturnType<typeof createSecurityEventsRepository>;
