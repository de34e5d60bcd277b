import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  categoryCountsResponseSchema,
  coachSearchResponseSchema,
  recommendedCoachesResponseSchema,
  type CoachSearchResponse,
} from '#contracts/discovery';
import { seedLargeCoaches } from '#scripts/seed-large';
import { bearer, signUp } from '#test/support/auth';
import { useTestApp } from '#test/support/test-app';

/**
 * Discovery on seeded data: 400 coaches from the seed:large generator (varied categories, prices,
 * ratings, ~10 % online, some unrated, some hiding stats), plus a few hand-made ones for search.
 * Expected answers are computed here in JavaScript from the read model's rows, then compared with
 * what GET /api/coaches returns page by page.
 */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

type Row = {
  coach_id: string;
  full_name: string;
  categories: string[];
  rating: number | null;
  total_reviews: number;
  price_text: number;
  price_audio: number;
  price_video: number;
  price_min: number;
  is_online: boolean;
  show_coach_stats: boolean;
};
let rows: Row[] = [];

async function loadRows() {
  const result = await t.pool.query<Omit<Row, 'rating'> & { rating: string | null }>(
    `select coach_id, full_name, categories, rating_average::text as rating, total_reviews, price_text, price_audio,
            price_video, price_min, is_online, show_coach_stats from coach_directory`,
  );
  rows = result.rows.map((row) => ({ ...row, rating: row.rating === null ? null : Number(row.rating) }));
}

const SEEDED = 400;

beforeAll(async () => {
  const client = await t.pool.connect();
  try {
    await seedLargeCoaches(client, { count: SEEDED });
  } finally {
    client.release();
  }
  await loadRows();
}, 60_000);

// ---- Expected orders, computed independently of the SQL.

const byId = (a: Row, b: Row) => (a.coach_id < b.coach_id ? -1 : a.coach_id > b.coach_id ? 1 : 0);
const byRating = (a: Row, b: Row) => {
  if (a.rating === null && b.rating !== null) return 1;
  if (b.rating === null && a.rating !== null) return -1;
  if (a.rating !== b.rating) return (b.rating ?? 0) - (a.rating ?? 0);
  if (a.total_reviews !== b.total_reviews) return b.total_reviews - a.total_reviews;
  return byId(a, b);
};
const priceOf = (row: Row, format?: 'text' | 'audio' | 'video') =>
  format ? row[`price_${format}`] : row.price_min;
const byPrice = (format?: 'text' | 'audio' | 'video') => (a: Row, b: Row) =>
  priceOf(a, format) - priceOf(b, format) || byId(a, b);
const byAvailability = (a: Row, b: Row) => Number(b.is_online) - Number(a.is_online) || byRating(a, b);

type Filters = {
  category?: string;
  format?: 'text' | 'audio' | 'video';
  minPrice?: number;
  maxPrice?: number;
  online?: boolean;
  minRating?: number;
};
const keep = (filters: Filters) => (row: Row) =>
  (!filters.category || row.categories.includes(filters.category)) &&
  (filters.minPrice === undefined || priceOf(row, filters.format) >= filters.minPrice) &&
  (filters.maxPrice === undefined || priceOf(row, filters.format) <= filters.maxPrice) &&
  (!filters.online || row.is_online) &&
  (filters.minRating === undefined || (row.rating !== null && row.rating >= filters.minRating));

// ---- The API.

type Params = Record<string, string | number | boolean | undefined>;
const urlOf = (params: Params) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return `/api/coaches?${search.toString()}`;
};

async function page(params: Params, headers: Record<string, string> = {}): Promise<CoachSearchResponse> {
  const response = await t.app.inject({ method: 'GET', url: urlOf(params), headers });
  expect(response.statusCode, response.body).toBe(200);
  return coachSearchResponseSchema.parse(response.json());
}

/** Every page of a search, following next_cursor; checks the page invariants on the way. */
async function allPages(params: Params) {
  const ids: string[] = [];
  const sizes: number[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 100; guard += 1) {
    const result = await page({ ...params, cursor });
    sizes.push(result.coaches.length);
    ids.push(...result.coaches.map((coach) => coach.coach_id));
    expect(result.has_more).toBe(result.next_cursor !== null);
    if (!result.next_cursor) return { ids, sizes };
    expect(result.coaches.length).toBe(params.pageSize ?? 24);
    cursor = result.next_cursor;
  }
  throw new Error('more than 100 pages');
}

const expectedIds = (filters: Filters, order: (a: Row, b: Row) => number) =>
  rows
    .filter(keep(filters))
    .sort(order)
    .map((row) => row.coach_id);

describe('GET /api/coaches on seeded data', () => {
  it('lists every seeded coach once, best rated first, unrated last, across pages', async () => {
    expect(rows.length).toBe(SEEDED);
    // The seed makes a realistic mix: some unrated, some online, some hiding stats.
    expect(rows.some((row) => row.rating === null)).toBe(true);
    expect(rows.some((row) => row.is_online)).toBe(true);
    expect(rows.some((row) => !row.show_coach_stats)).toBe(true);
    const { ids } = await allPages({ sort: 'rating', pageSize: 48 });
    expect(ids).toEqual(expectedIds({}, byRating));
    // Seeded ids are RFC 4122-shaped, so routes validating :coachId with z.uuid() accept them.
    expect(ids.filter((id) => !z.uuid().safeParse(id).success)).toEqual([]);
  });

  it('relevance without search text is the rating order', async () => {
    const result = await page({ pageSize: 10 });
    expect(result.sort).toBe('rating');
    expect(result.coaches.map((coach) => coach.coach_id)).toEqual(expectedIds({}, byRating).slice(0, 10));
  });

  it.each([
    ['category', { category: 'sleep' }],
    ['online', { online: true }],
    ['minimum rating', { minRating: 4.5 }],
    ['price range (lowest rate)', { minPrice: 2000, maxPrice: 3000 }],
    ['price range for video', { format: 'video' as const, minPrice: 4000, maxPrice: 5000 }],
    ['everything at once', { category: 'anxiety', minPrice: 1500, maxPrice: 6000, minRating: 3.5 }],
  ])('filters by %s (rating order, all pages)', async (_name, filters: Filters) => {
    const expected = expectedIds(filters, byRating);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(SEEDED);
    const { ids } = await allPages({ ...filters, sort: 'rating', pageSize: 17 });
    expect(ids).toEqual(expected);
  });

  it('format alone does not hide coaches: every listed coach offers all three formats', async () => {
    const { ids } = await allPages({ format: 'audio', sort: 'rating', pageSize: 48 });
    expect(ids.length).toBe(SEEDED);
  });

  it.each([
    ['lowest rate', undefined],
    ['text', 'text' as const],
    ['audio', 'audio' as const],
    ['video', 'video' as const],
  ])('sorts by price (%s), cheapest first, ties by id', async (_name, format) => {
    const { ids } = await allPages({ sort: 'price', format, pageSize: 48 });
    expect(ids).toEqual(expectedIds({}, byPrice(format)));
  });

  it('sorts by availability: online coaches first, each group best rated first', async () => {
    const { ids } = await allPages({ sort: 'availability', pageSize: 33 });
    expect(ids).toEqual(expectedIds({}, byAvailability));
  });

  it('availability with online=true is the online coaches in rating order', async () => {
    const { ids } = await allPages({ sort: 'availability', online: true, pageSize: 5 });
    expect(ids).toEqual(expectedIds({ online: true }, byRating));
  });

  it('cards carry prices per format, presence and the availability message; stats only where shown', async () => {
    const { coaches } = await page({ sort: 'rating', pageSize: 48 });
    for (const card of coaches) {
      const row = rows.find((candidate) => candidate.coach_id === card.coach_id)!;
      expect(card).toMatchObject({
        price_text: row.price_text,
        price_audio: row.price_audio,
        price_video: row.price_video,
        is_online: row.is_online,
        categories: row.categories,
      });
      expect(card.custom_availability_message).toBe('Online Now - Ready to help you grow!');
      if (row.show_coach_stats)
        expect(card).toMatchObject({ rating_average: row.rating, total_reviews: row.total_reviews });
      else expect(card).toMatchObject({ rating_average: null, total_reviews: null });
    }
    expect(coaches.some((card) => card.total_reviews === null)).toBe(true);
  });
});

describe('pagination boundaries', () => {
  it('a result of exactly one page has no next page', async () => {
    const expected = expectedIds({ online: true, category: 'yoga' }, byRating);
    expect(expected.length).toBeGreaterThan(0);
    const result = await page({ online: true, category: 'yoga', sort: 'rating', pageSize: expected.length });
    expect(result.coaches.map((coach) => coach.coach_id)).toEqual(expected);
    expect(result).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('the last page is partial and says so', async () => {
    const expected = expectedIds({ category: 'grief' }, byPrice());
    const pageSize = 7;
    expect(expected.length % pageSize).not.toBe(0);
    const { sizes, ids } = await allPages({ category: 'grief', sort: 'price', pageSize });
    expect(ids).toEqual(expected);
    expect(sizes.at(-1)).toBe(expected.length % pageSize);
  });

  it('no match is an empty page, not an error', async () => {
    const result = await page({ minPrice: 9_000_000 });
    expect(result).toEqual({ coaches: [], next_cursor: null, has_more: false, sort: 'rating' });
  });

  it('a cursor keeps its place when coaches before it leave the list (no skipped coach)', async () => {
    const first = await page({ sort: 'price', pageSize: 10 });
    const expectedBefore = expectedIds({}, byPrice());
    expect(first.coaches.map((coach) => coach.coach_id)).toEqual(expectedBefore.slice(0, 10));
    // Two coaches of page 1 lose their approval: an offset would now skip two coaches.
    for (const coach of first.coaches.slice(0, 2))
      await t.pool.query(`delete from coach_applications where user_id = $1`, [coach.coach_id]);
    const second = await page({ sort: 'price', pageSize: 10, cursor: first.next_cursor! });
    expect(second.coaches.map((coach) => coach.coach_id)).toEqual(expectedBefore.slice(10, 20));
    await loadRows();
    expect(rows.length).toBe(SEEDED - 2);
  });

  it('a cursor still works after a coach on a later page changes price (that coach moves, the rest stay)', async () => {
    const first = await page({ sort: 'price', pageSize: 10 });
    const before = expectedIds({}, byPrice());
    const moved = before[15]!;
    await t.pool.query(`update profiles set on_demand_text_price = 1 where user_id = $1`, [moved]);
    const second = await page({ sort: 'price', pageSize: 10, cursor: first.next_cursor! });
    expect(second.coaches.map((coach) => coach.coach_id)).toEqual(
      before.filter((id) => id !== moved).slice(10, 20),
    );
    await loadRows();
  });

  it('refuses a cursor from another sort or a made-up one with a clear message', async () => {
    const first = await page({ sort: 'price', pageSize: 5 });
    for (const cursor of [
      first.next_cursor!,
      'not-a-cursor',
      Buffer.from('{"sort":"rating"}').toString('base64url'),
    ]) {
      const response = await t.app.inject({ method: 'GET', url: urlOf({ sort: 'rating', cursor }) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: {
          code: 'VALIDATION_ERROR',
          message: 'This page of results is out of date. Please run the search again.',
        },
      });
    }
  });

  it('validates the query: page size at most 48, known sorts and categories, min price <= max price', async () => {
    for (const params of [
      { pageSize: 49 },
      { pageSize: 0 },
      { sort: 'random' },
      { category: 'astrology' },
      { minPrice: 500, maxPrice: 100 },
      { minRating: 6 },
      { format: 'smoke-signal' },
    ]) {
      const response = await t.app.inject({ method: 'GET', url: urlOf(params) });
      expect(response.statusCode, JSON.stringify(params)).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await page({ pageSize: 48 })).coaches).toHaveLength(48);
  });
});

describe('search text', () => {
  let names: Record<string, string>;

  beforeAll(async () => {
    const make = async (fullName: string, fields: Record<string, string>, services: string[] = []) => {
      const id = randomUUID();
      const client = new pg.Client({ connectionString: t.database.url });
      await client.connect();
      try {
        await client.query(`insert into users (id, email) values ($1, $2)`, [id, `${id}@example.test`]);
        await client.query(
          `insert into profiles (user_id, full_name, username, professional_title, coach_tagline, short_bio)
           values ($1, $2, $3, $4, $5, $6)`,
          [
            id,
            fullName,
            `s-${id.slice(0, 8)}`,
            fields.title ?? null,
            fields.tagline ?? null,
            fields.bio ?? null,
          ],
        );
        await client.query(`insert into user_roles (user_id, role) values ($1, 'coach')`, [id]);
        for (const title of services)
          await client.query(
            `insert into services (coach_id, title, format, price, duration) values ($1, $2, 'video', 3000, 30)`,
            [id, title],
          );
        await client.query(
          `insert into coach_applications (user_id, status, experience, bio) values ($1, 'approved', 'x', 'x')`,
          [id],
        );
      } finally {
        await client.end();
      }
      return id;
    };
    names = {
      title: await make('Zebulon Frost', { title: 'Xylophone Therapist' }),
      bio: await make('Quentin Marsh', { bio: 'I once played the xylophone in a band' }),
      service: await make('Odile Brandt', {}, ['Xylophone Sound Bath']),
      other: await make('Petra Lund', { bio: 'Nothing musical here' }),
    };
    await loadRows();
  });

  it('matches name, title, bio and service titles, ranking title matches above bio matches', async () => {
    const result = await page({ q: 'xylophone', sort: 'relevance' });
    expect(result.sort).toBe('relevance');
    const ids = result.coaches.map((coach) => coach.coach_id);
    expect(new Set(ids)).toEqual(new Set([names.title, names.bio, names.service]));
    expect(ids[0]).toBe(names.title);
    expect((await page({ q: 'zebulon' })).coaches.map((coach) => coach.coach_id)).toEqual([names.title]);
  });

  it('prefix-matches the word being typed, including half-typed stems', async () => {
    for (const typed of ['xylo', 'xylophon', 'Zebul'])
      expect(
        (await page({ q: typed })).coaches.map((coach) => coach.coach_id),
        typed,
      ).toContain(names.title);
  });

  it('needs every word (AND) and treats operators and quotes as plain text', async () => {
    expect((await page({ q: 'xylophone band' })).coaches.map((coach) => coach.coach_id)).toEqual([names.bio]);
    for (const q of [
      "xylophone' OR 1=1 --",
      'xylophone & !',
      '(xylophone | zebra)',
      ':*',
      "'; drop table users; --",
    ]) {
      const response = await t.app.inject({ method: 'GET', url: urlOf({ q }) });
      expect(response.statusCode, q).toBe(200);
    }
    expect((await page({ q: '!!! ???' })).coaches.length).toBe(24); // nothing searchable: no text filter
  });

  it('pages through relevance results with a cursor', async () => {
    const all = (await page({ q: 'xylophone', sort: 'relevance' })).coaches.map((coach) => coach.coach_id);
    const { ids } = await allPages({ q: 'xylophone', sort: 'relevance', pageSize: 1 });
    expect(ids).toEqual(all);
  });

  it('combines search text with filters and other sorts', async () => {
    const result = await page({ q: 'xylophone', sort: 'price', maxPrice: 3000 });
    expect(result.coaches.map((coach) => coach.coach_id).sort()).toEqual(
      [names.title, names.bio, names.service].sort(),
    );
  });
});

describe('categories and recommendations', () => {
  it('counts listed coaches per category', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/coaches/categories' });
    const { categories } = categoryCountsResponseSchema.parse(response.json());
    expect(categories).toHaveLength(16);
    for (const category of categories)
      expect(category.coaches, category.slug).toBe(
        rows.filter((row) => row.categories.includes(category.slug)).length,
      );
  });

  it('recommends top-rated coaches in the client interests, else top-rated overall', async () => {
    const anonymous = recommendedCoachesResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/coaches/recommended' })).json(),
    );
    expect(anonymous.based_on).toEqual([]);
    expect(anonymous.coaches.map((coach) => coach.coach_id)).toEqual(expectedIds({}, byRating).slice(0, 8));

    const { session } = await signUp(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/api/client-profiles/me',
      headers: bearer(session),
      payload: { interests: ['Sleep', 'painting', 'yoga'] },
    });
    const personal = recommendedCoachesResponseSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/coaches/recommended', headers: bearer(session) })
      ).json(),
    );
    expect(personal.based_on).toEqual(['sleep', 'yoga']);
    expect(personal.coaches.map((coach) => coach.coach_id)).toEqual(
      rows
        .filter((row) => row.categories.includes('sleep') || row.categories.includes('yoga'))
        .sort(byRating)
        .slice(0, 8)
        .map((row) => row.coach_id),
    );
  });
});
