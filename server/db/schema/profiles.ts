import { integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** SPEC §3: a coach's categories (coach_id, category); replaced as a whole on profile update. */
export const coachCategories = pgTable(
  'coach_categories',
  {
    coachId: uuid('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
  },
  (table) => [primaryKey({ columns: [table.coachId, table.category] })],
);

/** SPEC §3 client_profiles: the client side of a person, one row per user. */
export const clientProfiles = pgTable('client_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  shortBio: text('short_bio'),
  aboutMe: text('about_me'),
  dateOfBirth: text('date_of_birth'),
  zodiacSign: text('zodiac_sign'),
  gender: text('gender'),
  interests: text('interests').array(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** SPEC §3 coach_stats (sample values 127, 89, '< 1 hour', 98, 4.9, 94). */
export const coachStats = pgTable('coach_stats', {
  coachId: uuid('coach_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totalSessions: integer('total_sessions').notNull().default(0),
  totalClients: integer('total_clients').notNull().default(0),
  avgResponseTime: text('avg_response_time'),
  onTimePercentage: integer('on_time_percentage'),
  ratingAverage: numeric('rating_average', { precision: 3, scale: 2 }),
  totalReviews: integer('total_reviews').notNull().default(0),
});
