import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import { favoritesResponseSchema, followStateSchema } from '#contracts/favorites';
import type { Role } from '#domain/auth/roles';
import { errorCode, signUpWithRole } from '#test/support/auth';
import { useTestApp } from '#test/support/test-app';

const t = useTestApp();

const withRole = (...roles: Role[]) => signUpWithRole(t.app, roles);

/** A coach straight in the database; listed unless told otherwise. */
async function coach(options: { follow?: boolean; notify?: boolean; listed?: boolean; name?: string } = {}) {
  const id = randomUUID();
  const query = (text: string, values: unknown[]) => t.database.pool.query(text, values);
  await query(`insert into users (id, email) values ($1, $2)`, [id, `${id}@example.test`]);
  await query(
    `insert into profiles (user_id, full_name, username, enable_follow_button, enable_notify_button)
     values ($1, $2, $3, $4, $5)`,
    [
      id,
      options.name ?? 'Coach Person',
      `c-${id.slice(0, 8)}`,
      options.follow ?? true,
      options.notify ?? true,
    ],
  );
  await query(`insert into user_roles (user_id, role) values ($1, 'coach')`, [id]);
  await query(`insert into coach_applications (user_id, status, experience, bio) values ($1, $2, 'x', 'x')`, [
    id,
    options.listed === false ? 'pending' : 'approved',
  ]);
  return id;
}

const follow = (session: AuthSession, coachId: string, body: Record<string, unknown> = {}) =>
  t.call(session, 'PUT', `/api/favorites/${coachId}`, body);
const list = async (session: AuthSession) => {
  const response = await t.call(session, 'GET', '/api/favorites');
  expect(response.statusCode, response.body).toBe(200);
  return favoritesResponseSchema.parse(response.json()).coaches;
};

describe('favourites', () => {
  it('follows, turns notify on and off, lists newest first, and unfollows', async () => {
    const client = await withRole('client');
    const first = await coach({ name: 'First Coach' });
    const second = await coach({ name: 'Second Coach' });

    const followed = await follow(client, first);
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followStateSchema.parse(followed.json())).toEqual({
      coach_id: first,
      following: true,
      notify: false,
      follow_enabled: true,
      notify_enabled: true,
      is_client: true,
    });
    t.clock.advance(1000);
    expect((await follow(client, second, { notify: true })).json()).toMatchObject({
      following: true,
      notify: true,
    });

    let coaches = await list(client);
    expect(coaches.map((card) => [card.full_name, card.notify])).toEqual([
      ['Second Coach', true],
      ['First Coach', false],
    ]);

    // Following again without notify keeps notify; with notify false turns it off.
    expect((await follow(client, second)).json()).toMatchObject({ notify: true });
    expect((await follow(client, second, { notify: false })).json()).toMatchObject({ notify: false });

    const state = await t.call(client, 'GET', `/api/favorites/${second}`);
    expect(state.json()).toMatchObject({ following: true, notify: false, is_client: true });

    const removed = await t.call(client, 'DELETE', `/api/favorites/${first}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ following: false, notify: false });
    // Unfollowing someone you do not follow is fine (idempotent).
    expect((await t.call(client, 'DELETE', `/api/favorites/${first}`)).statusCode).toBe(200);
    coaches = await list(client);
    expect(coaches.map((card) => card.coach_id)).toEqual([second]);
  });

  it('refuses following where the coach turned it off, and notify where the coach turned that off', async () => {
    const client = await withRole('client');
    const noFollow = await coach({ follow: false });
    const noNotify = await coach({ notify: false });

    const refused = await follow(client, noFollow);
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('FOLLOW_DISABLED');

    const notify = await follow(client, noNotify, { notify: true });
    expect(notify.statusCode).toBe(403);
    expect(errorCode(notify)).toBe('NOTIFY_DISABLED');
    // Following without notify is still fine.
    expect((await follow(client, noNotify)).json()).toMatchObject({
      following: true,
      notify: false,
      notify_enabled: false,
    });
    expect(await list(client)).toHaveLength(1);
  });

  it('a coach turning notify off later shows notify off, without losing the follow', async () => {
    const client = await withRole('client');
    const id = await coach();
    await follow(client, id, { notify: true });
    await t.database.pool.query(`update profiles set enable_notify_button = false where user_id = $1`, [id]);
    const [card] = await list(client);
    expect(card).toMatchObject({ coach_id: id, notify: false, notify_enabled: false });
  });

  it('only listed coaches can be followed; a followed coach who is no longer listed leaves the list', async () => {
    const client = await withRole('client');
    const pending = await coach({ listed: false });
    const unknown = await follow(client, pending);
    expect(unknown.statusCode).toBe(404);
    expect(errorCode(unknown)).toBe('NOT_FOUND');
    expect((await follow(client, randomUUID())).statusCode).toBe(404);
    expect((await t.call(client, 'GET', `/api/favorites/${pending}`)).statusCode).toBe(404);

    const id = await coach();
    await follow(client, id);
    await t.database.pool.query(`delete from user_roles where user_id = $1 and role = 'coach'`, [id]);
    expect(await list(client)).toEqual([]);
    // ...and can still be unfollowed.
    expect((await t.call(client, 'DELETE', `/api/favorites/${id}`)).statusCode).toBe(200);
  });

  it('needs the client role: a coach-only account is refused with CLIENT_ROLE_REQUIRED; a dual-role one may follow', async () => {
    const coachOnly = await withRole('coach');
    const target = await coach();
    for (const response of [
      await follow(coachOnly, target),
      await t.call(coachOnly, 'GET', '/api/favorites'),
      await t.call(coachOnly, 'DELETE', `/api/favorites/${target}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(errorCode(response)).toBe('CLIENT_ROLE_REQUIRED');
    }
    // The coach page may still ask where the person stands.
    expect((await t.call(coachOnly, 'GET', `/api/favorites/${target}`)).json()).toMatchObject({
      following: false,
      is_client: false,
    });

    const dual = await withRole('coach', 'client');
    expect((await follow(dual, target)).statusCode).toBe(200);
  });

  it('a coach who is also a client cannot follow themselves', async () => {
    const dual = await withRole('coach', 'client');
    await t.database.pool.query(
      `insert into coach_applications (user_id, status, experience, bio) values ($1, 'approved', 'x', 'x')`,
      [dual.user.id],
    );
    const response = await follow(dual, dual.user.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { message: 'You cannot follow yourself.' } });
  });

  it('needs sign-in and a well-formed body', async () => {
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/favorites/${randomUUID()}`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const client = await withRole('client');
    const id = await coach();
    expect((await follow(client, id, { notify: 'yes' })).statusCode).toBe(400);
    expect((await follow(client, id, { notify: true, extra: 1 })).statusCode).toBe(400);
    expect((await t.call(client, 'PUT', '/api/favorites/not-a-uuid', {})).statusCode).toBe(400);
  });
});
