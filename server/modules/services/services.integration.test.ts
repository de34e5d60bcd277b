import { describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import {
  bookableServiceSchema,
  SERVICE_LIMITS,
  SERVICE_MESSAGES,
  serviceListSchema,
  serviceSchema,
} from '#contracts/services';
import type { Role } from '#domain/auth/roles';
import { errorOf, signUpWithRole } from '#test/support/auth';
import { useTestApp } from '#test/support/test-app';

const t = useTestApp();

const personWithRole = (role: Role | null) =>
  signUpWithRole(t.app, role, { fullName: `Services ${role ?? 'nobody'}` });

const VALID = { title: 'Life clarity', format: 'video', price: 8500, duration: 60 } as const;

async function create(session: AuthSession, body: object = VALID) {
  const response = await t.call(session, 'POST', '/api/services', body);
  expect(response.statusCode, response.body).toBe(200);
  return serviceSchema.parse(response.json());
}

describe('services: creating', () => {
  it('a coach creates a service in the SPEC §3 shape, with sensible defaults', async () => {
    const coach = await personWithRole('coach');
    const service = await create(coach, {
      ...VALID,
      subtitle: '  A calm hour  ',
      description: '',
      category: 'life',
      spots_left: 3,
    });
    expect(service).toMatchObject({
      coach_id: coach.user.id,
      title: 'Life clarity',
      subtitle: 'A calm hour',
      description: null,
      format: 'video',
      price: 8500,
      duration: 60,
      type: 'full',
      category: 'life',
      is_active: true,
      is_popular: false,
      thumbnail_url: null,
      booking_count: 0,
      spots_left: 3,
      position: 0,
    });
    const second = await create(coach, { ...VALID, title: 'Quick check-in', duration: 15, type: 'micro' });
    expect(second.position).toBe(1);
  });

  it('refuses clients, people without a role and anonymous callers', async () => {
    const client = await personWithRole('client');
    const refused = await t.call(client, 'POST', '/api/services', VALID);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'FORBIDDEN', message: SERVICE_MESSAGES.coachOnly });
    expect((await t.call(await personWithRole(null), 'POST', '/api/services', VALID)).statusCode).toBe(403);
    expect((await t.call(client, 'GET', '/api/services/mine')).statusCode).toBe(403);
    const anonymous = await t.call(null, 'POST', '/api/services', VALID);
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBe('UNAUTHENTICATED');
  });

  it('a person holding both roles may create while the client role is active', async () => {
    const dual = await personWithRole('coach');
    await t.call(dual, 'POST', '/api/rpc/set_last_active_role', { role_name: 'client' });
    await create(dual);
  });

  it('explains every invalid field', async () => {
    const coach = await personWithRole('coach');
    const response = await t.call(coach, 'POST', '/api/services', {
      title: '   ',
      subtitle: 'x'.repeat(161),
      description: 'x'.repeat(4001),
      format: 'carrier pigeon',
      price: 1_000_001,
      duration: 4,
      type: 'huge',
      category: 'astrology',
      spots_left: -1,
      thumbnail_url: 'https://evil.example/pic.png',
    });
    expect(response.statusCode).toBe(400);
    const details = errorOf(response).details ?? [];
    const messageFor = (field: string) => details.find((detail) => detail.path === `body.${field}`)?.message;
    expect(messageFor('title')).toBe(SERVICE_MESSAGES.titleRequired);
    expect(messageFor('subtitle')).toBe(SERVICE_MESSAGES.subtitleTooLong);
    expect(messageFor('description')).toBe(SERVICE_MESSAGES.descriptionTooLong);
    expect(messageFor('format')).toBe(SERVICE_MESSAGES.format);
    expect(messageFor('price')).toBe(SERVICE_MESSAGES.price);
    expect(messageFor('duration')).toBe(SERVICE_MESSAGES.duration);
    expect(messageFor('type')).toBe(SERVICE_MESSAGES.type);
    expect(messageFor('category')).toBe(SERVICE_MESSAGES.category);
    expect(messageFor('spots_left')).toBe(SERVICE_MESSAGES.spotsLeft);
    expect(messageFor('thumbnail_url')).toBe(SERVICE_MESSAGES.thumbnail);

    // Fractional cents, unknown keys (booking_count is the server's) and a long micro session.
    expect((await t.call(coach, 'POST', '/api/services', { ...VALID, price: 10.5 })).statusCode).toBe(400);
    expect((await t.call(coach, 'POST', '/api/services', { ...VALID, booking_count: 99 })).statusCode).toBe(
      400,
    );
    const micro = await t.call(coach, 'POST', '/api/services', { ...VALID, type: 'micro', duration: 45 });
    expect(errorOf(micro).details).toEqual([
      { path: 'body.duration', message: SERVICE_MESSAGES.microTooLong },
    ]);
    // Our own upload URLs are accepted.
    const withPicture = await create(coach, {
      ...VALID,
      thumbnail_url: `/api/uploads/files/${coach.user.id}/cover/abc-123.webp`,
    });
    expect(withPicture.thumbnail_url).toContain('/api/uploads/files/');
  });

  it(`stops at ${SERVICE_LIMITS.perCoach} services per coach`, async () => {
    const coach = await personWithRole('coach');
    await Promise.all(
      Array.from({ length: SERVICE_LIMITS.perCoach }, (_, index) =>
        create(coach, { ...VALID, title: `Service ${index}` }),
      ),
    );
    const over = await t.call(coach, 'POST', '/api/services', VALID);
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).message).toBe(SERVICE_MESSAGES.limitReached);
  });
});

describe('services: editing, pausing, deleting and the public list', () => {
  it('the owner edits, pauses and resumes; the public list shows active services only, in order', async () => {
    const coach = await personWithRole('coach');
    const first = await create(coach, { ...VALID, title: 'First' });
    t.clock.advance(1000);
    const second = await create(coach, { ...VALID, title: 'Second' });
    const edited = await t.call(coach, 'PATCH', `/api/services/${second.id}`, {
      title: 'Second, renamed',
      price: 4500,
      is_popular: true,
      position: 0,
      subtitle: '',
    });
    expect(edited.statusCode).toBe(200);
    expect(serviceSchema.parse(edited.json())).toMatchObject({
      title: 'Second, renamed',
      price: 4500,
      is_popular: true,
      subtitle: null,
    });

    const publicList = async () =>
      serviceListSchema
        .parse((await t.call(null, 'GET', `/api/coaches/${coach.user.id}/services`)).json())
        .services.map((service) => service.title);
    // Same position 0: the older one first.
    expect(await publicList()).toEqual(['First', 'Second, renamed']);

    // One active service, to book it: anybody may read it, with its coach.
    const bookable = await t.call(null, 'GET', `/api/services/${first.id}`);
    expect(bookable.statusCode, bookable.body).toBe(200);
    expect(bookableServiceSchema.parse(bookable.json())).toMatchObject({
      id: first.id,
      title: 'First',
      coach: { name: 'Services coach', time_zone: 'UTC' },
    });

    const paused = await t.call(coach, 'PATCH', `/api/services/${first.id}`, { is_active: false });
    expect(serviceSchema.parse(paused.json()).is_active).toBe(false);
    expect(await publicList()).toEqual(['Second, renamed']);
    expect((await t.call(null, 'GET', `/api/services/${first.id}`)).statusCode).toBe(404);
    const mine = serviceListSchema.parse((await t.call(coach, 'GET', '/api/services/mine')).json());
    expect(mine.services.map((service) => [service.title, service.is_active])).toEqual([
      ['First', false],
      ['Second, renamed', true],
    ]);
    await t.call(coach, 'PATCH', `/api/services/${first.id}`, { is_active: true });
    expect(await publicList()).toHaveLength(2);

    // A micro session cannot become longer than 30 minutes through an edit either.
    const micro = await t.call(coach, 'PATCH', `/api/services/${first.id}`, { type: 'micro' });
    expect(micro.statusCode).toBe(400);
    expect(errorOf(micro).details?.[0]?.message).toBe(SERVICE_MESSAGES.microTooLong);

    const deleted = await t.call(coach, 'DELETE', `/api/services/${first.id}`);
    expect(deleted.json()).toEqual({ deleted: true });
    expect(await publicList()).toEqual(['Second, renamed']);
    expect((await t.call(coach, 'DELETE', `/api/services/${first.id}`)).statusCode).toBe(404);
  });

  it("another coach's service answers 404 to edits and deletes, and stays unchanged", async () => {
    const owner = await personWithRole('coach');
    const other = await personWithRole('coach');
    const client = await personWithRole('client');
    const service = await create(owner);
    for (const intruder of [other, client]) {
      const patch = await t.call(intruder, 'PATCH', `/api/services/${service.id}`, { price: 1 });
      expect(patch.statusCode).toBe(404);
      expect(errorOf(patch).code).toBe('NOT_FOUND');
      expect((await t.call(intruder, 'DELETE', `/api/services/${service.id}`)).statusCode).toBe(404);
    }
    expect((await t.call(null, 'PATCH', `/api/services/${service.id}`, { price: 1 })).statusCode).toBe(401);
    const mine = serviceListSchema.parse((await t.call(owner, 'GET', '/api/services/mine')).json());
    expect(mine.services).toEqual([service]);
    expect(
      serviceListSchema.parse((await t.call(other, 'GET', '/api/services/mine')).json()).services,
    ).toEqual([]);
  });

  it('an unknown coach id gives an empty public list; a malformed id is a validation error', async () => {
    const unknown = await t.call(null, 'GET', '/api/coaches/00000000-0000-4000-8000-000000000000/services');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ services: [] });
    expect((await t.call(null, 'GET', '/api/coaches/not-a-uuid/services')).statusCode).toBe(400);
  });
});
