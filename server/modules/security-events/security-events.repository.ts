import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { securityEvents } from '#server/db/schema/index';
import { countRows } from '#server/lib/row-queries';

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
      return countRows(
        executor,
        securityEvents,
        and(
          eq(securityEvents.userId, userId),
          eq(securityEvents.clientReported, true),
          gt(securityEvents.createdAt, since),
        ),
      );
    },
    async countOfTypeSince(executor: DbExecutor, userId: string, eventType: string, since: Date) {
      return countRows(
        executor,
        securityEvents,
        and(
          eq(securityEvents.userId, userId),
          eq(securityEvents.eventType, eventType),
          gt(securityEvents.createdAt, since),
        ),
      );
    },
  };
}

export type SecurityEventsRepository = ReturnType<typeof createSecurityEventsRepository>;
