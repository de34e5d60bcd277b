import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/support/app';
import { bearer, errorOf, refresh, signIn, signUp } from '../../../test/support/auth';
import { createTestDatabase } from '../../../test/support/database';
import { useTestDatabase } from '../../../test/support/test-app';

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
    const { outboxMessages } = await import('../../db/schema/index');
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
