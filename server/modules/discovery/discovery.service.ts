import type {
  CategoryCountsResponse,
  CoachCard,
  CoachSearchParams,
  CoachSearchResponse,
  RecommendedCoachesResponse,
} from '#contracts/discovery';
import type { Clock } from '#domain/clock';
import { COACHING_CATEGORIES, categoryLabel } from '#domain/coaching/categories';
import { decodeCursor, planSearch, type DirectoryRow } from './discovery.query';
import type { DiscoveryRepository } from './discovery.repository';

/** A card as the API shows it: stats only when the coach shows them. */
export function toCoachCard(row: DirectoryRow): CoachCard {
  return {
    coach_id: row.coach_id,
    username: row.username,
    full_name: row.full_name,
    professional_title: row.professional_title,
    coach_tagline: row.coach_tagline,
    avatar_url: row.avatar_url,
    categories: row.categories,
    rating_average: row.show_coach_stats && row.rating_average !== null ? Number(row.rating_average) : null,
    total_reviews: row.show_coach_stats ? row.total_reviews : null,
    price_text: row.price_text,
    price_audio: row.price_audio,
    price_video: row.price_video,
    is_online: row.is_online,
    custom_availability_message: row.custom_availability_message,
    is_busy: row.is_busy,
  };
}

const CATEGORY_BY_WORD = new Map<string, string>(
  COACHING_CATEGORIES.flatMap((category) => [
    [category.slug, category.slug],
    [category.label.toLowerCase(), category.slug],
  ]),
);

/** Free-text client interests that name a category (by slug or label, any case). */
export const interestsToCategories = (interests: readonly string[]) => [
  ...new Set(
    interests
      .map((interest) => CATEGORY_BY_WORD.get(interest.trim().toLowerCase()))
      .filter((slug): slug is string => slug !== undefined),
  ),
];

const CATEGORY_COUNTS_TTL_MS = 60_000;
const RECOMMENDED_LIMIT = 8;

/** Discovery: search, categories, recommendations over coach_directory. */
export function createDiscoveryService(deps: { repository: DiscoveryRepository; clock: Clock }) {
  const { repository, clock } = deps;
  // Counting every listed coach's categories reads the whole table: a minute-old answer is fine.
  let counts: { at: number; value: CategoryCountsResponse } | undefined;

  return {
    async search(params: CoachSearchParams): Promise<CoachSearchResponse> {
      const plan = planSearch(params);
      const cursor = params.cursor ? decodeCursor(params.cursor, plan.signature, plan.segments.length) : null;
      const page = await repository.searchPage(plan, cursor);
      return {
        coaches: page.rows.map(toCoachCard),
        next_cursor: page.nextCursor,
        has_more: page.nextCursor !== null,
        sort: plan.sort,
      };
    },

    async categoryCounts(): Promise<CategoryCountsResponse> {
      const now = clock.now().getTime();
      if (counts && now - counts.at < CATEGORY_COUNTS_TTL_MS) return counts.value;
      const rows = await repository.categoryCounts();
      const bySlug = new Map(rows.map((row) => [row.slug, row.coaches]));
      const value = {
        categories: COACHING_CATEGORIES.map((category) => ({
          slug: category.slug,
          label: categoryLabel(category.slug),
          coaches: bySlug.get(category.slug) ?? 0,
        })),
      };
      counts = { at: now, value };
      return value;
    },

    /** Top-rated coaches in the caller's interests (when they name categories), else top-rated overall. */
    async recommended(userId: string | null): Promise<RecommendedCoachesResponse> {
      const categories = userId ? interestsToCategories(await repository.clientInterests(userId)) : [];
      let rows = categories.length > 0 ? await repository.topRated(categories, RECOMMENDED_LIMIT) : [];
      const basedOn = rows.length > 0 ? categories : [];
      if (rows.length === 0) rows = await repository.topRated([], RECOMMENDED_LIMIT);
      return { coaches: rows.map(toCoachCard), based_on: basedOn };
    },
  };
}

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
