import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '../../../contracts/auth';
import {
  SERVICE_LIMITS,
  SERVICE_MESSAGES,
  serviceListSchema,
  serviceSchema,
} from '../../../contracts/services';
import type { App } from '../../app';
import { createTestApp } from '../../../test/support/app';
import { bearer, signUp } from '../../../test/support/auth';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';

let database: TestDatabase;
let app: App;
let clock: Awaited<ReturnType<typeof createTestApp>>['clock'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, clock } = await createTestApp(database.db));
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

type Injected = Awaited<ReturnType<App['inject']>>;
const errorOf = (response: Injected) =>
  response.json<{ error: { code: string; message: string; details?: { path: string; message: string }[] } }>()
    .error;

async function personWithRole(role: 'client' | 'coach' | null) {
  const { session } = await signUp(app, { data: { full_name: `Services ${role ?? 'nobody'}` } });
  if (role) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/rpc/set_last_active_role',
      headers: bearer(session),
      payload: { role_name: role },
    });
    expect(response.statusCode).toBe(200);
  }
  return session;
}

const call = (
  session: AuthSession | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: session ? bearer(session) : {}, ...(payload ? { payload } : {}) });

const VALID = { title: 'Life clarity', format: 'video', price: 8500, duration: 60 } as const;

async function create(session: AuthSession, body: object = VALID) {
  const response = await call(session, 'POST', '/api/services', body);
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
    const refused = await call(client, 'POST', '/api/services', VALID);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'FORBIDDEN', message: SERVICE_MESSAGES.coachOnly });
    expect((await call(await personWithRole(null), 'POST', '/api/services', VALID)).statusCode).toBe(403);
    expect((await call(client, 'GET', '/api/services/mine')).statusCode).toBe(403);
    const anonymous = await call(null, 'POST', '/api/services', VALID);
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBe('UNAUTHENTICATED');
  });

  it('a person holding both roles may create while the client role is active', async () => {
    const dual = await personWithRole('coach');
    await call(dual, 'POST', '/api/rpc/set_last_active_role', { role_name: 'client' });
    await create(dual);
  });

  it('explains every invalid field', async () => {
    const coach = await personWithRole('coach');
    const response = await call(coach, 'POST', '/api/services', {
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
    expect((await call(coach, 'POST', '/api/services', { ...VALID, price: 10.5 })).statusCode).toBe(400);
    expect((await call(coach, 'POST', '/api/services', { ...VALID, booking_count: 99 })).statusCode).toBe(
      400,
    );
    const micro = await call(coach, 'POST', '/api/services', { ...VALID, type: 'micro', duration: 45 });
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
    const over = await call(coach, 'POST', '/api/services', VALID);
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).message).toBe(SERVICE_MESSAGES.limitReached);
  });
});

describe('services: editing, pausing, deleting and the public list', () => {
  it('the owner edits, pauses and resumes; the public list shows active services only, in order', async () => {
    const coach = await personWithRole('coach');
    const first = await create(coach, { ...VALID, title: 'First' });
    clock.advance(1000);
    const second = await create(coach, { ...VALID, title: 'Second' });
    const edited = await call(coach, 'PATCH', `/api/services/${second.id}`, {
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
        .parse((await call(null, 'GET', `/api/coaches/${coach.user.id}/services`)).json())
        .services.map((service) => service.title);
    // Same position 0: the older one first.
    expect(await publicList()).toEqual(['First', 'Second, renamed']);

    const paused = await call(coach, 'PATCH', `/api/services/${first.id}`, { is_active: false });
    expect(serviceSchema.parse(paused.json()).is_active).toBe(false);
    expect(await publicList()).toEqual(['Second, renamed']);
    const mine = serviceListSchema.parse((await call(coach, 'GET', '/api/services/mine')).json());
    expect(mine.services.map((service) => [service.title, service.is_active])).toEqual([
      ['First', false],
      ['Second, renamed', true],
    ]);
    await call(coach, 'PATCH', `/api/services/${first.id}`, { is_active: true });
    expect(await publicList()).toHaveLength(2);

    // A micro session cannot become longer than 30 minutes through an edit either.
    const micro = await call(coach, 'PATCH', `/api/services/${first.id}`, { type: 'micro' });
    expect(micro.statusCode).toBe(400);
    expect(errorOf(micro).details?.[0]?.message).toBe(SERVICE_MESSAGES.microTooLong);

    const deleted = await call(coach, 'DELETE', `/api/services/${first.id}`);
    expect(deleted.json()).toEqual({ deleted: true });
    expect(await publicList()).toEqual(['Second, renamed']);
    expect((await call(coach, 'DELETE', `/api/services/${first.id}`)).statusCode).toBe(404);
  });

  it("another coach's service answers 404 to edits and deletes, and stays unchanged", async () => {
    const owner = await personWithRole('coach');
    const other = await personWithRole('coach');
    const client = await personWithRole('client');
    const service = await create(owner);
    for (const intruder of [other, client]) {
      const patch = await call(intruder, 'PATCH', `/api/services/${service.id}`, { price: 1 });
      expect(patch.statusCode).toBe(404);
      expect(errorOf(patch).code).toBe('NOT_FOUND');
      expect((await call(intruder, 'DELETE', `/api/services/${service.id}`)).statusCode).toBe(404);
    }
    expect((await call(null, 'PATCH', `/api/services/${service.id}`, { price: 1 })).statusCode).toBe(401);
    const mine = serviceListSchema.parse((await call(owner, 'GET', '/api/services/mine')).json());
    expect(mine.services).toEqual([service]);
    expect(serviceListSchema.parse((await call(other, 'GET', '/api/services/mine')).json()).services).toEqual(
      [],
    );
  });

  it('an unknown coach id gives an empty public list; a malformed id is a validation error', async () => {
    const unknown = await call(null, 'GET', '/api/coaches/00000000-0000-4000-8000-000000000000/services');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ services: [] });
    expect((await call(null, 'GET', '/api/coaches/not-a-uuid/services')).statusCode).toBe(400);
  });
});
