import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/support/app';
import { bearer, refresh, signIn, signUp } from '../../../test/support/auth';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';

describe('auth smoke', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

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
    expect(after.statusCode).toBe(401);
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
      expect(response.json().error.message, url).toBe(
        'You must provide either an email or phone number and a password',
      );
    }
    await app.close();
    await database.drop();
  });
});
