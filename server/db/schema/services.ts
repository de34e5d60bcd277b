import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { userRef } from './accounts';
import { uuidPk, timestampsDefaultNow } from './columns';

/**
 * A coach's services (SPEC §3 service shape), managed at /services. Money is integer cents; duration
 * is in minutes. A paused service has is_active false and is not offered to clients.
 */
export const services = pgTable(
  'services',
  {
    id: uuidPk(),
    coachId: userRef('coach_id', 'cascade'),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    description: text('description'),
    /** text | audio | video */
    format: text('format').notNull(),
    /** Integer cents. */
    price: integer('price').notNull(),
    /** Minutes. */
    duration: integer('duration').notNull(),
    /** full | micro */
    type: text('type').notNull().default('full'),
    category: text('category'),
    isActive: boolean('is_active').notNull().default(true),
    isPopular: boolean('is_popular').notNull().default(false),
    thumbnailUrl: text('thumbnail_url'),
    bookingCount: integer('booking_count').notNull().default(0),
    /** Null means unlimited. */
    spotsLeft: integer('spots_left'),
    /**
     * Cancellation policy (#18, domain/scheduling/cancellation.ts): free until this many hours before
     * the start; later, this percentage of the price is charged. Each booking keeps its own copy.
     */
    freeCancelHours: integer('free_cancel_hours').notNull().default(24),
    lateCancelPercent: integer('late_cancel_percent').notNull().default(50),
    /** Display order on the coach's pages (ascending). */
    position: integer('position').notNull().default(0),
    ...timestampsDefaultNow(),
  },
  (table) => [
    check('services_format_ck', sql`${table.format} in ('text', 'audio', 'video')`),
    check('services_type_ck', sql`${table.type} in ('full', 'micro')`),
    check('services_price_ck', sql`${table.price} >= 0`),
    check('services_duration_ck', sql`${table.duration} between 5 and 480`),
    check('services_spots_left_ck', sql`${table.spotsLeft} >= 0`),
    check('services_booking_count_ck', sql`${table.bookingCount} >= 0`),
    check(
      'services_cancellation_ck',
      sql`${table.freeCancelHours} between 0 and 720 and ${table.lateCancelPercent} between 0 and 100`,
    ),
    index('services_coach_idx').on(table.coachId, table.position, table.createdAt),
  ],
);
