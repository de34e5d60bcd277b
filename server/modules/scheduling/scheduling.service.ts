import { NO_AVAILABILITY, toWireInterval, type AvailabilityView, type Slots } from '#contracts/scheduling';
import type { Clock } from '#domain/clock';
import { freeSlots, type Availability, type Interval } from '#domain/scheduling/slots';
import type { Database, DbExecutor } from '#server/db/client';
import type { SchedulingRepository } from './scheduling.repository';

export type SchedulingDeps = { db: Database; repository: SchedulingRepository; clock: Clock };

/** A zone for a coach who has not set theirs yet (the web app sets it from the browser after sign-up). */
const FALLBACK_ZONE = 'UTC';
const DAY_MS = 86_400_000;

type SavedAvailability = {
  weekly: Interval[][];
  overrides: { date: string; intervals: Interval[] }[];
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  minimum_notice_minutes: number;
  horizon_days: number;
  daily_maximum: number | null;
};

/**
 * A coach's bookable hours (#18): read and saved as a whole, in the coach's own zone; and the free
 * times for a session of a given length (domain/scheduling/slots.ts), around the coach's live sessions.
 */
export function createSchedulingService(deps: SchedulingDeps) {
  const { db, repository, clock } = deps;

  async function read(coachId: string, executor: DbExecutor = db) {
    const [{ row, overrides }, person] = await Promise.all([
      repository.find(executor, coachId),
      repository.coachZone(executor, coachId),
    ]);
    const availability: Availability = {
      timeZone: person.timeZone ?? FALLBACK_ZONE,
      weekly: row?.weekly ?? NO_AVAILABILITY.weekly,
      overrides: Object.fromEntries(overrides.map((override) => [override.date, override.intervals])),
      bufferBeforeMinutes: row?.bufferBeforeMinutes ?? NO_AVAILABILITY.bufferBeforeMinutes,
      bufferAfterMinutes: row?.bufferAfterMinutes ?? NO_AVAILABILITY.bufferAfterMinutes,
      minimumNoticeMinutes: row?.minimumNoticeMinutes ?? NO_AVAILABILITY.minimumNoticeMinutes,
      horizonDays: row?.horizonDays ?? NO_AVAILABILITY.horizonDays,
      dailyMaximum: row ? row.dailyMaximum : NO_AVAILABILITY.dailyMaximum,
    };
    return { availability, overrides, updatedAt: row?.updatedAt ?? null, isCoach: person.isCoach };
  }

  function toView(found: Awaited<ReturnType<typeof read>>): AvailabilityView {
    const { availability } = found;
    return {
      time_zone: availability.timeZone,
      weekly: availability.weekly.map((day) => day.map(toWireInterval)),
      overrides: found.overrides.map((override) => ({
        date: override.date,
        intervals: override.intervals.map(toWireInterval),
      })),
      buffer_before_minutes: availability.bufferBeforeMinutes,
      buffer_after_minutes: availability.bufferAfterMinutes,
      minimum_notice_minutes: availability.minimumNoticeMinutes,
      horizon_days: availability.horizonDays,
      daily_maximum: availability.dailyMaximum,
      updated_at: found.updatedAt?.toISOString() ?? null,
    };
  }

  return {
    /**
     * What booking the coach at `around` must respect: their hours and rules, and what is already
     * busy within a day and the longest buffers of it (read in the booking's transaction).
     */
    async bookingRules(executor: DbExecutor, coachId: string, around: { from: Date; to: Date }) {
      const found = await read(coachId, executor);
      const margin = DAY_MS + 2 * 240 * 60_000;
      const busy = await repository.busy(
        executor,
        coachId,
        new Date(around.from.getTime() - margin),
        new Date(around.to.getTime() + margin),
      );
      return { availability: found.availability, isCoach: found.isCoach, busy };
    },

    /** The coach's free starts for `durationMinutes` in [from, to), on the server's clock. */
    async freeStarts(
      executor: DbExecutor,
      coachId: string,
      query: { durationMinutes: number; from: Date; to: Date },
    ): Promise<number[]> {
      const found = await read(coachId, executor);
      return freeSlots({
        availability: found.availability,
        durationMinutes: query.durationMinutes,
        busy: await repository.busy(executor, coachId, query.from, query.to),
        now: clock.now().getTime(),
        from: query.from.getTime(),
        to: query.to.getTime(),
      }).map((slot) => slot.start);
    },

    async getAvailability(coachId: string): Promise<AvailabilityView> {
      return toView(await read(coachId));
    },

    async saveAvailability(coachId: string, body: SavedAvailability): Promise<AvailabilityView> {
      await db.transaction((tx) =>
        repository.save(
          tx,
          {
            coachId,
            weekly: body.weekly,
            bufferBeforeMinutes: body.buffer_before_minutes,
            bufferAfterMinutes: body.buffer_after_minutes,
            minimumNoticeMinutes: body.minimum_notice_minutes,
            horizonDays: body.horizon_days,
            dailyMaximum: body.daily_maximum,
            updatedAt: clock.now(),
          },
          body.overrides,
        ),
      );
      return toView(await read(coachId));
    },

    /** Free starts for a session of `duration` minutes in [from, to); none for someone who is not a coach. */
    async slots(coachId: string, query: { duration: number; from: string; to: string }): Promise<Slots> {
      const found = await read(coachId);
      if (!found.isCoach) return { coach_time_zone: found.availability.timeZone, slots: [] };
      const from = new Date(query.from);
      const to = new Date(query.to);
      const slots = freeSlots({
        availability: found.availability,
        durationMinutes: query.duration,
        busy: await repository.busy(db, coachId, from, to),
        now: clock.now().getTime(),
        from: from.getTime(),
        to: to.getTime(),
      });
      return {
        coach_time_zone: found.availability.timeZone,
        slots: slots.map((slot) => ({
          start: new Date(slot.start).toISOString(),
          end: new Date(slot.end).toISOString(),
        })),
      };
    },
  };
}

export type SchedulingService = ReturnType<typeof createSchedulingService>;
