import { z } from 'zod';
import { timeZoneSchema, wholeNumber } from './fields';
import { CATEGORY_SLUGS } from '#domain/coaching/categories';
import { PROFILE_COMPLETION_ITEMS, type ProfileCompletionItem } from '#domain/profiles/profile-completion';
import { UNIFIED_PROFILE_MESSAGES } from '#domain/profiles/profile-errors';
import {
  FULL_NAME_REQUIRED_UNIFIED,
  USERNAME_MAX_LENGTH,
  USERNAME_TOO_LONG_MESSAGE,
} from '#domain/profiles/profile-rules';
import { MAX_RATE_CENTS, RATE_LIMIT_MESSAGE } from '#domain/money/limits';

export { UNIFIED_PROFILE_MESSAGES, FULL_NAME_REQUIRED_UNIFIED };

/** How many categories a coach may pick. */
export const COACH_CATEGORY_LIMIT = 5;

/**
 * SPEC §8 EXCEPTION_ERROR rows: these happen in the browser (no answer from the server), so the web
 * client shows them itself. Server-side codes carry their own messages (domain/errors/app-error.ts).
 */
export const PROFILE_CLIENT_ERROR_MESSAGES = {
  network: 'Network error. Please check your connection and try again.',
  timeout: 'Request timed out. Please try again.',
  other: 'An unexpected error occurred. Please try again.',
} as const;

/** Why a picture URL in PATCH /api/profiles/me was refused (avatar_url, cover_image_url). */
export const PROFILE_PICTURE_MESSAGES = {
  notOwnUpload: 'Please upload the picture here; links to other pictures cannot be used.',
  missing: 'This picture is no longer available. Please upload it again.',
} as const;

const text = z.string().max(10_000);
const shortText = z.string().max(500);
/** An on-demand rate per 15 minutes: whole cents, 0 to MAX_RATE_CENTS ($1,000.00), or null for the default. */
const rate = wholeNumber(0, MAX_RATE_CENTS, RATE_LIMIT_MESSAGE).nullable();
const jsonObject = z.record(z.string(), z.unknown());

export const tourProgressSchema = z
  .object({
    currentStepIndex: z.number().int().min(0).optional(),
    completedSteps: z.array(z.union([z.string(), z.number()])).optional(),
    isActive: z.boolean().optional(),
  })
  .passthrough();

/**
 * PATCH /api/profiles/me: the allowlist. Strict: any other key (user_id, id, email, is_online,
 * stats...) is refused with VALIDATION_ERROR. full_name, username, custom_fonts, years_experience and
 * date_of_birth are normalised by domain/profiles/profile-rules.ts (SPEC §5).
 */
export const profileUpdateBodySchema = z.strictObject({
  full_name: z.string().max(200).nullable().optional(),
  username: z.string().max(USERNAME_MAX_LENGTH, USERNAME_TOO_LONG_MESSAGE).nullable().optional(),
  professional_title: shortText.nullable().optional(),
  work_experience: text.nullable().optional(),
  short_bio: text.nullable().optional(),
  about_me: text.nullable().optional(),
  avatar_url: z.string().max(2_000).nullable().optional(),
  cover_image_url: z.string().max(2_000).nullable().optional(),
  show_online_status: z.boolean().optional(),
  show_trust_signals: z.boolean().optional(),
  show_coach_stats: z.boolean().optional(),
  custom_availability_message: shortText.nullable().optional(),
  show_services_prominently: z.boolean().optional(),
  coach_tagline: shortText.nullable().optional(),
  enable_follow_button: z.boolean().optional(),
  enable_notify_button: z.boolean().optional(),
  show_service_badges: z.boolean().optional(),
  enable_live_preview_labels: z.boolean().optional(),
  custom_fonts: z
    .union([z.string().max(2_000), jsonObject])
    .nullable()
    .optional(),
  years_experience: z
    .union([z.number(), z.string().max(10)])
    .nullable()
    .optional(),
  date_of_birth: z.string().max(40).nullable().optional(),
  on_demand_text_price: rate.optional(),
  on_demand_audio_price: rate.optional(),
  on_demand_video_price: rate.optional(),
  onboarding_tour_completed: z.boolean().optional(),
  tour_step_progress: tourProgressSchema.nullable().optional(),
  client_onboarding_tour_completed: z.boolean().optional(),
  client_tour_step_progress: tourProgressSchema.nullable().optional(),
  /** The person's time zone (an IANA name the runtime knows). */
  time_zone: timeZoneSchema.optional(),
  /** Replaces the coach's categories as a whole (DELETE then INSERT, one transaction). */
  categories: z.array(z.enum(CATEGORY_SLUGS)).max(COACH_CATEGORY_LIMIT).optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

/** The caller's own profile (GET/PATCH /api/profiles/me). */
export const ownProfileSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  full_name: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  professional_title: z.string().nullable(),
  work_experience: z.string().nullable(),
  short_bio: z.string().nullable(),
  about_me: z.string().nullable(),
  avatar_url: z.string().nullable(),
  cover_image_url: z.string().nullable(),
  is_online: z.boolean(),
  last_online_confirm_at: z.string().nullable(),
  show_online_status: z.boolean(),
  show_trust_signals: z.boolean(),
  show_coach_stats: z.boolean(),
  custom_availability_message: z.string().nullable(),
  show_services_prominently: z.boolean(),
  coach_tagline: z.string().nullable(),
  enable_follow_button: z.boolean(),
  enable_notify_button: z.boolean(),
  show_service_badges: z.boolean(),
  enable_live_preview_labels: z.boolean(),
  custom_fonts: jsonObject,
  years_experience: z.number().nullable(),
  date_of_birth: z.string().nullable(),
  on_demand_text_price: z.number().nullable(),
  on_demand_audio_price: z.number().nullable(),
  on_demand_video_price: z.number().nullable(),
  onboarding_tour_completed: z.boolean(),
  tour_step_progress: jsonObject.nullable(),
  tour_last_seen_at: z.string().nullable(),
  client_onboarding_tour_completed: z.boolean(),
  client_tour_step_progress: jsonObject.nullable(),
  client_tour_last_seen_at: z.string().nullable(),
  /** Null until set (the web app sets it from the browser after sign-up). */
  time_zone: z.string().nullable(),
  categories: z.array(z.string()),
  updated_at: z.string(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** How a coach is named on public screens (their page, a discovery card), keyed by their user id. */
export const coachHeadlineFields = {
  coach_id: z.string(),
  username: z.string().nullable(),
  full_name: z.string().nullable(),
  professional_title: z.string().nullable(),
  coach_tagline: z.string().nullable(),
};

export const coachStatsSchema = z.object({
  total_sessions: z.number(),
  total_clients: z.number(),
  avg_response_time: z.string().nullable(),
  on_time_percentage: z.number().nullable(),
  rating_average: z.number().nullable(),
  total_reviews: z.number(),
});

/**
 * GET /api/profiles/:username: what anyone may see of a coach. No user id, email, date of birth,
 * tour progress or presence timestamps; is_online only when the coach shows it; stats only when the
 * coach shows them (null when hidden or not recorded yet).
 */
export const publicCoachProfileSchema = ownProfileSchema
  .pick({
    id: true,
    full_name: true,
    professional_title: true,
    work_experience: true,
    short_bio: true,
    about_me: true,
    avatar_url: true,
    cover_image_url: true,
    custom_availability_message: true,
    show_trust_signals: true,
    show_services_prominently: true,
    coach_tagline: true,
    enable_follow_button: true,
    enable_notify_button: true,
    show_service_badges: true,
    enable_live_preview_labels: true,
    custom_fonts: true,
    years_experience: true,
    on_demand_text_price: true,
    on_demand_audio_price: true,
    on_demand_video_price: true,
    categories: true,
  })
  .extend({
    username: z.string(),
    is_online: z.boolean().nullable(),
    stats: coachStatsSchema.nullable(),
  });
export type PublicCoachProfile = z.infer<typeof publicCoachProfileSchema>;

export const usernameParamsSchema = z.object({ username: z.string().min(1).max(USERNAME_MAX_LENGTH) });

/**
 * What a client may show on their public page /client/:username (client_profiles.public_fields).
 * None chosen: the page is private and answers not found.
 */
export const CLIENT_PUBLIC_FIELDS = [
  'full_name',
  'avatar_url',
  'short_bio',
  'about_me',
  'interests',
  'zodiac_sign',
  'gender',
] as const;
export type ClientPublicField = (typeof CLIENT_PUBLIC_FIELDS)[number];

/** PUT /api/client-profiles/me: the whole client profile (insert when missing, update otherwise). */
export const clientProfileBodySchema = z.strictObject({
  short_bio: text.nullable().optional(),
  about_me: text.nullable().optional(),
  date_of_birth: z.string().max(40).nullable().optional(),
  zodiac_sign: z.string().max(40).nullable().optional(),
  gender: z.string().max(60).nullable().optional(),
  interests: z.array(z.string().trim().min(1).max(80)).max(50).nullable().optional(),
  /** Replaces the whole list; duplicates are dropped. */
  public_fields: z.array(z.enum(CLIENT_PUBLIC_FIELDS)).max(CLIENT_PUBLIC_FIELDS.length).optional(),
});
export type ClientProfileBody = z.infer<typeof clientProfileBodySchema>;

export const clientProfileSchema = z.object({
  user_id: z.string(),
  short_bio: z.string().nullable(),
  about_me: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  zodiac_sign: z.string().nullable(),
  gender: z.string().nullable(),
  interests: z.array(z.string()),
  public_fields: z.array(z.enum(CLIENT_PUBLIC_FIELDS)),
  updated_at: z.string().nullable(),
});
export type ClientProfile = z.infer<typeof clientProfileSchema>;

/**
 * GET /api/clients/:username (public): only the fields the client chose to show. A field that is
 * not shown is absent from the answer, never null-filled, so nothing leaks by its presence.
 */
export const publicClientProfileSchema = z.object({
  username: z.string(),
  full_name: z.string().nullable().optional(),
  avatar_url: z.string().nullable().optional(),
  short_bio: z.string().nullable().optional(),
  about_me: z.string().nullable().optional(),
  interests: z.array(z.string()).optional(),
  zodiac_sign: z.string().nullable().optional(),
  gender: z.string().nullable().optional(),
});
export type PublicClientProfile = z.infer<typeof publicClientProfileSchema>;

/** A client's user id in a path. */
export const clientIdParamsSchema = z.object({ clientId: z.uuid() });

/**
 * GET /api/clients/:clientId/profile: what a coach sees of a client they have held a session with
 * (client_coach_stats.total_sessions > 0). No email and no date of birth.
 */
export const coachViewOfClientSchema = z.object({
  user_id: z.string(),
  username: z.string().nullable(),
  full_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  short_bio: z.string().nullable(),
  about_me: z.string().nullable(),
  zodiac_sign: z.string().nullable(),
  gender: z.string().nullable(),
  interests: z.array(z.string()),
  sessions: z.object({
    total_sessions: z.number().int(),
    /** Integer cents. */
    total_spent: z.number().int(),
    last_session_at: z.string().nullable(),
  }),
});
export type CoachViewOfClient = z.infer<typeof coachViewOfClientSchema>;

export { PROFILE_COMPLETION_ITEMS, type ProfileCompletionItem };

export const profileCompletionSchema = z.object({
  completion: z.number().int().min(0).max(100),
  missing: z.array(z.enum(PROFILE_COMPLETION_ITEMS)),
});
export type ProfileCompletion = z.infer<typeof profileCompletionSchema>;
