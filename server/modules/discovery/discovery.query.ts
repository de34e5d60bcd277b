import type { CoachSearchParams, DiscoverySort } from '#contracts/discovery';
import { DISCOVERY_PAGE_SIZE_DEFAULT } from '#contracts/discovery';
import { AppError } from '#domain/errors/app-error';

/**
 * The discovery SQL, as plain text and bound values (no string-built user input: every value is a
 * `$n` parameter, and the search text is reduced to letters and digits before it becomes a
 * tsquery). The repository runs it through the pool; the benchmark runs the very same text through
 * the raw driver.
 *
 * Pages are keyset pages. Each sort is an ordered walk over one btree index of coach_directory,
 * split into *segments* where one index cannot order everything (rated coaches before unrated ones,
 * online before offline for `availability`). A page queries the cursor's segment from the cursor's
 * key on, and the following segments only when the page is not full yet — so every query is an
 * index range scan with LIMIT, at any depth, and no query sorts the table.
 */

export type SqlQuery = { text: string; values: unknown[] };

type KeyType = 'numeric' | 'int' | 'real' | 'uuid';
type SortKey = { expr: string; dir: 'asc' | 'desc'; type: KeyType };
type Segment = { where: string | null; keys: SortKey[] };

export type CursorValue = string | number | null;
export type Cursor = { sort: string; segment: number; key: CursorValue[] };

/** The columns of one card, plus the keys a cursor needs. */
export const CARD_COLUMNS = `d.coach_id, d.username, d.full_name, d.professional_title, d.coach_tagline, d.avatar_url,
  d.categories, d.rating_average::text AS rating_average, d.total_reviews, d.show_coach_stats, d.price_text,
  d.price_audio, d.price_video, d.is_online, d.custom_availability_message`;

/**
 * Adds `is_busy` (the coach is in an active chat session, shown only with
 * show_online_status) to the rows of a finished page query: an index probe of chat_sessions_active_idx
 * per row of the page, after the index walk and LIMIT. Outside the page query, so the planner keeps
 * its index-ordered plan (an expensive select list would make a sort that postpones it look cheaper).
 * A subquery scan passes its rows through in order, so the page keeps its order.
 */
export const withBusy = (pageQuery: string) =>
  `SELECT page.*, EXISTS (SELECT 1 FROM chat_sessions s JOIN profiles p ON p.user_id = s.coach_id
    WHERE s.coach_id = page.coach_id AND s.status = 'active' AND p.show_online_status) AS is_busy
  FROM (${pageQuery}) page`;

export type DirectoryRow = {
  coach_id: string;
  username: string | null;
  full_name: string | null;
  professional_title: string | null;
  coach_tagline: string | null;
  avatar_url: string | null;
  categories: string[];
  rating_average: string | null;
  total_reviews: number;
  show_coach_stats: boolean;
  price_text: number;
  price_audio: number;
  price_video: number;
  is_online: boolean;
  custom_availability_message: string | null;
  /** In an active chat session (and showing online status). */
  is_busy: boolean;
  /** Present for the relevance sort: the row's rank, a cursor key. */
  rank?: number;
  /** Present for the price sort: the price the sort used. */
  sort_price?: number;
};

// ---- Search text -> tsquery text.

const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;
/** A prefix this short still narrows a lot; shorter stems of a half-typed word are also tried. */
const PREFIX_STEM_LENGTH = 5;

/**
 * The words of the search text as a to_tsquery('english', …) expression: every word must match
 * (AND), the last one as a prefix because people are still typing it. Only letters and digits
 * survive, so no tsquery operator can come from the user. A half-typed word whose stem is not a
 * prefix of the stored lexeme ('meditat' vs 'medit') also matches through its first five letters.
 * Returns null when nothing searchable is left.
 */
export function toTsQueryText(input: string | undefined): string | null {
  if (!input) return null;
  const words = (input.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .map((word) => word.slice(0, MAX_TERM_LENGTH))
    .slice(0, MAX_TERMS);
  if (words.length === 0) return null;
  const terms = words.map((word, index) => {
    if (index < words.length - 1) return word;
    return word.length > PREFIX_STEM_LENGTH
      ? `(${word}:* | ${word.slice(0, PREFIX_STEM_LENGTH)}:*)`
      : `${word}:*`;
  });
  return terms.join(' & ');
}

// ---- Cursors.

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');

const STALE_CURSOR = 'This page of results is out of date. Please run the search again.';

export function decodeCursor(raw: string, expectedSort: string, segmentCount: number): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const candidate = parsed as Partial<Cursor> | undefined;
  const valid =
    candidate !== null &&
    typeof candidate === 'object' &&
    candidate.sort === expectedSort &&
    Number.isInteger(candidate.segment) &&
    (candidate.segment ?? -1) >= 0 &&
    (candidate.segment ?? Infinity) < segmentCount &&
    Array.isArray(candidate.key) &&
    candidate.key.every((value) => value === null || ['string', 'number'].includes(typeof value));
  if (!valid)
    throw new AppError('VALIDATION_ERROR', STALE_CURSOR, {
      details: [{ path: 'cursor', message: STALE_CURSOR }],
    });
  return candidate as Cursor;
}

// ---- The plan.

/** The last key of every order: the coach id, so that no two rows tie. */
const COACH_ID_KEY: SortKey = { expr: 'd.coach_id', dir: 'asc', type: 'uuid' };

/** The whole result in one segment: `key`, then the coach id. */
const oneSegment = (key: SortKey): Segment[] => [{ where: null, keys: [key, COACH_ID_KEY] }];

const RATING_KEYS: SortKey[] = [
  { expr: 'd.rating_average', dir: 'desc', type: 'numeric' },
  { expr: 'd.total_reviews', dir: 'desc', type: 'int' },
  COACH_ID_KEY,
];
/** Unrated coaches: the rating is null for all of them, so it is no key. */
const UNRATED_KEYS: SortKey[] = RATING_KEYS.slice(1);

const PRICE_COLUMNS = { text: 'd.price_text', audio: 'd.price_audio', video: 'd.price_video' } as const;

export type SearchPlan = {
  sort: DiscoverySort;
  /** Sort signature stored in cursors (a cursor of another sort or price format is refused). */
  signature: string;
  pageSize: number;
  segments: Segment[];
  /** Filters shared by every segment, with their values from $1 on. */
  filters: string[];
  values: unknown[];
  /** Extra select expressions (rank, sort_price). */
  extraColumns: string[];
};

export function planSearch(params: CoachSearchParams): SearchPlan {
  const values: unknown[] = [];
  const param = (value: unknown, cast: string) => {
    values.push(value);
    return `$${values.length}::${cast}`;
  };
  const filters: string[] = [];
  const extraColumns: string[] = [];

  const tsQuery = toTsQueryText(params.q);
  let tsParam: string | null = null;
  if (tsQuery) {
    tsParam = param(tsQuery, 'text');
    filters.push(`d.search @@ to_tsquery('english', ${tsParam})`);
  }
  if (params.category) filters.push(`d.categories @> ARRAY[${param(params.category, 'text')}]`);
  const priceColumn = params.format ? PRICE_COLUMNS[params.format] : 'd.price_min';
  if (params.minPrice !== undefined) filters.push(`${priceColumn} >= ${param(params.minPrice, 'int')}`);
  if (params.maxPrice !== undefined) filters.push(`${priceColumn} <= ${param(params.maxPrice, 'int')}`);
  // Written out, not bound: the planner can then use the partial index WHERE is_online.
  if (params.online) filters.push('d.is_online');
  if (params.minRating !== undefined && params.minRating > 0)
    filters.push(`d.rating_average >= ${param(params.minRating, 'numeric')}`);
  const ratedOnly = params.minRating !== undefined && params.minRating > 0;

  const requested = params.sort ?? 'relevance';
  const sort: DiscoverySort = requested === 'relevance' && !tsParam ? 'rating' : requested;

  const ratingSegments = (onlineWhere: string | null): Segment[] => {
    const prefix = onlineWhere ? `${onlineWhere} AND ` : '';
    const segments: Segment[] = [{ where: `${prefix}d.rating_average IS NOT NULL`, keys: RATING_KEYS }];
    if (!ratedOnly) segments.push({ where: `${prefix}d.rating_average IS NULL`, keys: UNRATED_KEYS });
    return segments;
  };

  let segments: Segment[];
  let signature: string = sort;
  switch (sort) {
    case 'relevance': {
      const rank = `ts_rank(d.search, to_tsquery('english', ${tsParam}))`;
      extraColumns.push(`${rank} AS rank`);
      segments = oneSegment({ expr: rank, dir: 'desc', type: 'real' });
      break;
    }
    case 'price':
      signature = `price:${priceColumn}`;
      extraColumns.push(`${priceColumn} AS sort_price`);
      segments = oneSegment({ expr: priceColumn, dir: 'asc', type: 'int' });
      break;
    case 'availability':
      // Online first (best rated first), then everyone else. With online=true it is the rating order.
      segments = params.online
        ? ratingSegments(null)
        : [...ratingSegments('d.is_online'), ...ratingSegments('NOT d.is_online')];
      break;
    case 'rating':
      segments = ratingSegments(null);
      break;
  }

  return {
    sort,
    signature,
    pageSize: params.pageSize ?? DISCOVERY_PAGE_SIZE_DEFAULT,
    segments,
    filters,
    values,
    extraColumns,
  };
}

/**
 * `(k1, k2, k3)` strictly after `cursor` in the keys' order, as
 * `k1 <= v1 AND (k1 < v1 OR (k1 = v1 AND (k2 < v2 OR (k2 = v2 AND k3 > v3))))`: the leading
 * bound lets the index start at the cursor instead of filtering from the top.
 */
function keysetCondition(
  keys: SortKey[],
  key: CursorValue[],
  param: (value: unknown, cast: string) => string,
) {
  const cast = (type: KeyType) => (type === 'int' ? 'int' : type);
  const placeholders = keys.map((sortKey, index) => {
    const value = key[index];
    if (value === null || value === undefined)
      throw new AppError('VALIDATION_ERROR', STALE_CURSOR, {
        details: [{ path: 'cursor', message: STALE_CURSOR }],
      });
    return param(value, cast(sortKey.type));
  });
  const after = (index: number): string => {
    const sortKey = keys[index]!;
    const op = sortKey.dir === 'desc' ? '<' : '>';
    const strict = `${sortKey.expr} ${op} ${placeholders[index]}`;
    if (index === keys.length - 1) return strict;
    return `(${strict} OR (${sortKey.expr} = ${placeholders[index]} AND ${after(index + 1)}))`;
  };
  const first = keys[0]!;
  return `${first.expr} ${first.dir === 'desc' ? '<=' : '>='} ${placeholders[0]} AND ${after(0)}`;
}

/** The query of one segment: filters, segment, keyset (on the cursor's own segment), order, limit. */
export function segmentQuery(
  plan: SearchPlan,
  segmentIndex: number,
  cursor: Cursor | null,
  limit: number,
): SqlQuery {
  const segment = plan.segments[segmentIndex]!;
  const values = [...plan.values];
  const param = (value: unknown, cast: string) => {
    values.push(value);
    return `$${values.length}::${cast}`;
  };
  const where = [...plan.filters];
  if (segment.where) where.push(segment.where);
  if (cursor && cursor.segment === segmentIndex) where.push(keysetCondition(segment.keys, cursor.key, param));
  const order = segment.keys
    .map((key) => `${key.expr} ${key.dir.toUpperCase()}${key.type === 'numeric' ? ' NULLS LAST' : ''}`)
    .join(', ');
  const columns = [CARD_COLUMNS, ...plan.extraColumns].join(', ');
  const text = withBusy(
    `SELECT ${columns} FROM coach_directory d` +
      (where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '') +
      ` ORDER BY ${order} LIMIT ${param(limit, 'int')}`,
  );
  return { text, values };
}

/** The cursor that continues after `row`, found in segment `segmentIndex`. */
export function cursorAfter(plan: SearchPlan, segmentIndex: number, row: DirectoryRow): string {
  const keys = plan.segments[segmentIndex]!.keys;
  const key = keys.map((sortKey): CursorValue => {
    if (sortKey.expr === 'd.coach_id') return row.coach_id;
    if (sortKey.expr === 'd.rating_average') return row.rating_average;
    if (sortKey.expr === 'd.total_reviews') return row.total_reviews;
    if (sortKey.type === 'real') return row.rank ?? null;
    return row.sort_price ?? null;
  });
  return encodeCursor({ sort: plan.signature, segment: segmentIndex, key });
}
