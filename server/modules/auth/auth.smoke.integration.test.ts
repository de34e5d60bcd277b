import { describe, expect, it } from 'vitest';
import { createTestApp } from '#test/support/app';
import { bearer, errorOf, refresh, signIn, signUp } from '#test/support/auth';
import { createTestDatabase } from '#test/support/database';
import { useTestDatabase } from '#test/support/test-app';

describe('auth smoke', () => {
  const database = useTestDatabase();

  it('signs up, signs in, refreshes, reads the user and signs out', async () => {
    const { app } = await createTestApp(database.db);
    const { email, session } = await signUp(app);
    expect(session.user.email).toBe(email);
    expect(session.refresh_token).toBeTruthy();
    const signedIn = await signIn(app, email);
    expect(signedIn.statusCode).toBe(200);
    const rotated = await refresh(app, session.refresh_token ?? '');
    expect(rotated.statusCode).toBe(200);
    const user = await app.inject({ method: 'GET', url: '/auth/v1/user', headers: bearer(rotated.json()) });
    expect(user.statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/auth/v1/logout', headers: bearer(rotated.json()) });
    expect(out.statusCode).toBe(204);
    const after = await app.inject({ method: 'GET', url: '/auth/v1/user', headers: bearer(rotated.json()) });
    expect(after.statusCode).toBe(403);
    await app.close();
  });
});

describe('missing credentials', () => {
  it('answer the SPEC §5 message even when no body is sent at all', async () => {
    const database = await createTestDatabase();
    const { app } = await createTestApp(database.db);
    for (const url of ['/auth/v1/signup', '/auth/v1/token?grant_type=password']) {
      const response = await app.inject({ method: 'POST', url });
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response).message, url).toBe(
        'You must provide either an email or phone number and a password',
      );
    }
    await app.close();
    await database.drop();
  });
});

describe('confirming the account address while signed in', () => {
  it('confirms with the code sent by resend, without starting a new session', async () => {
    const database = await createTestDatabase();
    const { app, clock } = await createTestApp(database.db);
    const { email, session } = await signUp(app);
    clock.advance(61_000);
    expect(
      (await app.inject({ method: 'POST', url: '/auth/v1/resend', payload: { type: 'signup', email } }))
        .statusCode,
    ).toBe(200);
    const { outboxMessages } = await import('#server/db/schema/index');
    const messages = await database.db.select().from(outboxMessages);
    const code = /(\d{6})/.exec(messages.at(-1)?.bodyText ?? '')?.[1] ?? '';
    const wrong = await app.inject({
      method: 'POST',
      url: '/auth/v1/verify',
      headers: bearer(session),
      payload: { type: 'signup', email, token: '000000' === code ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(403);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/auth/v1/verify',
      headers: bearer(session),
      payload: { type: 'signup', email, token: code },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user.email_confirmed_at).toBeTruthy();
    expect(confirmed.json().access_token).toBeUndefined();
    const sessions = await app.inject({ method: 'GET', url: '/auth/v1/sessions', headers: bearer(session) });
    expect(sessions.json().sessions).toHaveLength(1);
    await app.close();
    await database.drop();
  });
});

describe('GoTrue edges of /auth/v1', () => {
  it('a malformed email, phone or refresh_token is GoTrue’s 400 validation_failed, never a 500', async () => {
    const database = await createTestDatabase();
    const { app } = await createTestApp(database.db, { AUTH_RATE_LIMIT_MAX: '10000' });
    const cases: [string, unknown][] = [
      ['password', { email: 'notanemail', password: 'x' }],
      ['password', { email: 5, password: 'x' }],
      ['password', { phone: '12', password: 'x' }],
      ['password', { email: null, password: 'x' }],
      ['refresh_token', { refresh_token: 5 }],
      ['refresh_token', { refresh_token: null }],
      ['refresh_token', { refresh_token: 'x'.repeat(201) }],
    ];
    for (const [grant, payload] of cases) {
      const response = await app.inject({
        method: 'POST',
        url: `/auth/v1/token?grant_type=${grant}`,
        payload: payload as object,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({
        code: 400,
        error_code: 'validation_failed',
      });
      expect(response.headers['x-sb-error-code']).toBe('validation_failed');
    }
    // With auth-js's API version header: the 2024-01-01 body, and the header echoed.
    const current = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: { 'x-supabase-api-version': '2024-01-01' },
      payload: { email: 'notanemail', password: 'x' },
    });
    expect(current.statusCode).toBe(400);
    expect(current.headers['x-supabase-api-version']).toBe('2024-01-01');
    expect(current.json()).toEqual({ code: 'validation_failed', message: expect.any(String) });
    await app.close();
    await database.drop();
  });

  it('POST /logout and DELETE /factors/:id accept a JSON content type with no body (as auth-js sends them)', async () => {
    const database = await createTestDatabase();
    const { app } = await createTestApp(database.db);
    const { session } = await signUp(app);
    const factor = await app.inject({
      method: 'POST',
      url: '/auth/v1/factors',
      headers: bearer(session),
      payload: { factor_type: 'totp' },
    });
    const empty = { ...bearer(session), 'content-type': 'application/json;charset=UTF-8' };
    const removed = await app.inject({
      method: 'DELETE',
      url: `/auth/v1/factors/${factor.json<{ id: string }>().id}`,
      headers: empty,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/auth/v1/logout', headers: empty });
    expect(out.statusCode, out.body).toBe(204);
    // A body that is not JSON is still GoTrue's bad_json.
    const bad = await app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: empty,
      payload: '{nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error_code: 'bad_json' });
    await app.close();
    await database.drop();
  });
});
