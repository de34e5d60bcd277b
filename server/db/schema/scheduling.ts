import { sql } from 'drizzle-orm';
import { check, date, integer, jsonb, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import type { Interval } from '#domain/scheduling/slots';
import { userKey, userRef } from './accounts';
import { timestamptz } from './columns';

/**
 * When a coach can be booked (#18): a weekly schedule written in the coach's own zone (their profile's
 * time_zone), buffers, notice, horizon and a daily maximum — one row per coach, made on first save
 * (none: the defaults, nothing bookable). Intervals are minutes after local midnight, [start, end),
 * checked by domain/scheduling/slots.ts scheduleProblem before they are saved.
 */
export const coachAvailability = pgTable(
  'coach_availability',
  {
    coachId: userKey('coach_id'),
    /** Seven days, Sunday first: each day's intervals. */
    weekly: jsonb('weekly').$type<Interval[][]>().notNull(),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    minimumNoticeMinutes: integer('minimum_notice_minutes').notNull().default(720),
    horizonDays: integer('horizon_days').notNull().default(60),
    /** Sessions at most per local day; null: no limit. */
    dailyMaximum: integer('daily_maximum'),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    check(
      'coach_availability_weekly_ck',
      sql`jsonb_typeof(${table.weekly}) = 'array' and jsonb_array_length(${table.weekly}) = 7`,
    ),
    check(
      'coach_availability_buffers_ck',
      sql`${table.bufferBeforeMinutes} between 0 and 240 and ${table.bufferAfterMinutes} between 0 and 240`,
    ),
    check('coach_availability_notice_ck', sql`${table.minimumNoticeMinutes} between 0 and 43200`),
    check('coach_availability_horizon_ck', sql`${table.horizonDays} between 1 and 365`),
    check('coach_availability_daily_maximum_ck', sql`${table.dailyMaximum} between 1 and 50`),
  ],
);

/** A date's own hours instead of its weekday's: [] is a day off, intervals on a free day are extra hours. */
export const coachAvailabilityOverrides = pgTable(
  'coach_availability_overrides',
  {
    coachId: userRef('coach_id', 'cascade'),
    date: date('date').notNull(),
    intervals: jsonb('intervals').$type<Interval[]>().notNull(),
  },
  (table) => [
    primaryKey({ name: 'coach_availability_overrides_pk', columns: [table.coachId, table.date] }),
    check('coach_availability_overrides_intervals_ck', sql`jsonb_typeof(${table.intervals}) = 'array'`),
  ],
);
