import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import { coachPageSchema, ownBrandingSchema, PRIMARY_CONTRAST_MESSAGE } from '#contracts/coach-pages';
import { coachApplications, coachStats } from '#server/db/schema/index';
import type { Role } from '#domain/auth/roles';
import { bearer, errorOf, signUpWithRole } from '#test/support/auth';
import { useTestApp } from '#test/support/test-app';

const t = useTestApp();

const withRole = (fullName: string, role: Role | null) => signUpWithRole(t.app, role, { fullName });

const patchProfile = async (session: AuthSession, payload: object) => {
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/api/profiles/me',
    headers: bearer(session),
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; username: string }>();
};

const page = (ref: string) => t.app.inject({ method: 'GET', url: `/api/coach-pages/${ref}` });
const putBranding = (session: AuthSession | null, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/branding/me',
    headers: session ? bearer(session) : {},
    payload,
  });

const validBranding = {
  primary_color: '#1F4E79',
  accent_color: '#e2684e',
  background_color: '#fdfaf5',
  headline: '  Calm, practical coaching for busy people  ',
  sections: [
    { type: 'services', enabled: true },
    { type: 'custom', enabled: true, title: 'My approach', body: 'Small steps.\n<b>No</b> markup.' },
    { type: 'about', enabled: false },
  ],
};

describe('GET /api/coach-pages/:ref', () => {
  it('finds a coach by username, profile id and user id, with defaults and everything shown', async () => {
    const session = await withRole('Lena Ortiz', 'coach');
    const profile = await patchProfile(session, {
      username: 'lena-ortiz',
      professional_title: 'Sleep coach',
      coach_tagline: 'Rest is a skill',
      years_experience: 9,
      categories: ['sleep', 'stress'],
      on_demand_text_price: 2500,
    });
    await t.db.insert(coachStats).values({
      coachId: session.user.id,
      totalSessions: 127,
      totalClients: 89,
      avgResponseTime: '< 1 hour',
      onTimePercentage: 98,
      ratingAverage: '4.9',
      totalReviews: 94,
    });

    const byUsername = await page('lena-ortiz');
    expect(byUsername.statusCode).toBe(200);
    const body = coachPageSchema.parse(byUsername.json());
    expect(body).toMatchObject({
      id: profile.id,
      coach_id: session.user.id,
      username: 'lena-ortiz',
      full_name: 'Lena Ortiz',
      professional_title: 'Sleep coach',
      coach_tagline: 'Rest is a skill',
      categories: ['sleep', 'stress'],
      listed: false,
      // SPEC §9 defaults where the coach set no rate.
      rates: { text: 2500, audio: 3500, video: 4000 },
      online: { is_online: false, availability_message: 'Online Now - Ready to help you grow!' },
      stats: {
        total_sessions: 127,
        total_clients: 89,
        avg_response_time: '< 1 hour',
        on_time_percentage: 98,
        rating_average: 4.9,
        total_reviews: 94,
      },
      trust: { verified: false, years_experience: 9 },
      branding: {
        font: 'inter',
        primary_color: '#0f766e',
        accent_color: '#f59e0b',
        background_color: '#ffffff',
        headline: null,
        sections: [
          { type: 'about', enabled: true },
          { type: 'services', enabled: true },
          { type: 'programs', enabled: true },
          { type: 'stats', enabled: true },
          { type: 'contact', enabled: true },
        ],
      },
    });
    // Never anything private.
    const raw = byUsername.json<Record<string, unknown>>();
    for (const key of ['email', 'user_id', 'date_of_birth', 'tour_step_progress', 'last_online_confirm_at'])
      expect(raw).not.toHaveProperty(key);

    expect((await page(profile.id)).json()).toEqual(byUsername.json());
    expect((await page(session.user.id)).json()).toEqual(byUsername.json());
    // Slugs in links may arrive in another case; usernames are lower case.
    expect((await page('Lena-Ortiz')).statusCode).toBe(200);
  });

  it('leaves out what the coach hides (absent from the JSON, not null)', async () => {
    const session = await withRole('Hidden Things', 'coach');
    await patchProfile(session, {
      username: 'hidden-things',
      show_online_status: false,
      show_coach_stats: false,
      show_trust_signals: false,
      enable_follow_button: false,
      show_service_badges: false,
      show_services_prominently: true,
    });
    const response = await page('hidden-things');
    expect(response.statusCode).toBe(200);
    const raw = response.json<Record<string, unknown>>();
    expect(raw).not.toHaveProperty('online');
    expect(raw).not.toHaveProperty('stats');
    expect(raw).not.toHaveProperty('trust');
    expect(JSON.stringify(raw)).not.toContain('Online Now');
    expect(raw.display).toEqual({
      show_services_prominently: true,
      show_service_badges: false,
      enable_follow_button: false,
      enable_notify_button: true,
      enable_live_preview_labels: false,
    });
  });

  it('shows zeros for stats not recorded yet, and the live online state when shown', async () => {
    const session = await withRole('New Coach', 'coach');
    await patchProfile(session, { username: 'new-coach', custom_availability_message: 'Here till 6pm' });
    await t.db.execute(
      // is_online is not writable through the profile API (the presence capability sets it).
      sql`update profiles set is_online = true where user_id = ${session.user.id}`,
    );
    const body = coachPageSchema.parse((await page('new-coach')).json());
    expect(body.stats).toEqual({
      total_sessions: 0,
      total_clients: 0,
      avg_response_time: null,
      on_time_percentage: null,
      rating_average: null,
      total_reviews: 0,
    });
    expect(body.online).toEqual({ is_online: true, availability_message: 'Here till 6pm', is_busy: false });
  });

  it('is listed and verified once an approved application makes the coach part of discovery', async () => {
    const session = await withRole('Approved Coach', 'coach');
    await patchProfile(session, { username: 'approved-coach' });
    await t.db.insert(coachApplications).values({
      userId: session.user.id,
      status: 'approved',
      experience: 'Ten years of practice',
      bio: 'Coach',
    });
    const body = coachPageSchema.parse((await page('approved-coach')).json());
    expect(body.listed).toBe(true);
    expect(body.trust?.verified).toBe(true);
  });

  it('is 404 for someone who is not a coach, an unknown username or id, and a bad ref', async () => {
    const client = await withRole('Just Client', 'client');
    const clientProfile = await patchProfile(client, { username: 'just-client' });
    const noRole = await withRole('No Role Yet', null);
    await patchProfile(noRole, { username: 'no-role-yet' });
    for (const ref of [
      'just-client',
      clientProfile.id,
      client.user.id,
      'no-role-yet',
      'nobody-here',
      '00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await page(ref);
      expect(response.statusCode, ref).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    expect((await page('x'.repeat(61))).statusCode).toBe(400);
  });

  it('carries the branding and the font from custom_fonts (an unknown font falls back to Inter)', async () => {
    const session = await withRole('Branded Coach', 'coach');
    await patchProfile(session, { username: 'branded-coach', custom_fonts: { primary: 'serif' } });
    expect((await putBranding(session, validBranding)).statusCode).toBe(200);
    const body = coachPageSchema.parse((await page('branded-coach')).json());
    expect(body.branding).toEqual({
      font: 'serif',
      primary_color: '#1f4e79',
      accent_color: '#e2684e',
      background_color: '#fdfaf5',
      headline: 'Calm, practical coaching for busy people',
      sections: [
        { type: 'services', enabled: true },
        { type: 'custom', enabled: true, title: 'My approach', body: 'Small steps.\n<b>No</b> markup.' },
        { type: 'about', enabled: false },
      ],
    });
    await patchProfile(session, { custom_fonts: { primary: 'comic-sans-from-a-cdn' } });
    expect(coachPageSchema.parse((await page('branded-coach')).json()).branding.font).toBe('inter');
  });
});

describe('GET/PUT /api/branding/me', () => {
  it('gives a coach the defaults first, then what was saved', async () => {
    const session = await withRole('Brand Owner', 'coach');
    await patchProfile(session, { username: 'brand-owner' });
    const first = await t.app.inject({ method: 'GET', url: '/api/branding/me', headers: bearer(session) });
    expect(first.statusCode).toBe(200);
    expect(ownBrandingSchema.parse(first.json())).toMatchObject({
      font: 'inter',
      primary_color: '#0f766e',
      headline: null,
      updated_at: null,
      username: 'brand-owner',
      coach_id: session.user.id,
      enable_live_preview_labels: false,
    });

    const saved = await putBranding(session, validBranding);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ownBrandingSchema.parse(saved.json())).toMatchObject({
      primary_color: '#1f4e79',
      headline: 'Calm, practical coaching for busy people',
      updated_at: '2026-11-21T09:00:00.000Z',
    });
    const again = await t.app.inject({ method: 'GET', url: '/api/branding/me', headers: bearer(session) });
    expect(again.json()).toEqual(saved.json());

    // An empty headline is stored as none; saving again replaces everything.
    const cleared = await putBranding(session, { ...validBranding, headline: '   ', sections: [] });
    expect(cleared.json()).toMatchObject({ headline: null, sections: [] });
  });

  it('refuses a palette whose primary colour is hard to read on the background', async () => {
    const session = await withRole('Low Contrast', 'coach');
    const response = await putBranding(session, {
      ...validBranding,
      primary_color: '#f5d76e',
      background_color: '#ffffff',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'body.primary_color', message: PRIMARY_CONTRAST_MESSAGE }],
    });
    // Nothing was stored.
    const current = await t.app.inject({ method: 'GET', url: '/api/branding/me', headers: bearer(session) });
    expect(current.json()).toMatchObject({ updated_at: null });
  });

  it('validates colours, headline and sections', async () => {
    const session = await withRole('Validator', 'coach');
    const cases: [object, string][] = [
      [{ primary_color: 'teal' }, 'body.primary_color'],
      [{ accent_color: '#fff' }, 'body.accent_color'],
      [{ background_color: '#gggggg' }, 'body.background_color'],
      [{ headline: 'h'.repeat(121) }, 'body.headline'],
      [{ sections: [{ type: 'gallery', enabled: true }] }, 'body.sections.0.type'],
      [
        { sections: [{ type: 'custom', enabled: true, title: 'T'.repeat(81), body: 'x' }] },
        'body.sections.0.title',
      ],
      [
        { sections: [{ type: 'custom', enabled: true, title: 'T', body: 'x'.repeat(4001) }] },
        'body.sections.0.body',
      ],
      [{ sections: [{ type: 'custom', enabled: true, title: 'No body' }] }, 'body.sections.0.body'],
      [{ sections: [{ type: 'custom', enabled: true, body: 'No title' }] }, 'body.sections.0.title'],
      [
        { sections: [{ type: 'about', enabled: true, body: 'Only custom has text' }] },
        'body.sections.0.body',
      ],
      [
        {
          sections: [
            { type: 'about', enabled: true },
            { type: 'about', enabled: false },
          ],
        },
        'body.sections.1.type',
      ],
      [
        {
          sections: Array.from({ length: 13 }, (_, index) => ({
            type: 'custom',
            enabled: true,
            title: `S${index}`,
            body: 'x',
          })),
        },
        'body.sections',
      ],
      [{ sections: [{ type: 'about', enabled: true, html: '<script>' }] }, 'body.sections.0'],
    ];
    for (const [change, path] of cases) {
      const response = await putBranding(session, { ...validBranding, ...change });
      expect(response.statusCode, path).toBe(400);
      expect(
        errorOf(response).details?.map((detail) => detail.path),
        path,
      ).toContain(path);
    }
    // Exactly 4000 characters and 12 sections are fine.
    const longest = await putBranding(session, {
      ...validBranding,
      sections: Array.from({ length: 12 }, (_, index) => ({
        type: 'custom',
        enabled: index % 2 === 0,
        title: 'T'.repeat(80),
        body: 'x'.repeat(4000),
      })),
    });
    expect(longest.statusCode, longest.body).toBe(200);
  });

  it('belongs to coaches only, and each coach changes only their own', async () => {
    const client = await withRole('Client Only', 'client');
    const noRole = await withRole('Nobody Yet', null);
    for (const session of [client, noRole]) {
      const get = await t.app.inject({ method: 'GET', url: '/api/branding/me', headers: bearer(session) });
      expect(get.statusCode).toBe(403);
      const put = await putBranding(session, validBranding);
      expect(put.statusCode).toBe(403);
      expect(errorOf(put)).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('coach') });
    }
    expect((await putBranding(null, validBranding)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/branding/me' })).statusCode).toBe(401);

    // Two coaches: one saving never touches the other's website.
    const first = await withRole('First Brand', 'coach');
    const second = await withRole('Second Brand', 'coach');
    await putBranding(first, validBranding);
    const secondBranding = await t.app.inject({
      method: 'GET',
      url: '/api/branding/me',
      headers: bearer(second),
    });
    expect(secondBranding.json()).toMatchObject({ primary_color: '#0f766e', updated_at: null });
    // A body cannot name another coach.
    const sneaky = await putBranding(second, { ...validBranding, coach_id: first.user.id });
    expect(sneaky.statusCode).toBe(400);
  });

  it('a person holding both roles brands their website while acting as a client', async () => {
    const session = await withRole('Dual Person', 'coach');
    await t.app.inject({
      method: 'POST',
      url: '/api/rpc/set_last_active_role',
      headers: bearer(session),
      payload: { role_name: 'client' },
    });
    expect((await putBranding(session, validBranding)).statusCode).toBe(200);
  });
});
