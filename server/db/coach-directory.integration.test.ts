import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/test-app';
import { COACHING_CATEGORIES } from '#domain/coaching/categories';

/**
 * The discovery read model (coach_directory) is written only by the triggers of migration 0004.
 * Rule under test: a coach is listed iff they hold the coach role, have a profile and have at least
 * one approved application — and every change of a source row (profile, categories, stats,
 * services, applications, roles) is reflected in the row at once, in the same transaction.
 */

const database = useTestDatabase();
const q = async <Row extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await database.pool.query<Row>(text, values)).rows;

async function person(options: { fullName?: string; coachRole?: boolean; profile?: boolean } = {}) {
  const id = randomUUID();
  await q(`insert into users (id, email) values ($1, $2)`, [id, `${id}@example.test`]);
  if (options.profile !== false)
    await q(`insert into profiles (user_id, full_name, username) values ($1, $2, $3)`, [
      id,
      options.fullName ?? 'Avery Stone',
      `u-${id.slice(0, 8)}`,
    ]);
  if (options.coachRole !== false)
    await q(
      `insert into user_roles (user_id, role, is_primary, is_last_active) values ($1, 'coach', true, true)`,
      [id],
    );
  return id;
}

async function apply(userId: string, status: 'pending' | 'approved' | 'rejected' = 'pending') {
  const [row] = await q<{ id: string }>(
    `insert into coach_applications (user_id, status, experience, bio, rejection_reason)
     values ($1, $2, 'Ten years', 'Bio', $3) returning id`,
    [userId, status, status === 'rejected' ? 'Not now' : null],
  );
  return row!.id;
}

const listed = async (userId: string) =>
  (await q<{ n: number }>('select count(*)::int as n from coach_directory where coach_id = $1', [userId]))[0]!
    .n === 1;

const rowOf = async (userId: string) => {
  const [row] = await q<Record<string, unknown>>('select * from coach_directory where coach_id = $1', [
    userId,
  ]);
  if (!row) throw new Error('not listed');
  return row;
};

const matches = async (userId: string, query: string) =>
  (
    await q<{ hit: boolean }>(
      `select search @@ plainto_tsquery('english', $2) as hit from coach_directory where coach_id = $1`,
      [userId, query],
    )
  )[0]?.hit ?? false;

async function listedCoach(fullName = 'Avery Stone') {
  const id = await person({ fullName });
  await apply(id, 'approved');
  return id;
}

describe('coach_directory listing rule', () => {
  it('lists a coach when an application is approved, not while it is pending or rejected', async () => {
    const id = await person();
    const application = await apply(id, 'pending');
    expect(await listed(id)).toBe(false);
    await q(`update coach_applications set status = 'rejected', rejection_reason = 'No' where id = $1`, [
      application,
    ]);
    expect(await listed(id)).toBe(false);
    const second = await apply(id, 'pending');
    await q(`update coach_applications set status = 'approved' where id = $1`, [second]);
    expect(await listed(id)).toBe(true);
  });

  it('needs the coach role: an approved applicant without it is not listed; losing it unlists, regaining relists', async () => {
    const id = await person({ coachRole: false });
    await apply(id, 'approved');
    expect(await listed(id)).toBe(false);
    await q(`insert into user_roles (user_id, role) values ($1, 'coach')`, [id]);
    expect(await listed(id)).toBe(true);
    await q(`delete from user_roles where user_id = $1 and role = 'coach'`, [id]);
    expect(await listed(id)).toBe(false);
    await q(`insert into user_roles (user_id, role) values ($1, 'coach')`, [id]);
    expect(await listed(id)).toBe(true);
  });

  it('needs a profile: approved coach role without a profile is listed only once the profile exists', async () => {
    const id = await person({ profile: false });
    await apply(id, 'approved');
    expect(await listed(id)).toBe(false);
    await q(`insert into profiles (user_id, full_name) values ($1, 'Late Profile')`, [id]);
    expect(await listed(id)).toBe(true);
    await q(`delete from profiles where user_id = $1`, [id]);
    expect(await listed(id)).toBe(false);
  });

  it('a new pending or a rejected application does not unlist an approved coach; deleting the approval does', async () => {
    const id = await person();
    const approved = await apply(id, 'approved');
    await apply(id, 'pending');
    expect(await listed(id)).toBe(true);
    await apply(id, 'rejected');
    expect(await listed(id)).toBe(true);
    await q(`delete from coach_applications where id = $1`, [approved]);
    expect(await listed(id)).toBe(false);
  });

  it('a client role or other role changes do not unlist a coach; deleting the account removes the row', async () => {
    const id = await listedCoach();
    await q(`insert into user_roles (user_id, role) values ($1, 'client')`, [id]);
    await q(`update user_roles set is_last_active = (role = 'client') where user_id = $1`, [id]);
    expect(await listed(id)).toBe(true);
    await q(`delete from users where id = $1`, [id]);
    expect(await listed(id)).toBe(false);
  });

  it('moving an application to another person re-evaluates both people', async () => {
    const first = await person();
    const second = await person();
    const application = await apply(first, 'approved');
    expect(await listed(first)).toBe(true);
    await q(`update coach_applications set user_id = $2 where id = $1`, [application, second]);
    expect(await listed(first)).toBe(false);
    expect(await listed(second)).toBe(true);
  });
});

describe('coach_directory row contents', () => {
  it('copies the profile, applies the SPEC §9 default rates and the lowest rate, and hides presence unless shown', async () => {
    const id = await listedCoach('Noor Haddad');
    let row = await rowOf(id);
    expect(row).toMatchObject({
      full_name: 'Noor Haddad',
      price_text: 3000,
      price_audio: 3500,
      price_video: 4000,
      price_min: 3000,
      is_online: false,
      categories: [],
      service_formats: [],
      rating_average: null,
      total_reviews: 0,
      show_coach_stats: true,
      custom_availability_message: 'Online Now - Ready to help you grow!',
    });
    const listedAt = row.listed_at;

    await q(
      `update profiles set professional_title = 'Sleep Coach', on_demand_text_price = 5000,
         on_demand_audio_price = 2000, on_demand_video_price = null, is_online = true, avatar_url = '/a.webp'
       where user_id = $1`,
      [id],
    );
    row = await rowOf(id);
    expect(row).toMatchObject({
      professional_title: 'Sleep Coach',
      price_text: 5000,
      price_audio: 2000,
      price_video: 4000,
      price_min: 2000,
      is_online: true,
      avatar_url: '/a.webp',
    });
    // listed_at is when the coach was first listed; updates do not move it.
    expect(row.listed_at).toEqual(listedAt);

    await q(`update profiles set show_online_status = false where user_id = $1`, [id]);
    expect((await rowOf(id)).is_online).toBe(false);
  });

  it('follows categories, stats and active services', async () => {
    const id = await listedCoach();
    await q(`insert into coach_categories (coach_id, category) values ($1, 'sleep'), ($1, 'anxiety')`, [id]);
    expect((await rowOf(id)).categories).toEqual(['anxiety', 'sleep']);
    await q(`delete from coach_categories where coach_id = $1 and category = 'sleep'`, [id]);
    expect((await rowOf(id)).categories).toEqual(['anxiety']);

    await q(
      `insert into coach_stats (coach_id, rating_average, total_reviews, total_sessions) values ($1, 4.75, 12, 30)`,
      [id],
    );
    expect(await rowOf(id)).toMatchObject({ rating_average: '4.75', total_reviews: 12, total_sessions: 30 });
    await q(`update coach_stats set rating_average = 4.5, total_reviews = 13 where coach_id = $1`, [id]);
    expect(await rowOf(id)).toMatchObject({ rating_average: '4.50', total_reviews: 13 });

    const [service] = await q<{ id: string }>(
      `insert into services (coach_id, title, format, price, duration) values ($1, 'Evening Wind-down', 'video', 4500, 30)
       returning id`,
      [id],
    );
    await q(
      `insert into services (coach_id, title, format, price, duration) values ($1, 'Text check-in', 'text', 1000, 15)`,
      [id],
    );
    expect((await rowOf(id)).service_formats).toEqual(['text', 'video']);
    await q(`update services set is_active = false where id = $1`, [service!.id]);
    expect((await rowOf(id)).service_formats).toEqual(['text']);
    expect(await matches(id, 'wind-down')).toBe(false);
  });

  it('the search vector covers name, title, tagline, bio, about, categories and active service titles', async () => {
    const id = await listedCoach('Theodora Quill');
    await q(
      `update profiles set professional_title = 'Breathwork Facilitator', coach_tagline = 'Lanterns for tired minds',
         short_bio = 'Former marathoner', about_me = 'Loves kayaking' where user_id = $1`,
      [id],
    );
    await q(`insert into coach_categories (coach_id, category) values ($1, 'burnout')`, [id]);
    await q(
      `insert into services (coach_id, title, subtitle, description, format, price, duration)
       values ($1, 'Gratitude Journaling', 'Weekly', 'Pen and paper', 'text', 1000, 15)`,
      [id],
    );
    for (const word of [
      'Theodora',
      'quill',
      'breathwork',
      'facilitators',
      'lantern',
      'marathon',
      'kayak',
      'burnout',
      'journaling',
      'gratitude',
    ])
      expect(await matches(id, word), word).toBe(true);
    expect(await matches(id, 'astrology')).toBe(false);

    // Weights: name and title A, tagline and categories B, bios and services C.
    const [weights] = await q<{ name: string; tagline: string; bio: string }>(
      `select ts_rank(search, to_tsquery('english', 'theodora')) as name,
              ts_rank(search, to_tsquery('english', 'lantern')) as tagline,
              ts_rank(search, to_tsquery('english', 'marathon')) as bio
       from coach_directory where coach_id = $1`,
      [id],
    );
    expect(Number(weights!.name)).toBeGreaterThan(Number(weights!.tagline));
    expect(Number(weights!.tagline)).toBeGreaterThan(Number(weights!.bio));
  });

  it('categories are found by their labels too, and the SQL labels agree with domain/coaching/categories.ts', async () => {
    for (const { slug, label } of COACHING_CATEGORIES) {
      const [row] = await q<{ words: string }>('select coaching_category_words($1::text[]) as words', [
        [slug],
      ]);
      expect(row?.words, slug).toBe(`${slug} ${label}`);
    }
    const id = await listedCoach('Ottoline Brisk');
    await q(`insert into coach_categories (coach_id, category) values ($1, 'stress')`, [id]);
    expect(await matches(id, 'management')).toBe(true);
  });

  it('a rolled-back change leaves the row as it was', async () => {
    const id = await listedCoach('Stable Name');
    const client = await database.pool.connect();
    try {
      await client.query('begin');
      await client.query(`update profiles set full_name = 'Changed' where user_id = $1`, [id]);
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect((await rowOf(id)).full_name).toBe('Stable Name');
  });
});
