import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidPk, timestamptz, timestampsDefaultNow, requiredRef } from './columns';

/**
 * People and what they may be. The accounts capability (sign-in, tokens, factors) builds on these;
 * the foundation creates them so the demo seed has real accounts to print.
 */
export const roleEnum = pgEnum('role', ['client', 'coach']);
export const adminRoleEnum = pgEnum('admin_role', [
  'super_admin',
  'coach_manager',
  'financial_admin',
  'community_moderator',
]);

export const users = pgTable(
  'users',
  {
    id: uuidPk(),
    email: text('email'),
    phone: text('phone'),
    encryptedPassword: text('encrypted_password'),
    emailConfirmedAt: timestamptz('email_confirmed_at'),
    phoneConfirmedAt: timestamptz('phone_confirmed_at'),
    lastSignInAt: timestamptz('last_sign_in_at'),
    /** Set by an administrator: no sign-in and no refresh until then. */
    bannedUntil: timestamptz('banned_until'),
    userMetadata: jsonb('user_metadata').$type<Record<string, unknown>>().notNull().default({}),
    appMetadata: jsonb('app_metadata').$type<Record<string, unknown>>().notNull().default({}),
    ...timestampsDefaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_uq').on(sql`lower(${table.email})`),
    uniqueIndex('users_phone_uq').on(table.phone),
  ],
);

/**
 * A required reference to a person (a users row). `cascade`: the row goes when the person is deleted;
 * otherwise deleting a person it references is refused.
 */
export const userRef = (name: string, onDelete?: 'cascade') => requiredRef(name, () => users.id, onDelete);

/** The key of a table that extends a person one to one: their user id; the row goes with the person. */
export const userKey = (name: string) =>
  uuid(name)
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' });

export const userRoles = pgTable(
  'user_roles',
  {
    userId: userRef('user_id', 'cascade'),
    role: roleEnum('role').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    isLastActive: boolean('is_last_active').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.role] })],
);

export const adminUsers = pgTable('admin_users', {
  userId: userKey('user_id'),
  isActive: boolean('is_active').notNull().default(true),
  adminRole: adminRoleEnum('admin_role').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const profiles = pgTable(
  'profiles',
  {
    id: uuidPk(),
    userId: userRef('user_id', 'cascade'),
    fullName: text('full_name'),
    username: text('username'),
    email: text('email'),
    avatarUrl: text('avatar_url'),
    // SPEC §3 profile fields (profiles capability).
    professionalTitle: text('professional_title'),
    workExperience: text('work_experience'),
    shortBio: text('short_bio'),
    aboutMe: text('about_me'),
    coverImageUrl: text('cover_image_url'),
    isOnline: boolean('is_online').notNull().default(false),
    lastOnlineConfirmAt: timestamptz('last_online_confirm_at'),
    showOnlineStatus: boolean('show_online_status').notNull().default(true),
    showTrustSignals: boolean('show_trust_signals').notNull().default(true),
    showCoachStats: boolean('show_coach_stats').notNull().default(true),
    customAvailabilityMessage: text('custom_availability_message').default(
      'Online Now - Ready to help you grow!',
    ),
    showServicesProminently: boolean('show_services_prominently').notNull().default(false),
    coachTagline: text('coach_tagline'),
    enableFollowButton: boolean('enable_follow_button').notNull().default(true),
    enableNotifyButton: boolean('enable_notify_button').notNull().default(true),
    showServiceBadges: boolean('show_service_badges').notNull().default(true),
    enableLivePreviewLabels: boolean('enable_live_preview_labels').notNull().default(false),
    customFonts: jsonb('custom_fonts')
      .$type<Record<string, unknown>>()
      .notNull()
      .default({ primary: 'inter' }),
    yearsExperience: integer('years_experience'),
    dateOfBirth: text('date_of_birth'),
    /** Integer cents per 15 minutes; null means the SPEC §9 default rate applies. */
    onDemandTextPrice: integer('on_demand_text_price'),
    onDemandAudioPrice: integer('on_demand_audio_price'),
    onDemandVideoPrice: integer('on_demand_video_price'),
    onboardingTourCompleted: boolean('onboarding_tour_completed').notNull().default(false),
    tourStepProgress: jsonb('tour_step_progress').$type<Record<string, unknown>>(),
    tourLastSeenAt: timestamptz('tour_last_seen_at'),
    clientOnboardingTourCompleted: boolean('client_onboarding_tour_completed').notNull().default(false),
    clientTourStepProgress: jsonb('client_tour_step_progress').$type<Record<string, unknown>>(),
    clientTourLastSeenAt: timestamptz('client_tour_last_seen_at'),
    /**
     * The person's time zone (IANA, e.g. "Europe/Berlin"): every time they see is in it, and a coach's
     * schedule is written in it. Null until the browser tells it after sign-up (then editable in Settings).
     */
    timeZone: text('time_zone'),
    ...timestampsDefaultNow(),
  },
  (table) => [
    uniqueIndex('profiles_user_id_uq').on(table.userId),
    uniqueIndex('profiles_username_uq').on(table.username),
    index('profiles_created_at_idx').on(table.createdAt),
    check('profiles_years_experience_ck', sql`${table.yearsExperience} between 0 and 100`),
    check(
      'profiles_on_demand_prices_ck',
      sql`${table.onDemandTextPrice} >= 0 and ${table.onDemandAudioPrice} >= 0 and ${table.onDemandVideoPrice} >= 0`,
    ),
  ],
);
