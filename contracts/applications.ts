import { z } from 'zod';
import { requiredText, wholeNumber } from './fields';
import { MAX_RATE_CENTS } from '#domain/money/limits';
import { CATEGORY_SLUGS, type SessionFormat } from '#domain/coaching/categories';
import { COACH_CATEGORY_LIMIT } from './profiles';

/**
 * Coach applications: a person applies at /coach-application; an admin holding
 * manage_applications approves or rejects it at /admin/applications. Money is integer cents.
 */
export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** SPEC §9 on-demand rates per 15 minutes when a coach sets none, in cents (the form's placeholders). */
export const DEFAULT_INTENDED_RATES_CENTS = {
  text: 3000,
  audio: 3500,
  video: 4000,
} as const satisfies Record<SessionFormat, number>;

/** Bounds of an intended rate (cents per 15 minutes): $1.00 to $1,000.00. */
export const INTENDED_RATE_MIN_CENTS = 100;
/** The one cap on rates (domain/money/limits.ts): $1,000.00 per 15 minutes. */
export const INTENDED_RATE_MAX_CENTS = MAX_RATE_CENTS;

export const APPLICATION_LIMITS = {
  experience: 5_000,
  credentials: 5_000,
  bio: 3_000,
  yearsExperience: 70,
  rejectionReason: 1_000,
} as const;

export const APPLICATION_MESSAGES = {
  experienceRequired: 'Tell us about your coaching experience.',
  experienceTooLong: `Keep your experience under ${APPLICATION_LIMITS.experience.toLocaleString('en-US')} characters.`,
  yearsInvalid: `Enter a whole number of years between 0 and ${APPLICATION_LIMITS.yearsExperience}.`,
  categoriesMin: 'Pick at least one category you coach in.',
  categoriesMax: `Pick at most ${COACH_CATEGORY_LIMIT} categories.`,
  categoriesUnknown: 'Pick categories from the list.',
  categoriesDuplicate: 'Each category can be picked once.',
  credentialsTooLong: `Keep your credentials under ${APPLICATION_LIMITS.credentials.toLocaleString('en-US')} characters.`,
  bioRequired: 'Write a short bio clients will read.',
  bioTooLong: `Keep your bio under ${APPLICATION_LIMITS.bio.toLocaleString('en-US')} characters.`,
  rateInvalid: 'Enter a rate between $1.00 and $1,000.00 per 15 minutes, or leave it empty for the default.',
  reasonRequired: 'Tell the applicant why, so they know what to change before applying again.',
  reasonTooLong: `Keep the reason under ${APPLICATION_LIMITS.rejectionReason.toLocaleString('en-US')} characters.`,
} as const;

const rate = wholeNumber(INTENDED_RATE_MIN_CENTS, INTENDED_RATE_MAX_CENTS, APPLICATION_MESSAGES.rateInvalid)
  .nullable()
  .optional();

/** POST /api/coach-applications. Strict: unknown keys are refused. Texts are trimmed. */
export const applicationBodySchema = z.strictObject({
  experience: requiredText(APPLICATION_LIMITS.experience, {
    required: APPLICATION_MESSAGES.experienceRequired,
    tooLong: APPLICATION_MESSAGES.experienceTooLong,
  }),
  years_experience: wholeNumber(0, APPLICATION_LIMITS.yearsExperience, APPLICATION_MESSAGES.yearsInvalid)
    .nullable()
    .optional(),
  categories: z
    .array(z.enum(CATEGORY_SLUGS, { error: APPLICATION_MESSAGES.categoriesUnknown }), {
      error: APPLICATION_MESSAGES.categoriesMin,
    })
    .min(1, { error: APPLICATION_MESSAGES.categoriesMin })
    .max(COACH_CATEGORY_LIMIT, { error: APPLICATION_MESSAGES.categoriesMax })
    .refine((list) => new Set(list).size === list.length, {
      error: APPLICATION_MESSAGES.categoriesDuplicate,
    }),
  credentials: z
    .string()
    .trim()
    .max(APPLICATION_LIMITS.credentials, { error: APPLICATION_MESSAGES.credentialsTooLong })
    .optional(),
  bio: requiredText(APPLICATION_LIMITS.bio, {
    required: APPLICATION_MESSAGES.bioRequired,
    tooLong: APPLICATION_MESSAGES.bioTooLong,
  }),
  intended_text_price: rate,
  intended_audio_price: rate,
  intended_video_price: rate,
});
export type ApplicationBody = z.infer<typeof applicationBodySchema>;
/** What the form sends before trimming (the browser validates with the same schema). */
export type ApplicationBodyInput = z.input<typeof applicationBodySchema>;

/** One application as its applicant sees it (no reviewer identity). */
export const applicationSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  experience: z.string(),
  years_experience: z.number().int().nullable(),
  categories: z.array(z.string()),
  credentials: z.string(),
  bio: z.string(),
  /** Cents per 15 minutes; null = the SPEC §9 default. */
  intended_text_price: z.number().int().nullable(),
  intended_audio_price: z.number().int().nullable(),
  intended_video_price: z.number().int().nullable(),
  rejection_reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Application = z.infer<typeof applicationSchema>;

/**
 * GET /api/coach-applications/me (and the answer of POST /api/coach-applications): the status of the
 * latest application ('none' if the person never applied), its rejection reason, the latest
 * application, and every application of the person, newest first (history[0] is the latest).
 */
export const myApplicationResponseSchema = z.object({
  status: z.enum(['none', ...APPLICATION_STATUSES]),
  rejection_reason: z.string().nullable(),
  application: applicationSchema.nullable(),
  history: z.array(applicationSchema),
});
export type MyApplicationResponse = z.infer<typeof myApplicationResponseSchema>;

// ---- Admin (manage_applications, aal2).

export const adminApplicationsQuerySchema = z.object({
  status: z.enum(APPLICATION_STATUSES).default('pending'),
});

export const applicationIdParamsSchema = z.object({ id: z.uuid({ error: 'Unknown application.' }) });

export const adminApplicationSchema = applicationSchema.extend({
  applicant: z.object({
    user_id: z.string(),
    full_name: z.string().nullable(),
    email: z.string().nullable(),
    avatar_url: z.string().nullable(),
  }),
  reviewer: z.object({ user_id: z.string(), full_name: z.string().nullable() }).nullable(),
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;

/** How many applications are listed at most per status (pending oldest first, others newest first). */
export const ADMIN_APPLICATIONS_PAGE_LIMIT = 100;

export const adminApplicationListSchema = z.object({
  applications: z.array(adminApplicationSchema),
  counts: z.object({ pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() }),
});
export type AdminApplicationList = z.infer<typeof adminApplicationListSchema>;

export const rejectApplicationBodySchema = z.strictObject({
  reason: requiredText(APPLICATION_LIMITS.rejectionReason, {
    required: APPLICATION_MESSAGES.reasonRequired,
    tooLong: APPLICATION_MESSAGES.reasonTooLong,
  }),
});
export type RejectApplicationBody = z.infer<typeof rejectApplicationBodySchema>;
