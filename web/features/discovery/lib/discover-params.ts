import type { CoachSearchQuery, DiscoverySort } from '#contracts/discovery';
import { DISCOVERY_SORTS } from '#contracts/discovery';
import {
  isCoachingCategory,
  SESSION_FORMATS,
  type CoachingCategory,
  type SessionFormat,
} from '#domain/coaching/categories';

/**
 * The /discover state as it lives in the URL (so back/forward and shared links work). Prices in the
 * URL are whole dollars per 15 minutes (min, max), as people type them; the API takes cents.
 */
export type DiscoverState = {
  q: string;
  category: CoachingCategory | null;
  format: SessionFormat | null;
  minDollars: number | null;
  maxDollars: number | null;
  online: boolean;
  minRating: number | null;
  sort: DiscoverySort | null;
};

/** The filters cleared (Clear filters keeps the search words and the sort). */
export const NO_FILTERS = {
  category: null,
  format: null,
  minDollars: null,
  maxDollars: null,
  online: false,
  minRating: null,
} satisfies Partial<DiscoverState>;

export const EMPTY_DISCOVER_STATE: DiscoverState = { q: '', ...NO_FILTERS, sort: null };

export const RATING_CHOICES = [3, 4, 4.5] as const;

const dollars = (value: string | null) => {
  if (value === null || value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= 0 && parsed <= 100_000 ? Math.round(parsed) : null;
};

/** Reads the URL; anything unknown or malformed is ignored rather than breaking the page. */
export function readDiscoverState(params: URLSearchParams): DiscoverState {
  const category = params.get('category');
  const format = params.get('format');
  const rating = Number(params.get('rating'));
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    category: category && isCoachingCategory(category) ? category : null,
    format: SESSION_FORMATS.find((candidate) => candidate === format) ?? null,
    minDollars: dollars(params.get('min')),
    maxDollars: dollars(params.get('max')),
    online: params.get('online') === '1' || params.get('online') === 'true',
    minRating: (RATING_CHOICES as readonly number[]).includes(rating) ? rating : null,
    sort: DISCOVERY_SORTS.find((candidate) => candidate === sort) ?? null,
  };
}

/** The URL of a state: only what differs from the defaults, in a stable order. */
export function writeDiscoverState(state: DiscoverState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.category) params.set('category', state.category);
  if (state.format) params.set('format', state.format);
  if (state.minDollars !== null) params.set('min', String(state.minDollars));
  if (state.maxDollars !== null) params.set('max', String(state.maxDollars));
  if (state.online) params.set('online', '1');
  if (state.minRating !== null) params.set('rating', String(state.minRating));
  if (state.sort) params.set('sort', state.sort);
  return params;
}

/** The API query of a state (cents; the price range swapped if typed the wrong way round). */
export function toSearchQuery(state: DiscoverState, pageSize = 24): CoachSearchQuery {
  let [min, max] = [state.minDollars, state.maxDollars];
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  return {
    q: state.q.trim() || undefined,
    category: state.category ?? undefined,
    format: state.format ?? undefined,
    minPrice: min === null ? undefined : min * 100,
    maxPrice: max === null ? undefined : max * 100,
    online: state.online || undefined,
    minRating: state.minRating ?? undefined,
    sort: state.sort ?? undefined,
    pageSize,
  };
}

/** Whether any filter narrows the list (search text aside). */
export const hasFilters = (state: DiscoverState) =>
  state.category !== null ||
  state.format !== null ||
  state.minDollars !== null ||
  state.maxDollars !== null ||
  state.online ||
  state.minRating !== null;
