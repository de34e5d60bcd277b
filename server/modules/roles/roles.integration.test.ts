import { describe, expect, it } from 'vitest';
import { meResponseSchema } from '#contracts/auth';
import { createTestApp } from '#test/support/app';
import { bearer, signUp } from '#test/support/auth';
import { recordStatements } from '#test/support/statements';
import { useTestDatabase } from '#test/support/test-app';

describe('roles', () => {
  const database = useTestDatabase();

  it('a new account has no role until one is chosen; the last chosen role is the active one', async () => {
    const { app } = await createTestApp(database.db);
    const { session } = await signUp(app);
    const me = meResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/me', headers: bearer(session) })).json(),
    );
    expect(me).toMatchObject({ roles: [], active_role: null, admin: null, aal: 'aal1', is_guest: false });

    const asCoach = await app.inject({
      method: 'POST',
      url: '/api/rpc/set_last_active_role',
      headers: bearer(session),
      payload: { role_name: 'coach' },
    });
    expect(asCoach.json()).toMatchObject({ roles: ['coach'], active_role: 'coach' });
    const asClient = await app.inject({
      method: 'POST',
      url: '/api/rpc/set_last_active_role',
      headers: bearer(session),
      payload: { role_name: 'client' },
    });
    expect(asClient.json().roles.sort()).toEqual(['client', 'coach']);
    expect(asClient.json().active_role).toBe('client');

    const bad = await app.inject({
      method: 'POST',
      url: '/api/rpc/set_last_active_role',
      headers: bearer(session),
      payload: { role_name: 'admin' },
    });
    expect(bad.statusCode).toBe(400);
    await app.close();
  });

  it('a role-guarded endpoint asks for the role until it is held, then no more (roles are only added)', async () => {
    const { app } = await createTestApp(database.db);
    const { session } = await signUp(app);
    const earnings = () => app.inject({ method: 'GET', url: '/api/earnings', headers: bearer(session) });
    const roleReads = (statements: string[]) => statements.filter((text) => text.includes('from user_roles'));

    // Not a coach: refused, and asked each time (the role may be added any moment).
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refused = await recordStatements(earnings);
      expect(refused.result.statusCode).toBe(403);
      expect(roleReads(refused.statements)).toHaveLength(1);
    }

    await app.inject({
      method: 'POST',
      url: '/api/rpc/set_last_active_role',
      headers: bearer(session),
      payload: { role_name: 'coach' },
    });
    const first = await recordStatements(earnings);
    expect(first.result.statusCode, first.result.body).toBe(200);
    expect(roleReads(first.statements)).toHaveLength(1);
    const again = await recordStatements(earnings);
    expect(again.result.statusCode, again.result.body).toBe(200);
    expect(roleReads(again.statements)).toEqual([]);
    await app.close();
  });

  it('gives a new account its hinted role automatically within 5 minutes, default client, and never after', async () => {
    const { app, clock } = await createTestApp(database.db);
    const coach = await signUp(app, { data: { full_name: 'New Coach', role: 'coach' } });
    const auto = await app.inject({
      method: 'POST',
      url: '/api/rpc/auto_assign_role',
      headers: bearer(coach.session),
      payload: { on_auth_page: true },
    });
    expect(auto.json()).toMatchObject({ roles: ['coach'], active_role: 'coach' });

    const plain = await signUp(app);
    const defaulted = await app.inject({
      method: 'POST',
      url: '/api/rpc/auto_assign_role',
      headers: bearer(plain.session),
      payload: { as: 'admin', on_auth_page: true },
    });
    expect(defaulted.json()).toMatchObject({ roles: ['client'], active_role: 'client' });

    const late = await signUp(app);
    clock.advance(5 * 60_000);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: late.session.refresh_token },
    });
    const tooLate = await app.inject({
      method: 'POST',
      url: '/api/rpc/auto_assign_role',
      headers: bearer(refreshed.json()),
      payload: { as: 'coach' },
    });
    expect(tooLate.json()).toMatchObject({ roles: [], active_role: null });
    await app.close();
  });
});
