import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { securityEvents } from '#server/db/schema/index';
import { countRows } from '#server/lib/row-queries';

export type NewSecurityEvent = typeof securityEvents.$inferInsert;

/** The person's events after `since` that also match `which`. */
const countSince = (executor: DbExecutor, userId: string, since: Date, which: SQL) =>
  countRows(
    executor,
    securityEvents,
    and(eq(securityEvents.userId, userId), which, gt(securityEvents.createdAt, since)),
  );

export function createSecurityEventsRepository() {
  return {
    async insert(executor: DbExecutor, event: NewSecurityEvent) {
      await executor.insert(securityEvents).values(event);
    },
    /** A transaction-scoped lock per person (released at commit). */
    async lockPerson(executor: DbExecutor, userId: string) {
      await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${userId}))`);
    },
    countClientReportedSince: (executor: DbExecutor, userId: string, since: Date) =>
      countSince(executor, userId, since, eq(securityEvents.clientReported, true)),
    countOfTypeSince: (executor: DbExecutor, userId: string, eventType: string, since: Date) =>
      countSince(executor, userId, since, eq(securityEvents.eventType, eventType)),
  };
}

export type SecurityEventsRepository = ReturnType<typeof createSecurityEventsRepository>;
