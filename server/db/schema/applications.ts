import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users, userRef } from './accounts';
import { uuidPk, timestamptz, timestampsDefaultNow } from './columns';

/**
 * Coach applications: a person applies at /coach-application; an admin holding
 * manage_applications approves or rejects it at /admin/applications. A person has at most one pending
 * application; a rejected applicant may apply again (a new row). An approved application is what makes
 * a coach listed in discovery and allowed to go online.
 */
export const coachApplications = pgTable(
  'coach_applications',
  {
    id: uuidPk(),
    userId: userRef('user_id', 'cascade'),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    /** What the applicant has done so far (free text). */
    experience: text('experience').notNull(),
    yearsExperience: integer('years_experience'),
    /** Category slugs (domain/coaching/categories.ts). */
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Certifications, training, links. */
    credentials: text('credentials').notNull().default(''),
    bio: text('bio').notNull(),
    /** Intended on-demand rates, integer cents per 15 minutes (null: the SPEC §9 default). */
    intendedTextPrice: integer('intended_text_price'),
    intendedAudioPrice: integer('intended_audio_price'),
    intendedVideoPrice: integer('intended_video_price'),
    rejectionReason: text('rejection_reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamptz('reviewed_at'),
    ...timestampsDefaultNow(),
  },
  (table) => [
    check('coach_applications_status_ck', sql`${table.status} in ('pending', 'approved', 'rejected')`),
    check(
      'coach_applications_rejection_reason_ck',
      sql`${table.status} <> 'rejected' or ${table.rejectionReason} is not null`,
    ),
    check(
      'coach_applications_prices_ck',
      sql`${table.intendedTextPrice} >= 0 and ${table.intendedAudioPrice} >= 0 and ${table.intendedVideoPrice} >= 0`,
    ),
    uniqueIndex('coach_applications_one_pending_uq')
      .on(table.userId)
      .where(sql`${table.status} = 'pending'`),
    index('coach_applications_user_idx').on(table.userId, table.createdAt),
    index('coach_applications_queue_idx').on(table.status, table.createdAt),
  ],
);
