import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { Interval } from '#domain/scheduling/slots';
import { userKey, userRef } from './accounts';
import { cents, timestamps, timestamptz, uuidPk } from './columns';
import { services } from './services';

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

/** no_show: the session did not take place for one party's absence (no_show_by; the coach: nothing charged). */
export const BOOKING_STATUSES = ['confirmed', 'completed', 'cancelled', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * A service booked at a time (#18, SPEC §3 booking). The price is held from the client's wallet under
 * ('booking', id) in the transaction that inserts the row. [blocked_from, blocked_until) is the session
 * with the coach's buffers around it as they were when it was booked; the migration adds an exclusion
 * constraint (btree_gist) so no two confirmed or completed bookings of one coach overlap there — the
 * database, not a read before the write, refuses the second of two bookings of one time.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuidPk(),
    /** Null once the coach deletes the service: the booking keeps what it was (title, format, length). */
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    coachId: userRef('coach_id'),
    clientId: userRef('client_id'),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email'),
    clientAvatarUrl: text('client_avatar_url'),
    /** The service as it was booked: its title, format and length. */
    title: text('title').notNull(),
    format: text('format').$type<'text' | 'audio' | 'video'>().notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    scheduledAt: timestamptz('scheduled_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    blockedFrom: timestamptz('blocked_from').notNull(),
    blockedUntil: timestamptz('blocked_until').notNull(),
    /** The zone the client booked in (their emails and calendar file use it). */
    clientTimeZone: text('client_time_zone').notNull(),
    /** The client's purpose (required, SPEC §5) and optional details. */
    purpose: text('purpose').notNull(),
    description: text('description'),
    /** Integer cents: the held final price (after the coupon), the price before it, the discount. */
    price: cents('price').notNull(),
    originalPrice: cents('original_price').notNull(),
    discountAmount: cents('discount_amount'),
    couponCode: text('coupon_code'),
    status: text('status').$type<BookingStatus>().notNull().default('confirmed'),
    /** The coach's floor(95 %), set when the session is completed. */
    earnings: cents('earnings'),
    sessionNotes: text('session_notes'),
    /** The service's cancellation policy as it was when booked (domain/scheduling/cancellation.ts). */
    freeCancelHours: integer('free_cancel_hours').notNull().default(24),
    lateCancelPercent: integer('late_cancel_percent').notNull().default(50),
    cancelledAt: timestamptz('cancelled_at'),
    cancelledBy: text('cancelled_by').$type<'client' | 'coach'>(),
    /** What the client paid for cancelling late (integer cents; 0 when free), and why they cancelled. */
    cancellationCharge: cents('cancellation_charge'),
    cancelReason: text('cancel_reason'),
    /** Who did not come when status is no_show. */
    noShowBy: text('no_show_by').$type<'client' | 'coach'>(),
    ...timestamps(),
  },
  (table) => [
    check('bookings_status_ck', sql`${table.status} in ('confirmed', 'completed', 'cancelled', 'no_show')`),
    check(
      'bookings_cancellation_ck',
      sql`${table.freeCancelHours} between 0 and 720 and ${table.lateCancelPercent} between 0 and 100 and (${table.cancellationCharge} is null or ${table.cancellationCharge} between 0 and ${table.price})`,
    ),
    check('bookings_no_show_ck', sql`(${table.status} = 'no_show') = (${table.noShowBy} is not null)`),
    check('bookings_no_show_by_ck', sql`${table.noShowBy} in ('client', 'coach')`),
    check('bookings_format_ck', sql`${table.format} in ('text', 'audio', 'video')`),
    check('bookings_duration_ck', sql`${table.durationMinutes} between 5 and 480`),
    check(
      'bookings_times_ck',
      sql`${table.endsAt} > ${table.scheduledAt} and ${table.blockedFrom} <= ${table.scheduledAt} and ${table.blockedUntil} >= ${table.endsAt}`,
    ),
    check('bookings_purpose_ck', sql`btrim(${table.purpose}) <> ''`),
    check(
      'bookings_price_ck',
      sql`${table.price} >= 0 and ${table.originalPrice} >= ${table.price} and (${table.discountAmount} is null or ${table.discountAmount} > 0)`,
    ),
    check(
      'bookings_cancelled_ck',
      sql`(${table.status} = 'cancelled') = (${table.cancelledAt} is not null and ${table.cancelledBy} is not null)`,
    ),
    index('bookings_coach_idx').on(table.coachId, table.scheduledAt),
    index('bookings_client_idx').on(table.clientId, table.scheduledAt),
  ],
);
