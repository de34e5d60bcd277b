import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import { clientProfileSchema, ownProfileSchema, profileCompletionSchema } from '#contracts/profiles';
import { coachStats } from '#server/db/schema/index';
import { bearer, errorOf, signUp, signUpWithRole } from '#test/support/auth';
import { useTestApp } from '#test/support/test-app';

const t = useTestApp(async () => ({ AUTH_RATE_LIMIT_MAX: '100000', RATE_LIMIT_MAX: '100000' }));

const patch = (session: AuthSession, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/profiles/me', headers: bearer(session), payload });
const getMe = async (session: AuthSession) =>
  ownProfileSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/api/profiles/me', headers: bearer(session) })).json(),
  );
const person = (fullName = 'Test Person') => signUpWithRole(t.app, null, { fullName });
const coach = (fullName: string) => signUpWithRole(t.app, 'coach', { fullName });
/** Runs `body` with a temporary trigger on the profiles row of one person, then removes it. */
async function withTrigger(userId: string, functionBody: string, body: () => Promise<void>) {
  await t.db.execute(
    sql.raw(
      `create function profiles_test_fn() returns trigger language plpgsql as $$ begin ${functionBody} end $$`,
    ),
  );
  await t.db.execute(
    sql.raw(
      `create trigger profiles_test_tg before update on profiles for each row when (old.user_id = '${userId}') execute function profiles_test_fn()`,
    ),
  );
  try {
    await body();
  } finally {
    await t.db.execute(sql.raw('drop trigger profiles_test_tg on profiles'));
    await t.db.execute(sql.raw('drop function profiles_test_fn()'));
  }
}

describe('GET/PATCH /api/profiles/me', () => {
  it('needs a sign-in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/profiles/me' });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Auth session missing!' });
    expect((await t.app.inject({ method: 'PATCH', url: '/api/profiles/me', payload: {} })).statusCode).toBe(
      401,
    );
  });

  it('returns the caller profile with the SPEC §3 defaults and no categories', async () => {
    const session = await person('Dana Reyes');
    const me = await getMe(session);
    expect(me).toMatchObject({
      user_id: session.user.id,
      full_name: 'Dana Reyes',
      custom_availability_message: 'Online Now - Ready to help you grow!',
      custom_fonts: { primary: 'inter' },
      show_online_status: true,
      show_trust_signals: true,
      show_coach_stats: true,
      enable_follow_button: true,
      enable_notify_button: true,
      show_service_badges: true,
      is_online: false,
      categories: [],
    });
  });

  it('creates the profile when it is missing (SPEC §8 PGRST116)', async () => {
    const session = await person('Missing Row');
    await t.db.execute(sql`delete from profiles where user_id = ${session.user.id}`);
    const me = await getMe(session);
    expect(me).toMatchObject({ user_id: session.user.id, full_name: 'Missing Row' });
  });

  it('full_name, if included, must be non-empty after trimming (SPEC §5 text and unified wording)', async () => {
    const session = await person('Kept Name');
    for (const fullName of ['', '   ', null]) {
      const response = await patch(session, { full_name: fullName });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'full_name is required and cannot be empty',
        details: [{ path: 'full_name', message: 'Full name is required' }],
      });
    }
    expect((await getMe(session)).full_name).toBe('Kept Name');
  });

  it('refuses an invalid username with INVALID_USERNAME and the exact text; empty becomes null', async () => {
    const session = await person();
    const response = await patch(session, { username: 'Not Valid!' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'INVALID_USERNAME',
      message: 'Username can only contain lowercase letters, numbers, hyphens, and underscores',
    });
    expect((await patch(session, { username: 'valid_name-1x' })).json()).toMatchObject({
      username: 'valid_name-1x',
    });
    expect((await patch(session, { username: '' })).json()).toMatchObject({ username: null });
  });

  it('generates a username when the name changes and none is given; keeps it otherwise', async () => {
    const session = await person('First Name');
    const renamed = ownProfileSchema.parse(
      (await patch(session, { full_name: '  Priya   Natarajan-Lee ' })).json(),
    );
    expect(renamed).toMatchObject({ full_name: 'Priya   Natarajan-Lee', username: 'priya-natarajan-lee' });

    // Same name again: no generation, so a chosen username survives.
    await patch(session, { username: 'priya_nl' });
    expect((await patch(session, { full_name: 'Priya   Natarajan-Lee' })).json()).toMatchObject({
      username: 'priya_nl',
    });
    // A name too short to generate from leaves the username as it was.
    expect((await patch(session, { full_name: 'Pi' })).json()).toMatchObject({ username: 'priya_nl' });
    // A username given with the name wins.
    expect((await patch(session, { full_name: 'Priya N', username: 'pn-coach' })).json()).toMatchObject({
      full_name: 'Priya N',
      username: 'pn-coach',
    });
  });

  it('a sign-up keeps the zone its device sent (not one that is no zone)', async () => {
    const berlin = await signUp(t.app, { data: { full_name: 'Kai Berlin', time_zone: 'Europe/Berlin' } });
    expect((await getMe(berlin.session)).time_zone).toBe('Europe/Berlin');
    const mars = await signUp(t.app, { data: { full_name: 'Kai Mars', time_zone: 'Mars/Olympus' } });
    expect((await getMe(mars.session)).time_zone).toBeNull();
  });

  it('keeps a time zone by its IANA name; refuses an unknown name or an offset with the reason', async () => {
    const session = await person();
    expect((await getMe(session)).time_zone).toBeNull();
    const saved = await patch(session, { time_zone: 'America/Argentina/Buenos_Aires' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await getMe(session)).time_zone).toBe('America/Argentina/Buenos_Aires');
    for (const time_zone of ['Mars/Olympus', '+01:00', '', null]) {
      const refused = await patch(session, { time_zone });
      expect(refused.statusCode, String(time_zone)).toBe(400);
      expect(errorOf(refused).details?.[0]).toMatchObject({ path: 'body.time_zone' });
      expect(errorOf(refused).details?.[0]?.message).toContain('Choose a time zone from the list');
    }
    expect((await getMe(session)).time_zone).toBe('America/Argentina/Buenos_Aires');
  });

  it('normalises custom_fonts, years_experience and date of birth', async () => {
    const session = await person();
    const saved = ownProfileSchema.parse(
      (
        await patch(session, {
          custom_fonts: '{not json',
          years_experience: '12',
          date_of_birth: '1988-07-14',
        })
      ).json(),
    );
    expect(saved).toMatchObject({
      custom_fonts: { primary: 'inter' },
      years_experience: 12,
      date_of_birth: '1988-07-14',
    });
    const cleared = ownProfileSchema.parse(
      (await patch(session, { custom_fonts: '{"primary":"lora"}', years_experience: '' })).json(),
    );
    expect(cleared).toMatchObject({ custom_fonts: { primary: 'lora' }, years_experience: null });
    expect((await patch(session, { custom_fonts: {} })).json()).toMatchObject({
      custom_fonts: { primary: 'inter' },
    });
  });

  it('23505 on the username: two people taking one username at once, one wins, the other is told', async () => {
    const [first, second] = await Promise.all([person('Race One'), person('Race Two')]);
    const responses = await Promise.all([
      patch(first, { username: 'the-one-name' }),
      patch(second, { username: 'the-one-name' }),
    ]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = responses.find((response) => response.statusCode === 409);
    expect(errorOf(loser!)).toMatchObject({
      code: 'USERNAME_TAKEN',
      message: 'This username is already taken. Please choose a different one.',
    });
    // A generated username that someone already holds gets the first free number instead.
    const third = await person('Third');
    const generated = await patch(third, { full_name: 'The One Name' });
    expect(generated.statusCode).toBe(200);
    expect(generated.json()).toMatchObject({ full_name: 'The One Name', username: 'the-one-name-2' });
    const fourth = await person('Fourth');
    expect((await patch(fourth, { full_name: 'The one name' })).json()).toMatchObject({
      username: 'the-one-name-3',
    });
  });

  it('a name of 61+ characters generates a username within the 60 every lookup takes, suffixes included', async () => {
    const name = 'Alexandria Konstantinopoulou-Vanderbilt Montgomery-Smythe the Third';
    const first = await coach('Long Name');
    const firstProfile = ownProfileSchema.parse((await patch(first, { full_name: name })).json());
    expect(firstProfile.username).toBe('alexandria-konstantinopoulou-vanderbilt-montgomery-smythe');
    const second = await coach('Long Name Too');
    const secondProfile = ownProfileSchema.parse((await patch(second, { full_name: name })).json());
    expect(secondProfile.username).toBe('alexandria-konstantinopoulou-vanderbilt-montgomery-smythe-2');
    // One long word: cut at the limit; its suffixed twin too.
    const word = `Mr ${'a'.repeat(80)}`;
    const third = ownProfileSchema.parse((await patch(await coach('Word One'), { full_name: word })).json());
    const fourth = ownProfileSchema.parse((await patch(await coach('Word Two'), { full_name: word })).json());
    expect(third.username).toBe(`mr-${'a'.repeat(57)}`);
    expect(fourth.username).toBe(`mr-${'a'.repeat(55)}-2`);
    for (const profile of [firstProfile, secondProfile, third, fourth]) {
      expect(profile.username!.length).toBeLessThanOrEqual(60);
      for (const url of [`/api/profiles/${profile.username}`, `/api/coach-pages/${profile.username}`]) {
        const page = await t.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
      }
    }
    // A username typed over 60 characters is refused with its reason.
    const typed = await patch(first, { username: 'a'.repeat(61) });
    expect(typed.statusCode).toBe(400);
    expect(errorOf(typed).details).toEqual([
      { path: 'body.username', message: 'Username can be at most 60 characters' },
    ]);
  });

  it('caps on-demand rates at $1,000.00 per 15 minutes, naming the field', async () => {
    const session = await coach('Rate Coach');
    for (const value of [2_147_483_647, 100_001, -1, 12.5]) {
      const response = await patch(session, { on_demand_text_price: 3_000, on_demand_video_price: value });
      expect(response.statusCode, String(value)).toBe(400);
      expect(errorOf(response).details).toEqual([
        {
          path: 'body.on_demand_video_price',
          message:
            'Set a rate between $0.00 and $1,000.00 per 15 minutes, or leave it empty for the default.',
        },
      ]);
    }
    expect((await getMe(session)).on_demand_text_price).toBeNull();
    expect((await patch(session, { on_demand_video_price: 100_000 })).json()).toMatchObject({
      on_demand_video_price: 100_000,
    });
    expect((await patch(session, { on_demand_video_price: null })).json()).toMatchObject({
      on_demand_video_price: null,
    });
  });

  it('other 23505: a category twice violates the coach_categories key, and nothing is changed', async () => {
    const session = await coach('Cat Egory');
    await patch(session, { categories: ['sleep', 'nutrition'] });
    const response = await patch(session, { short_bio: 'changed', categories: ['yoga', 'yoga'] });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({
      code: 'UNIQUE_VIOLATION',
      message: 'A unique constraint was violated. Please check your data and try again.',
    });
    const after = await getMe(session);
    expect(after.categories).toEqual(['nutrition', 'sleep']);
    expect(after.short_bio).toBeNull();
  });

  it('categories are replaced as a whole', async () => {
    const session = await coach('Cat Replace');
    expect((await patch(session, { categories: ['sleep', 'nutrition'] })).json()).toMatchObject({
      categories: ['nutrition', 'sleep'],
    });
    expect((await patch(session, { categories: ['mindfulness'] })).json()).toMatchObject({
      categories: ['mindfulness'],
    });
    // Omitted: untouched. Empty: cleared.
    expect((await patch(session, { short_bio: 'x' })).json()).toMatchObject({ categories: ['mindfulness'] });
    expect((await patch(session, { categories: [] })).json()).toMatchObject({ categories: [] });
  });

  it('23514: values a check constraint refuses are INVALID_DATA_FORMAT', async () => {
    const session = await person();
    for (const payload of [
      { years_experience: -3 },
      { years_experience: 250 },
      // (a negative rate no longer reaches the database: the schema refuses it, see the rate cap below)
    ]) {
      const response = await patch(session, payload);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'INVALID_DATA_FORMAT',
        message: 'Invalid data format. Please check your input and try again.',
      });
    }
  });

  it('23502: a null where the database requires a value is REQUIRED_FIELD_MISSING', async () => {
    const session = await person();
    // Temporary constraint: coach_tagline required (existing rows filled first).
    await t.db.execute(sql`update profiles set coach_tagline = '' where coach_tagline is null`);
    await t.db.execute(sql`alter table profiles alter column coach_tagline set not null`);
    try {
      const response = await patch(session, { coach_tagline: null });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'REQUIRED_FIELD_MISSING',
        message: 'Required field is missing. Please fill in all required fields.',
      });
    } finally {
      await t.db.execute(sql`alter table profiles alter column coach_tagline drop not null`);
    }
  });

  it('any other database failure is PROFILE_UPDATE_FAILED (logged, never leaked)', async () => {
    const session = await person();
    await withTrigger(session.user.id, "raise exception 'secret internal detail';", async () => {
      const response = await patch(session, { short_bio: 'x' });
      expect(response.statusCode).toBe(500);
      expect(errorOf(response)).toMatchObject({
        code: 'PROFILE_UPDATE_FAILED',
        message: 'Failed to update profile. Please try again.',
      });
      expect(response.body).not.toContain('secret internal detail');
    });
    expect(t.logs.text()).toContain('PROFILE_UPDATE_FAILED');
  });

  it('an update that returns no row is NO_DATA_RETURNED', async () => {
    const session = await person();
    await withTrigger(session.user.id, 'return null;', async () => {
      const response = await patch(session, { short_bio: 'x', categories: ['sleep'] });
      expect(response.statusCode).toBe(500);
      expect(errorOf(response)).toMatchObject({
        code: 'NO_DATA_RETURNED',
        message: 'Update completed but no data returned. Please refresh.',
      });
    });
    // Rolled back as a whole: the categories were not written either.
    expect((await getMe(session)).categories).toEqual([]);
  });

  it.each([
    { user_id: '00000000-0000-0000-0000-000000000000' },
    { id: '00000000-0000-0000-0000-000000000000' },
    { email: 'someone@else.test' },
    { is_online: true },
    { total_sessions: 999 },
    { last_online_confirm_at: '2030-01-01T00:00:00Z' },
  ])('refuses fields outside the allowlist: %j', async (payload) => {
    const session = await person();
    const before = await getMe(session);
    const response = await patch(session, { short_bio: 'sneaky', ...payload });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_ERROR');
    expect(await getMe(session)).toEqual(before);
  });

  it('nobody can edit another person: each call changes only the caller, and there is no route to others', async () => {
    const alice = await person('Alice Example');
    const bob = await person('Bob Example');
    await patch(bob, { username: 'bob-example', short_bio: 'Bob bio' });
    await patch(alice, { short_bio: 'Alice bio' });
    expect((await getMe(bob)).short_bio).toBe('Bob bio');
    const other = await t.app.inject({
      method: 'PATCH',
      url: '/api/profiles/bob-example',
      headers: bearer(alice),
      payload: { short_bio: 'hijack' },
    });
    expect(other.statusCode).toBe(404);
    expect((await getMe(bob)).short_bio).toBe('Bob bio');
  });
});

describe('GET /api/profiles/:username (public coach view)', () => {
  it('shows public fields only, to anyone, and honours the show_* switches', async () => {
    const session = await coach('Public Coach');
    await patch(session, {
      username: 'public-coach',
      professional_title: 'Sleep coach',
      date_of_birth: '1980-01-01',
      categories: ['sleep'],
      on_demand_text_price: 3000,
    });
    await t.db.insert(coachStats).values({
      coachId: session.user.id,
      totalSessions: 127,
      totalClients: 89,
      avgResponseTime: '< 1 hour',
      onTimePercentage: 98,
      ratingAverage: '4.90',
      totalReviews: 94,
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/profiles/public-coach' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      username: 'public-coach',
      full_name: 'Public Coach',
      professional_title: 'Sleep coach',
      categories: ['sleep'],
      on_demand_text_price: 3000,
      is_online: false,
      stats: {
        total_sessions: 127,
        total_clients: 89,
        avg_response_time: '< 1 hour',
        on_time_percentage: 98,
        rating_average: 4.9,
        total_reviews: 94,
      },
    });
    for (const hidden of [
      'user_id',
      'email',
      'date_of_birth',
      'tour_step_progress',
      'client_tour_step_progress',
      'last_online_confirm_at',
      'onboarding_tour_completed',
    ])
      expect(body).not.toHaveProperty(hidden);
    expect(response.body).not.toContain(session.user.id);
    expect(response.body).not.toContain('1980-01-01');

    await patch(session, { show_online_status: false, show_coach_stats: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/profiles/public-coach' })).json()).toMatchObject({
      is_online: null,
      stats: null,
    });
  });

  it('is a JSON 404 for an unknown username and for someone who is not a coach', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/profiles/nobody-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/json');
    expect(errorOf(unknown).code).toBe('NOT_FOUND');

    const client = await person('Plain Client');
    await patch(client, { username: 'plain-client' });
    expect((await t.app.inject({ method: 'GET', url: '/api/profiles/plain-client' })).statusCode).toBe(404);
  });
});

describe('client profiles', () => {
  it('GET is empty before anything is saved; PUT inserts, then updates only what is sent', async () => {
    const session = await person();
    const get = async () =>
      clientProfileSchema.parse(
        (
          await t.app.inject({ method: 'GET', url: '/api/client-profiles/me', headers: bearer(session) })
        ).json(),
      );
    expect(await get()).toEqual({
      user_id: session.user.id,
      short_bio: null,
      about_me: null,
      date_of_birth: null,
      zodiac_sign: null,
      gender: null,
      interests: [],
      public_fields: [],
      updated_at: null,
    });
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/client-profiles/me', headers: bearer(session), payload });
    const inserted = await put({ short_bio: 'Hello', interests: ['sleep', 'yoga'], zodiac_sign: 'Leo' });
    expect(inserted.statusCode).toBe(200);
    expect(inserted.json()).toMatchObject({
      short_bio: 'Hello',
      interests: ['sleep', 'yoga'],
      zodiac_sign: 'Leo',
    });
    const updated = await put({ gender: 'female', date_of_birth: '' });
    expect(updated.json()).toMatchObject({ short_bio: 'Hello', gender: 'female', date_of_birth: null });
    expect((await get()).updated_at).not.toBeNull();
    const stray = await put({ user_id: '00000000-0000-0000-0000-000000000000' });
    expect(stray.statusCode).toBe(400);
  });

  it('needs a sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/client-profiles/me' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/client-profiles/me', payload: {} })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/rpc/check_profile_completion', () => {
  it('reports what a coach still has to fill in, then 100 when done', async () => {
    const session = await coach('Complete Me');
    const check = async () =>
      profileCompletionSchema.parse(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/rpc/check_profile_completion',
            headers: bearer(session),
          })
        ).json(),
      );
    expect(await check()).toEqual({
      completion: 14,
      missing: [
        'username',
        'professional_title',
        'short_bio',
        'avatar_url',
        'categories',
        'on_demand_prices',
      ],
    });
    // A picture from elsewhere (as after a Google sign-in); PATCH accepts only the caller's uploads.
    await t.db.execute(
      sql`update profiles set avatar_url = 'https://example.test/a.png' where user_id = ${session.user.id}`,
    );
    await patch(session, {
      username: 'complete-me',
      professional_title: 'Coach',
      short_bio: 'Bio',
      categories: ['sleep'],
      on_demand_text_price: 3000,
      on_demand_audio_price: 3500,
      on_demand_video_price: 4000,
    });
    expect(await check()).toEqual({ completion: 100, missing: [] });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/rpc/check_profile_completion' })).statusCode,
    ).toBe(401);
  });
});
