import { z } from 'zod';
import { wholeNumber } from './fields';
import { LISTING_LIMITS, listingResponseFields, listingTextFields, listingMessages } from './listing';
import { uploadedImageUrlSchema } from './services';
import { CATEGORY_SLUGS } from '#domain/coaching/categories';

/**
 * Programs. Money is integer cents. `programSummarySchema` is a program as listed on a
 * coach's pages (GET /api/coaches/:coachId/programs lists the published ones, public).
 */
export const PROGRAM_STATUSES = ['draft', 'published', 'archived'] as const;

export const programSummarySchema = z.object({
  ...listingResponseFields,
  category: z.string().nullable(),
  cover_image_url: z.string().nullable(),
  price: z.number().int(),
  status: z.enum(PROGRAM_STATUSES),
  lesson_count: z.number().int(),
  enrolled_count: z.number().int(),
  published_at: z.string().nullable(),
});
export type ProgramSummary = z.infer<typeof programSummarySchema>;

export const programSummaryListSchema = z.object({ programs: z.array(programSummarySchema) });
export type ProgramSummaryList = z.infer<typeof programSummaryListSchema>;

// ---- The builder (owner), the public page, enrolment and lessons.

export const PROGRAM_LIMITS = {
  ...LISTING_LIMITS,
  perCoach: 30,
  lessonsPerProgram: 100,
  lessonTitleMax: 120,
  lessonBodyMax: 20_000,
  lessonImages: 6,
  videoUrlMax: 500,
  lessonMinutesMax: 600,
} as const;

export const PROGRAM_MESSAGES = {
  ...listingMessages('program'),
  image: 'Upload the picture here; links to other sites are not accepted.',
  lessonTitleRequired: 'Give the lesson a title.',
  lessonTitleTooLong: `Keep the lesson title to ${PROGRAM_LIMITS.lessonTitleMax} characters or fewer.`,
  lessonBodyTooLong: `Keep the lesson text to ${PROGRAM_LIMITS.lessonBodyMax.toLocaleString('en-US')} characters or fewer.`,
  lessonImages: `A lesson can show up to ${PROGRAM_LIMITS.lessonImages} pictures.`,
  videoUrl: 'Use a full https:// link to the video (YouTube, Vimeo or a video file).',
  lessonMinutes: `Set the lesson length between 1 and ${PROGRAM_LIMITS.lessonMinutesMax} minutes, or leave it empty.`,
  coachOnly: 'Only coaches can create programs. Switch to your coach role, or apply to coach first.',
  limitReached: `You can have up to ${PROGRAM_LIMITS.perCoach} programs. Delete one you no longer run to add another.`,
  lessonLimitReached: `A program can have up to ${PROGRAM_LIMITS.lessonsPerProgram} lessons.`,
  /** The notice on the builder and the message of PAID_PROGRAMS_UNAVAILABLE. */
  paidNotice: 'Paid programs are not open yet: for now you can publish free programs.',
  noLessons: 'Add at least one lesson before publishing, so people who join have something to start with.',
  publishedPriceLocked:
    'A published program stays free while paid programs are not open. Unpublish it first to change the price.',
  reorderMismatch: 'The lesson order is out of date. Refresh the page and try again.',
  enrolFirst: 'Join this program to open its lessons.',
  notPublished: 'This program is not open for new people right now.',
  ownProgram: 'This is your own program: open its lessons from the builder on your Services page.',
} as const;

const programFields = {
  ...listingTextFields(PROGRAM_MESSAGES),
  category: z.enum(CATEGORY_SLUGS, PROGRAM_MESSAGES.category).nullable(),
  cover_image_url: uploadedImageUrlSchema.nullable(),
  price: wholeNumber(0, PROGRAM_LIMITS.priceMax, PROGRAM_MESSAGES.price),
};

/** POST /api/programs (coach role): a new draft. */
export const programCreateBodySchema = z.strictObject({
  title: programFields.title,
  subtitle: programFields.subtitle.optional(),
  description: programFields.description.optional(),
  category: programFields.category.optional(),
  cover_image_url: programFields.cover_image_url.optional(),
  price: programFields.price.optional(),
});
export type ProgramCreateBody = z.infer<typeof programCreateBodySchema>;

/** PATCH /api/programs/:id (owner): any subset. Status changes go through publish/unpublish. */
export const programUpdateBodySchema = programCreateBodySchema.partial();
export type ProgramUpdateBody = z.infer<typeof programUpdateBodySchema>;

/** https only: the page links to it (the CSP allows no third-party frames, so nothing is embedded). */
export const videoUrlSchema = z
  .string()
  .trim()
  .max(PROGRAM_LIMITS.videoUrlMax, PROGRAM_MESSAGES.videoUrl)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, PROGRAM_MESSAGES.videoUrl);

/** POST /api/programs/:id/lessons (appended as the last lesson). */
export const lessonCreateBodySchema = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, PROGRAM_MESSAGES.lessonTitleRequired)
    .max(PROGRAM_LIMITS.lessonTitleMax, PROGRAM_MESSAGES.lessonTitleTooLong),
  /** Plain text; blank lines separate paragraphs. Never rendered as HTML. */
  body: z.string().max(PROGRAM_LIMITS.lessonBodyMax, PROGRAM_MESSAGES.lessonBodyTooLong).optional(),
  image_urls: z
    .array(uploadedImageUrlSchema)
    .max(PROGRAM_LIMITS.lessonImages, PROGRAM_MESSAGES.lessonImages)
    .optional(),
  video_url: videoUrlSchema.nullable().optional(),
  duration_minutes: wholeNumber(1, PROGRAM_LIMITS.lessonMinutesMax, PROGRAM_MESSAGES.lessonMinutes)
    .nullable()
    .optional(),
});
export type LessonCreateBody = z.infer<typeof lessonCreateBodySchema>;

/** PATCH /api/programs/:id/lessons/:lessonId. */
export const lessonUpdateBodySchema = lessonCreateBodySchema.partial();
export type LessonUpdateBody = z.infer<typeof lessonUpdateBodySchema>;

/** POST /api/programs/:id/lessons/reorder: every lesson id of the program, once, in the new order. */
export const lessonReorderBodySchema = z.strictObject({
  lesson_ids: z.array(z.uuid()).min(1).max(PROGRAM_LIMITS.lessonsPerProgram),
});
export type LessonReorderBody = z.infer<typeof lessonReorderBodySchema>;

export const programIdParamsSchema = z.object({ id: z.uuid() });
export const lessonIdParamsSchema = z.object({ id: z.uuid(), lessonId: z.uuid() });
export const lessonNumberParamsSchema = z.object({
  id: z.uuid(),
  lessonNumber: z.coerce.number().int().min(1).max(PROGRAM_LIMITS.lessonsPerProgram),
});

/** A whole lesson (the owner, and enrolled people). `number` is its 1-based place in the program. */
export const lessonSchema = z.object({
  id: z.uuid(),
  program_id: z.uuid(),
  number: z.number().int(),
  title: z.string(),
  body: z.string(),
  image_urls: z.array(z.string()),
  video_url: z.string().nullable(),
  duration_minutes: z.number().int().nullable(),
  updated_at: z.string(),
});
export type Lesson = z.infer<typeof lessonSchema>;

/** GET/PATCH /api/programs/:id and the other builder calls: the program with its lessons in order. */
export const programDetailSchema = programSummarySchema.extend({
  created_at: z.string(),
  updated_at: z.string(),
  lessons: z.array(lessonSchema),
});
export type ProgramDetail = z.infer<typeof programDetailSchema>;

/** Someone's progress through a program they joined. */
export const programProgressSchema = z.object({
  enrolled_at: z.string(),
  completed_lesson_ids: z.array(z.uuid()),
  completed_count: z.number().int(),
  lesson_count: z.number().int(),
  last_lesson_number: z.number().int(),
  completed_at: z.string().nullable(),
});
export type ProgramProgress = z.infer<typeof programProgressSchema>;

export const programCoachSchema = z.object({
  id: z.uuid(),
  full_name: z.string().nullable(),
  username: z.string().nullable(),
  avatar_url: z.string().nullable(),
  professional_title: z.string().nullable(),
});
export type ProgramCoach = z.infer<typeof programCoachSchema>;

/**
 * GET /api/programs/:id/public: a published program (the owner also sees their draft), its coach and
 * its lesson titles, never lesson bodies. With a sign-in, `viewer` says whether the caller owns it and
 * their progress if they joined.
 */
export const publicProgramSchema = programSummarySchema.extend({
  coach: programCoachSchema,
  lessons: z.array(
    z.object({
      id: z.uuid(),
      number: z.number().int(),
      title: z.string(),
      duration_minutes: z.number().int().nullable(),
    }),
  ),
  viewer: z.object({ is_owner: z.boolean(), progress: programProgressSchema.nullable() }),
});
export type PublicProgram = z.infer<typeof publicProgramSchema>;

/** GET /api/programs/enrolled: the caller's programs, newest enrolment first. */
export const enrolmentListSchema = z.object({
  enrolments: z.array(
    z.object({ program: programSummarySchema, coach: programCoachSchema, progress: programProgressSchema }),
  ),
});
export type EnrolmentList = z.infer<typeof enrolmentListSchema>;

/** POST /api/programs/:id/enroll (idempotent). */
export const enrolResponseSchema = z.object({ progress: programProgressSchema });

/** GET /api/programs/:id/lessons/:lessonNumber: one lesson with where the reader stands. */
export const lessonViewSchema = z.object({
  program: z.object({
    id: z.uuid(),
    title: z.string(),
    coach: programCoachSchema,
    lesson_count: z.number().int(),
  }),
  lesson: lessonSchema,
  completed: z.boolean(),
  /** Null for the owner reading their own program. */
  progress: programProgressSchema.nullable(),
});
export type LessonView = z.infer<typeof lessonViewSchema>;

/** POST /api/programs/:id/lessons/:lessonNumber/complete. */
export const lessonCompleteResponseSchema = z.object({ progress: programProgressSchema });

/** DELETE /api/programs/:id. */
export const programDeletedSchema = z.object({ deleted: z.literal(true) });
