import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Busy, Interval } from '#domain/scheduling/slots';
import type { DbExecutor } from '#server/db/client';
import {
  bookings,
  chatSessions,
  coachAvailability,
  coachAvailabilityOverrides,
  profiles,
  userRoles,
} from '#server/db/schema/index';

export type AvailabilityRow = typeof coachAvailability.$inferSelect;

/** coach_availability and its overrides; the busy times slots are computed around. */
export function createSchedulingRepository() {
  return {
    async find(executor: DbExecutor, coachId: string) {
      const [row] = await executor
        .select()
        .from(coachAvailability)
        .where(eq(coachAvailability.coachId, coachId));
      const overrides = await executor
        .select({ date: coachAvailabilityOverrides.date, intervals: coachAvailabilityOverrides.intervals })
        .from(coachAvailabilityOverrides)
        .where(eq(coachAvailabilityOverrides.coachId, coachId))
        .orderBy(asc(coachAvailabilityOverrides.date));
      return { row, overrides };
    },

    /** The row and the dates with their own hours, replaced as a whole (call in a transaction). */
    async save(
      executor: DbExecutor,
      row: typeof coachAvailability.$inferInsert,
      overrides: readonly { date: string; intervals: Interval[] }[],
    ): Promise<void> {
      const { coachId, ...rest } = row;
      await executor.insert(coachAvailability).values(row).onConflictDoUpdate({
        target: coachAvailability.coachId,
        set: rest,
      });
      await executor
        .delete(coachAvailabilityOverrides)
        .where(eq(coachAvailabilityOverrides.coachId, coachId));
      if (overrides.length > 0)
        await executor
          .insert(coachAvailabilityOverrides)
          .values(overrides.map((override) => ({ coachId, ...override })));
    },

    /** The person's zone (null until set) and whether they hold the coach role. */
    async coachZone(
      executor: DbExecutor,
      userId: string,
    ): Promise<{ isCoach: boolean; timeZone: string | null }> {
      const result = await executor.execute<{ is_coach: boolean; time_zone: string | null }>(sql`select
        exists (select 1 from ${userRoles} where ${userRoles.userId} = ${userId} and ${userRoles.role} = 'coach') as is_coach,
        (select ${profiles.timeZone} from ${profiles} where ${profiles.userId} = ${userId}) as time_zone`);
      const found = result.rows[0];
      return { isCoach: found?.is_coach === true, timeZone: found?.time_zone ?? null };
    },

    /** The coach's live sessions and bookings meeting [from, to): they are busy then. */
    async busy(executor: DbExecutor, coachId: string, from: Date, to: Date): Promise<Busy[]> {
      const end = sql<Date>`${chatSessions.startTime} + ${chatSessions.durationMinutes} * interval '1 minute'`;
      const [live, booked] = await Promise.all([
        executor
          .select({ start: chatSessions.startTime, end })
          .from(chatSessions)
          .where(
            and(
              eq(chatSessions.coachId, coachId),
              eq(chatSessions.status, 'active'),
              lt(chatSessions.startTime, to),
              gt(end, from),
            ),
          ),
        executor
          .select({ start: bookings.scheduledAt, end: bookings.endsAt })
          .from(bookings)
          .where(
            and(
              eq(bookings.coachId, coachId),
              inArray(bookings.status, ['confirmed', 'completed']),
              lt(bookings.scheduledAt, to),
              gt(bookings.endsAt, from),
            ),
          ),
      ]);
      return [...live, ...booked].map((item) => ({
        start: new Date(item.start).getTime(),
        end: new Date(item.end).getTime(),
      }));
    },
  };
}

export type SchedulingRepository = ReturnType<typeof createSchedulingRepository>;
