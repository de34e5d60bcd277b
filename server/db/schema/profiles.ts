import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { userRef, userKey } from './accounts';
import { timestamptz } from './columns';

/** SPEC §3: a coach's categories (coach_id, category); replaced as a whole on profile update. */
export const coachCategories = pgTable(
  'coach_categories',
  {
    coachId: userRef('coach_id', 'cascade'),
    category: text('category').notNull(),
  },
  (table) => [primaryKey({ columns: [table.coachId, table.category] })],
);

/** SPEC §3 client_profiles: the client side of a person, one row per user. */
export const clientProfiles = pgTable('client_profiles', {
  userId: userKey('user_id'),
  shortBio: text('short_bio'),
  aboutMe: text('about_me'),
  dateOfBirth: text('date_of_birth'),
  zodiacSign: text('zodiac_sign'),
  gender: text('gender'),
  interests: text('interests').array(),
  /**
   * Which fields the client shows on their public page /client/:username (any of full_name,
   * avatar_url, short_bio, about_me, interests, zodiac_sign, gender). Empty: the page is private.
   */
  publicFields: text('public_fields')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** SPEC §3 coach_stats (sample values 127, 89, '< 1 hour', 98, 4.9, 94). */
export const coachStats = pgTable('coach_stats', {
  coachId: userKey('coach_id'),
  totalSessions: integer('total_sessions').notNull().default(0),
  totalClients: integer('total_clients').notNull().default(0),
  avgResponseTime: text('avg_response_time'),
  onTimePercentage: integer('on_time_percentage'),
  ratingAverage: numeric('rating_average', { precision: 3, scale: 2 }),
  totalReviews: integer('total_reviews').notNull().default(0),
});

/**
 * SPEC §3 client_coach_stats: one row per client and coach who have held a session together (kept by
 * the sessions capability). A coach may open a client's profile (/client-profile-view/:clientId) only
 * when a row with total_sessions > 0 exists.
 */
export const clientCoachStats = pgTable(
  'client_coach_stats',
  {
    coachId: userRef('coach_id', 'cascade'),
    clientId: userRef('client_id', 'cascade'),
    totalSessions: integer('total_sessions').notNull().default(0),
    /** Integer cents. */
    totalSpent: integer('total_spent').notNull().default(0),
    lastSessionAt: timestamptz('last_session_at'),
  },
  (table) => [
    primaryKey({ columns: [table.coachId, table.clientId] }),
    index('client_coach_stats_client_idx').on(table.clientId),
  ],
);

/** A website section on /coach/:username/website, in display order. */
export type WebsiteSection = {
  type: 'about' | 'services' | 'programs' | 'stats' | 'contact' | 'custom';
  enabled: boolean;
  title?: string;
  body?: string;
};

/**
 * The coach's website branding, edited at /branding (fonts live in profiles.custom_fonts): colours,
 * the hero headline and the ordered sections. No row means the defaults.
 */
export const coachWebsites = pgTable('coach_websites', {
  coachId: userKey('coach_id'),
  /** #rrggbb */
  primaryColor: text('primary_color').notNull().default('#0f766e'),
  accentColor: text('accent_color').notNull().default('#f59e0b'),
  backgroundColor: text('background_color').notNull().default('#ffffff'),
  headline: text('headline'),
  sections: jsonb('sections')
    .$type<WebsiteSection[]>()
    .notNull()
    .default([
      { type: 'about', enabled: true },
      { type: 'services', enabled: true },
      { type: 'programs', enabled: true },
      { type: 'stats', enabled: true },
      { type: 'contact', enabled: true },
    ]),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
