import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { userRef } from './accounts';
import { uuidPk, timestamptz, timestampsDefaultNow, requiredRef } from './columns';

/**
 * Programs: a coach builds a program of ordered lessons; a published program is public at
 * /program/:id; clients enrol and follow its lessons with their progress saved. Price is integer cents;
 * until the money capability exists only free programs (price 0) can be published.
 */
export const programs = pgTable(
  'programs',
  {
    id: uuidPk(),
    coachId: userRef('coach_id', 'cascade'),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    description: text('description'),
    category: text('category'),
    coverImageUrl: text('cover_image_url'),
    price: integer('price').notNull().default(0),
    /** draft | published | archived */
    status: text('status').notNull().default('draft'),
    publishedAt: timestamptz('published_at'),
    ...timestampsDefaultNow(),
  },
  (table) => [
    check('programs_status_ck', sql`${table.status} in ('draft', 'published', 'archived')`),
    check('programs_price_ck', sql`${table.price} >= 0`),
    index('programs_coach_idx').on(table.coachId, table.createdAt),
  ],
);

/** A lesson; `position` is its 1-based lesson number within the program. */
export const programLessons = pgTable(
  'program_lessons',
  {
    id: uuidPk(),
    programId: requiredRef('program_id', () => programs.id, 'cascade'),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    /** Plain text with paragraphs (rendered as text, never as HTML). */
    body: text('body').notNull().default(''),
    /** Image URLs from the uploads service. */
    imageUrls: text('image_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** An https link to a video (YouTube, Vimeo or a file). */
    videoUrl: text('video_url'),
    durationMinutes: integer('duration_minutes'),
    ...timestampsDefaultNow(),
  },
  (table) => [uniqueIndex('program_lessons_position_uq').on(table.programId, table.position)],
);

export const programEnrollments = pgTable(
  'program_enrollments',
  {
    id: uuidPk(),
    programId: requiredRef('program_id', () => programs.id, 'cascade'),
    clientId: userRef('client_id', 'cascade'),
    enrolledAt: timestamptz('enrolled_at').notNull().defaultNow(),
    lastLessonNumber: integer('last_lesson_number').notNull().default(1),
    lastViewedAt: timestamptz('last_viewed_at'),
    completedAt: timestamptz('completed_at'),
  },
  (table) => [
    uniqueIndex('program_enrollments_uq').on(table.programId, table.clientId),
    index('program_enrollments_client_idx').on(table.clientId, table.enrolledAt),
  ],
);

/** Which lessons an enrolled client has completed (by lesson id, so reordering keeps progress). */
export const programLessonProgress = pgTable(
  'program_lesson_progress',
  {
    enrollmentId: requiredRef('enrollment_id', () => programEnrollments.id, 'cascade'),
    lessonId: requiredRef('lesson_id', () => programLessons.id, 'cascade'),
    completedAt: timestamptz('completed_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.enrollmentId, table.lessonId] })],
);
