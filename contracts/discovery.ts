import { z } from 'zod';
import { coachHeadlineFields } from './profiles';
import { CATEGORY_SLUGS, SESSION_FORMATS } from '#domain/coaching/categories';

/**
 * Coach discovery: GET /api/coaches over the coach_directory read model.
 *
 * Prices are integer cents per 15 minutes (the on-demand rates). Every listed coach can be
 * requested in all three formats, so `format` does not hide coaches: it picks which rate the price
 * range and the price sort use (without it, the lowest of the three).
 *
 * Pages are keyset pages: `next_cursor` continues exactly after the last card of the page, so
 * pages stay stable while coaches come and go (no offset drift); a page never holds a coach twice.
 */

export const DISCOVERY_SORTS = ['relevance', 'rating', 'price', 'availability'] as const;
export type DiscoverySort = (typeof DISCOVERY_SORTS)[number];

export const DISCOVERY_PAGE_SIZE_MAX = 48;
export const DISCOVERY_PAGE_SIZE_DEFAULT = 24;
/** The longest search text accepted (characters). */
export const DISCOVERY_QUERY_MAX = 200;

/** Query strings carry text: `true`/`1` are true, `false`/`0`/empty are false. */
const booleanParam = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((value) => value === true || value === 'true' || value === '1');

const centsParam = z.coerce.number().int().min(0).max(10_000_000);

export const coachSearchQuerySchema = z
  .object({
    q: z.string().trim().max(DISCOVERY_QUERY_MAX).optional(),
    category: z.enum(CATEGORY_SLUGS).optional(),
    format: z.enum(SESSION_FORMATS).optional(),
    /** Cents per 15 minutes, inclusive. */
    minPrice: centsParam.optional(),
    maxPrice: centsParam.optional(),
    /** Only coaches online now (and showing it). */
    online: booleanParam.optional(),
    minRating: z.coerce.number().min(0).max(5).optional(),
    /** Default: relevance, which is rating when there is no search text. */
    sort: z.enum(DISCOVERY_SORTS).optional(),
    pageSize: z.coerce.number().int().min(1).max(DISCOVERY_PAGE_SIZE_MAX).optional(),
    cursor: z.string().max(600).optional(),
  })
  .refine(
    (query) =>
      query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice,
    {
      path: ['minPrice'],
      message: 'The lowest price must not be above the highest price.',
    },
  );
export type CoachSearchQuery = z.input<typeof coachSearchQuerySchema>;
export type CoachSearchParams = z.output<typeof coachSearchQuerySchema>;

/** One discovery card. Stats only when the coach shows them (show_coach_stats), else null. */
export const coachCardSchema = z.object({
  ...coachHeadlineFields,
  avatar_url: z.string().nullable(),
  categories: z.array(z.string()),
  rating_average: z.number().nullable(),
  total_reviews: z.number().int().nullable(),
  /** Cents per 15 minutes. */
  price_text: z.number().int(),
  price_audio: z.number().int(),
  price_video: z.number().int(),
  is_online: z.boolean(),
  custom_availability_message: z.string().nullable(),
  /**
   * In a session now (an active chat session), shown only when the coach shows their online
   * status. The server always sends it; optional so cards made before it (fixtures, caches) still fit.
   */
  is_busy: z.boolean().optional(),
});
export type CoachCard = z.infer<typeof coachCardSchema>;

export const coachSearchResponseSchema = z.object({
  coaches: z.array(coachCardSchema),
  /** Pass as `cursor` (with the same filters and sort) for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  has_more: z.boolean(),
  /** The sort actually applied (relevance without search text is rating). */
  sort: z.enum(DISCOVERY_SORTS),
});
export type CoachSearchResponse = z.infer<typeof coachSearchResponseSchema>;

/** GET /api/coaches/categories: every category with how many listed coaches chose it. */
export const categoryCountsResponseSchema = z.object({
  categories: z.array(z.object({ slug: z.string(), label: z.string(), coaches: z.number().int() })),
});
export type CategoryCountsResponse = z.infer<typeof categoryCountsResponseSchema>;

/**
 * GET /api/coaches/recommended (signed in, optional personalisation): top-rated listed coaches in the
 * caller's client_profiles.interests when there are any, else top-rated overall.
 */
export const recommendedCoachesResponseSchema = z.object({
  coaches: z.array(coachCardSchema),
  /** The interests the list was based on (empty: top-rated overall). */
  based_on: z.array(z.string()),
});
export type RecommendedCoachesResponse = z.infer<typeof recommendedCoachesResponseSchema>;
