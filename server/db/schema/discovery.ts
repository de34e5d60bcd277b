import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { userRef, userKey } from './accounts';
import { timestamptz } from './columns';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The discovery read model (docs/performance: G2/G3): one row per *listed* coach — a coach holding
 * the coach role with an approved application — with everything a discovery card, filter or sort
 * needs, so /discover is one indexed read instead of a join over profiles, categories, stats and
 * services. Kept by database triggers (migration 0004: refresh_coach_directory) on profiles,
 * coach_categories, coach_stats, services, coach_applications and user_roles; nothing in the
 * application writes it. Prices are effective on-demand rates in cents per 15 minutes (SPEC §9
 * defaults applied).
 */
export const coachDirectory = pgTable(
  'coach_directory',
  {
    coachId: userKey('coach_id'),
    username: text('username'),
    fullName: text('full_name'),
    professionalTitle: text('professional_title'),
    coachTagline: text('coach_tagline'),
    shortBio: text('short_bio'),
    avatarUrl: text('avatar_url'),
    customAvailabilityMessage: text('custom_availability_message'),
    categories: text('categories').array().notNull(),
    /** Formats of the coach's active services. */
    serviceFormats: text('service_formats').array().notNull(),
    /** Online and showing it (is_online and show_online_status). */
    isOnline: boolean('is_online').notNull(),
    showCoachStats: boolean('show_coach_stats').notNull(),
    ratingAverage: numeric('rating_average', { precision: 3, scale: 2 }),
    totalReviews: integer('total_reviews').notNull(),
    totalSessions: integer('total_sessions').notNull(),
    priceText: integer('price_text').notNull(),
    priceAudio: integer('price_audio').notNull(),
    priceVideo: integer('price_video').notNull(),
    /** The lowest of the three rates. */
    priceMin: integer('price_min').notNull(),
    yearsExperience: integer('years_experience'),
    /** Weighted: name and title A, tagline and categories (slugs and labels) B, bio and services C. */
    search: tsvector('search').notNull(),
    listedAt: timestamptz('listed_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('coach_directory_search_idx').using('gin', table.search),
    index('coach_directory_categories_idx').using('gin', table.categories),
    index('coach_directory_rating_idx').on(
      sql`${table.ratingAverage} desc nulls last`,
      sql`${table.totalReviews} desc`,
      table.coachId,
    ),
    index('coach_directory_online_rating_idx')
      .on(sql`${table.ratingAverage} desc nulls last`, sql`${table.totalReviews} desc`, table.coachId)
      .where(sql`${table.isOnline}`),
    index('coach_directory_price_min_idx').on(table.priceMin, table.coachId),
    index('coach_directory_price_text_idx').on(table.priceText, table.coachId),
    index('coach_directory_price_audio_idx').on(table.priceAudio, table.coachId),
    index('coach_directory_price_video_idx').on(table.priceVideo, table.coachId),
    index('coach_directory_listed_idx').on(sql`${table.listedAt} desc`, table.coachId),
  ],
);

/** A client following a coach (/client-favorites), with "notify me" where the coach enabled it. */
export const coachFollows = pgTable(
  'coach_follows',
  {
    clientId: userRef('client_id', 'cascade'),
    coachId: userRef('coach_id', 'cascade'),
    notify: boolean('notify').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.clientId, table.coachId] }),
    index('coach_follows_coach_idx').on(table.coachId),
  ],
);
