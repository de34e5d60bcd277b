import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import {
  clientProfileSchema,
  coachViewOfClientSchema,
  ownProfileSchema,
  PROFILE_PICTURE_MESSAGES,
  publicClientProfileSchema,
} from '#contracts/profiles';
import { uploadResponseSchema } from '#contracts/uploads';
import type { Role } from '#domain/auth/roles';
import { bearer, errorOf, signUpWithRole } from '#test/support/auth';
import { useTestApp } from '#test/support/test-app';
import { clientCoachStats } from '#server/db/schema/index';

/**
 * The client pages (public /client/:username, a coach's view after a session) and the profile
 * pictures: PATCH /api/profiles/me accepts only the caller's own uploads and deletes the one replaced.
 */
let workDir: string;
const t = useTestApp(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'wellspring-profile-pictures-'));
  return { UPLOADS_DIR: workDir, RATE_LIMIT_MAX: '100000' };
});
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const withRole = (role: Role | null, fullName = 'Test Person') => signUpWithRole(t.app, role, { fullName });
const patchProfile = (session: AuthSession, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/profiles/me', headers: bearer(session), payload });
const putClient = (session: AuthSession, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/client-profiles/me', headers: bearer(session), payload });
const publicPage = (username: string) => t.app.inject({ method: 'GET', url: `/api/clients/${username}` });
const coachView = (session: AuthSession | null, clientId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/clients/${clientId}/profile`,
    headers: session ? bearer(session) : {},
  });

async function uploadPicture(session: AuthSession, kind: 'avatar' | 'cover') {
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7a5c' } })
    .png()
    .toBuffer();
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/uploads/${kind}`,
    headers: { ...bearer(session), 'content-type': 'image/png' },
    payload: bytes,
  });
  expect(response.statusCode, response.body).toBe(200);
  return uploadResponseSchema.parse(response.json()).url;
}

async function storedFiles(userId: string): Promise<string[]> {
  const walk = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const nested = await Promise.all(
      entries.map((entry) =>
        entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
      ),
    );
    return nested.flat();
  };
  return (await walk(path.join(workDir, userId))).map((file) => path.relative(workDir, file)).sort();
}

describe('GET /api/clients/:username (public client page)', () => {
  it('is not found while the client shows nothing, then shows exactly the chosen fields', async () => {
    const client = await withRole('client', 'Nora Quinn');
    await patchProfile(client, { username: 'nora-quinn' });
    expect((await putClient(client, { short_bio: 'Learning to rest', zodiac_sign: 'Leo' })).statusCode).toBe(
      200,
    );

    const hidden = await publicPage('nora-quinn');
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden).code).toBe('NOT_FOUND');

    const saved = clientProfileSchema.parse(
      (
        await putClient(client, {
          about_me: 'Private notes',
          interests: ['sleep', 'yoga'],
          // Repeated and out of order: stored once each, in the contract's order.
          public_fields: ['short_bio', 'full_name', 'interests', 'short_bio'],
        })
      ).json(),
    );
    expect(saved.public_fields).toEqual(['full_name', 'short_bio', 'interests']);

    const shown = await publicPage('nora-quinn');
    expect(shown.statusCode).toBe(200);
    // Exactly these keys: about_me, zodiac_sign, gender, avatar_url are absent, not null.
    expect(shown.json()).toEqual({
      username: 'nora-quinn',
      full_name: 'Nora Quinn',
      short_bio: 'Learning to rest',
      interests: ['sleep', 'yoga'],
    });
    expect(publicClientProfileSchema.safeParse(shown.json()).success).toBe(true);

    // Back to private.
    expect((await putClient(client, { public_fields: [] })).json()).toMatchObject({ public_fields: [] });
    expect((await publicPage('nora-quinn')).statusCode).toBe(404);
  });

  it('unknown usernames, coach-only accounts and unknown field names are refused', async () => {
    expect((await publicPage('nobody-here')).statusCode).toBe(404);

    const coachOnly = await withRole('coach', 'Coach Only');
    await patchProfile(coachOnly, { username: 'coach-only-person' });
    expect((await putClient(coachOnly, { public_fields: ['full_name'] })).statusCode).toBe(200);
    expect((await publicPage('coach-only-person')).statusCode).toBe(404);

    const client = await withRole('client');
    const stray = await putClient(client, { public_fields: ['email'] });
    expect(stray.statusCode).toBe(400);
    expect(errorOf(stray).code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /api/clients/:clientId/profile (a coach after a session)', () => {
  it('only a coach with at least one session together sees the client, without email or birth date', async () => {
    const client = await withRole('client', 'Omar Haddad');
    await putClient(client, {
      short_bio: 'New to coaching',
      date_of_birth: '1990-05-01',
      interests: ['stress'],
    });
    const coach = await withRole('coach', 'Coach With Sessions');
    const otherCoach = await withRole('coach', 'Coach Without');
    const plainClient = await withRole('client', 'Another Client');

    // No session yet: not found, for everyone.
    expect((await coachView(coach, client.user.id)).statusCode).toBe(404);

    await t.db
      .insert(clientCoachStats)
      .values({ coachId: coach.user.id, clientId: client.user.id, totalSessions: 0 });
    expect((await coachView(coach, client.user.id)).statusCode).toBe(404);

    await t.db
      .update(clientCoachStats)
      .set({ totalSessions: 3, totalSpent: 12_500, lastSessionAt: new Date('2026-11-20T10:00:00Z') });
    const seen = await coachView(coach, client.user.id);
    expect(seen.statusCode, seen.body).toBe(200);
    const body = coachViewOfClientSchema.parse(seen.json());
    expect(body).toMatchObject({
      user_id: client.user.id,
      full_name: 'Omar Haddad',
      short_bio: 'New to coaching',
      interests: ['stress'],
      sessions: { total_sessions: 3, total_spent: 12_500, last_session_at: '2026-11-20T10:00:00.000Z' },
    });
    expect(JSON.stringify(seen.json())).not.toContain('1990-05-01');
    expect(seen.json()).not.toHaveProperty('email');

    expect((await coachView(otherCoach, client.user.id)).statusCode).toBe(404);
    // The client role is not enough, even for a row that names the caller as coach.
    await t.db
      .insert(clientCoachStats)
      .values({ coachId: plainClient.user.id, clientId: client.user.id, totalSessions: 2 });
    expect((await coachView(plainClient, client.user.id)).statusCode).toBe(404);
    expect((await coachView(null, client.user.id)).statusCode).toBe(401);
    expect((await coachView(coach, 'not-a-uuid')).statusCode).toBe(400);
  });
});

describe('profile pictures', () => {
  it('accepts only the caller’s own upload of the matching kind (or null)', async () => {
    const alice = await withRole('coach', 'Alice Picture');
    const bob = await withRole('coach', 'Bob Picture');
    const bobsAvatar = await uploadPicture(bob, 'avatar');
    const alicesCover = await uploadPicture(alice, 'cover');

    for (const [field, value] of [
      ['avatar_url', 'https://example.test/a.png'],
      ['avatar_url', bobsAvatar],
      ['avatar_url', alicesCover],
      ['cover_image_url', '/api/uploads/files/../secret.webp'],
    ] as const) {
      const response = await patchProfile(alice, { [field]: value });
      expect(response.statusCode, `${field}=${value}`).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: PROFILE_PICTURE_MESSAGES.notOwnUpload,
        details: [{ path: field, message: PROFILE_PICTURE_MESSAGES.notOwnUpload }],
      });
    }

    const gone = alicesCover.replace(/[a-z0-9-]+\.webp$/, '00000000-0000-4000-8000-000000000000.webp');
    const missing = await patchProfile(alice, { cover_image_url: gone });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toBe(PROFILE_PICTURE_MESSAGES.missing);

    const saved = await patchProfile(alice, { cover_image_url: alicesCover });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ownProfileSchema.parse(saved.json()).cover_image_url).toBe(alicesCover);
    // Sending the value it already has is not a change.
    expect((await patchProfile(alice, { cover_image_url: alicesCover })).statusCode).toBe(200);
  });

  it('deletes the caller’s replaced or removed picture from storage, and keeps the new one', async () => {
    const carol = await withRole('coach', 'Carol Picture');
    const first = await uploadPicture(carol, 'avatar');
    const second = await uploadPicture(carol, 'avatar');
    const key = (url: string) => url.replace('/api/uploads/files/', '');

    expect((await patchProfile(carol, { avatar_url: first })).statusCode).toBe(200);
    expect(await storedFiles(carol.user.id)).toEqual([key(first), key(second)].sort());

    expect((await patchProfile(carol, { avatar_url: second })).statusCode).toBe(200);
    expect(await storedFiles(carol.user.id)).toEqual([key(second)]);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);

    // Removing the picture (empty text counts as null) deletes the file too.
    const removed = await patchProfile(carol, { avatar_url: '' });
    expect(ownProfileSchema.parse(removed.json()).avatar_url).toBeNull();
    expect(await storedFiles(carol.user.id)).toEqual([]);
  });

  it('a failed update deletes nothing', async () => {
    const dan = await withRole('coach', 'Dan Picture');
    const current = await uploadPicture(dan, 'avatar');
    const next = await uploadPicture(dan, 'avatar');
    await patchProfile(dan, { avatar_url: current });
    const refused = await patchProfile(dan, { avatar_url: next, username: 'Not Valid!' });
    expect(refused.statusCode).toBe(400);
    expect(
      ownProfileSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/profiles/me', headers: bearer(dan) })).json(),
      ).avatar_url,
    ).toBe(current);
    expect((await storedFiles(dan.user.id)).length).toBe(2);
  });
});
