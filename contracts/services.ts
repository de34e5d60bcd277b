import { z } from 'zod';
import { wholeNumber } from './fields';
import { LISTING_LIMITS, listingResponseFields, listingTextFields, listingMessages } from './listing';
import { CATEGORY_SLUGS, SESSION_FORMATS } from '#domain/coaching/categories';
import { CANCELLATION_LIMITS } from '#domain/scheduling/cancellation';

/**
 * Services (SPEC §3 service shape). Money is integer cents, duration in minutes.
 * `serviceSchema` is what a coach's page shows (GET /api/coaches/:coachId/services lists the active
 * ones, public); the owner's management API returns the same shape.
 */
export const serviceSchema = z.object({
  ...listingResponseFields,
  format: z.enum(SESSION_FORMATS),
  price: z.number().int(),
  duration: z.number().int(),
  type: z.enum(['full', 'micro']),
  category: z.string().nullable(),
  is_active: z.boolean(),
  is_popular: z.boolean(),
  thumbnail_url: z.string().nullable(),
  booking_count: z.number().int(),
  spots_left: z.number().int().nullable(),
  /** Cancellation policy (#18): free until this many hours before; later this % of the price is charged. */
  free_cancel_hours: z.number().int(),
  late_cancel_percent: z.number().int(),
  position: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

export const serviceListSchema = z.object({ services: z.array(serviceSchema) });

/** An active service as a client books it: the service and who offers it (their zone for "09:00 for Lena"). */
export const bookableServiceSchema = serviceSchema.extend({
  coach: z.object({
    name: z.string(),
    username: z.string().nullable(),
    avatar_url: z.string().nullable(),
    time_zone: z.string(),
  }),
});
export type BookableService = z.infer<typeof bookableServiceSchema>;
export type ServiceList = z.infer<typeof serviceListSchema>;

// ---- Management (the coach's own services) and the rules shared by the API and the /services screen.

/** SPEC §9: on-demand rates per 15 minutes when the profile has none, in cents; defined once in domain/money. */
export { ON_DEMAND_DEFAULT_RATES } from '#domain/money/pricing';

export const SERVICE_LIMITS = {
  ...LISTING_LIMITS,
  durationMin: 5,
  durationMax: 480,
  /** A micro session is a short one. */
  microMaxMinutes: 30,
  /** Services one coach may have (active and paused). */
  perCoach: 50,
} as const;

export const SERVICE_MESSAGES = {
  ...listingMessages('service'),
  format: 'Choose text, audio or video.',
  duration: `Set a duration between ${SERVICE_LIMITS.durationMin} and ${SERVICE_LIMITS.durationMax} minutes.`,
  type: 'Choose a full session or a micro session.',
  microTooLong: `A micro session lasts ${SERVICE_LIMITS.microMaxMinutes} minutes or less. Shorten it or make it a full session.`,
  spotsLeft: 'Spots left is a whole number, 0 or more (leave it empty for unlimited).',
  thumbnail: 'Upload the picture here; links to other sites are not accepted.',
  freeCancelHours: `Free cancellation is a whole number of hours before the start, 0 to ${CANCELLATION_LIMITS.freeCancelHoursMax}.`,
  lateCancelPercent: 'The late-cancellation charge is a whole percentage, 0 to 100.',
  coachOnly: 'Only coaches can offer services. Switch to your coach role, or apply to coach first.',
  limitReached: `You can have up to ${SERVICE_LIMITS.perCoach} services. Delete one you no longer offer to add another.`,
} as const;

/** A picture stored by POST /api/uploads/cover (or /avatar): never a link to another site. */
export const uploadedImageUrlSchema = z
  .string()
  .max(300)
  .regex(
    /^\/api\/uploads\/files\/[a-z0-9-]+\/[a-z]+\/[a-z0-9-]+\.(webp|jpg|png)$/,
    SERVICE_MESSAGES.thumbnail,
  );

const serviceFields = {
  ...listingTextFields(SERVICE_MESSAGES),
  format: z.enum(SESSION_FORMATS, SERVICE_MESSAGES.format),
  price: wholeNumber(0, SERVICE_LIMITS.priceMax, SERVICE_MESSAGES.price),
  duration: wholeNumber(SERVICE_LIMITS.durationMin, SERVICE_LIMITS.durationMax, SERVICE_MESSAGES.duration),
  type: z.enum(['full', 'micro'], SERVICE_MESSAGES.type),
  category: z.enum(CATEGORY_SLUGS, SERVICE_MESSAGES.category).nullable(),
  is_active: z.boolean(),
  is_popular: z.boolean(),
  thumbnail_url: uploadedImageUrlSchema.nullable(),
  spots_left: wholeNumber(0, 100_000, SERVICE_MESSAGES.spotsLeft).nullable(),
  free_cancel_hours: wholeNumber(0, CANCELLATION_LIMITS.freeCancelHoursMax, SERVICE_MESSAGES.freeCancelHours),
  late_cancel_percent: wholeNumber(0, CANCELLATION_LIMITS.percentMax, SERVICE_MESSAGES.lateCancelPercent),
  position: z.number().int().min(0).max(10_000),
};

/**
 * POST /api/services (coach role). Strict: booking_count, coach_id and ids are never written by the
 * client. A micro session lasts at most 30 minutes (checked here and, for edits, on the merged result).
 */
export const serviceCreateBodySchema = z
  .strictObject({
    title: serviceFields.title,
    subtitle: serviceFields.subtitle.optional(),
    description: serviceFields.description.optional(),
    format: serviceFields.format,
    price: serviceFields.price,
    duration: serviceFields.duration,
    type: serviceFields.type.default('full'),
    category: serviceFields.category.optional(),
    is_active: serviceFields.is_active.optional(),
    is_popular: serviceFields.is_popular.optional(),
    thumbnail_url: serviceFields.thumbnail_url.optional(),
    spots_left: serviceFields.spots_left.optional(),
    free_cancel_hours: serviceFields.free_cancel_hours.optional(),
    late_cancel_percent: serviceFields.late_cancel_percent.optional(),
    position: serviceFields.position.optional(),
  })
  .refine((body) => body.type !== 'micro' || body.duration <= SERVICE_LIMITS.microMaxMinutes, {
    message: SERVICE_MESSAGES.microTooLong,
    path: ['duration'],
  });
export type ServiceCreateBody = z.input<typeof serviceCreateBodySchema>;

/** PATCH /api/services/:id (owner): any subset; pausing is `{ is_active: false }`. */
export const serviceUpdateBodySchema = z.strictObject(serviceFields).partial();
export type ServiceUpdateBody = z.infer<typeof serviceUpdateBodySchema>;

export const serviceIdParamsSchema = z.object({ id: z.uuid() });
/** `coachId` is the coach's user id (the `coach_id` of services and programs). */
export const coachIdParamsSchema = z.object({ coachId: z.uuid() });

/** DELETE /api/services/:id. */
export const serviceDeletedSchema = z.object({ deleted: z.literal(true) });
