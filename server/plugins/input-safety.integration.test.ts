import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import type { App } from '../app';
import { createTestApp } from '#test/support/app';
import { bearer, errorOf, signUpWithRole } from '#test/support/auth';
import { createTestDatabase, type TestDatabase } from '#test/support/database';
import { INPUT_SAFETY_MESSAGES, MAX_INPUT_DEPTH } from './input-safety';

/**
 * The security probe's bad-input repros (probe 3-b and 3-c): a NUL in any text
 * and JSON thousands of levels deep reached PostgreSQL and answered 500. The edge now answers 400
 * naming the field, before any handler runs, on every route (auth ones too).
 */
describe('input safety at the request edge', () => {
  let database: TestDatabase;
  let app: App;
  let client: AuthSession;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = await createTestApp(database.db, { AUTH_RATE_LIMIT_MAX: '10000', RATE_LIMIT_MAX: '10000' }));
    client = await signUpWithRole(app, 'client', { fullName: 'Edge Tester' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: {
        ...bearer(client),
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      ...(payload === undefined
        ? {}
        : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });

  it.each([
    ['PATCH', '/api/profiles/me', { short_bio: 'a\u0000b' }, 'body.short_bio'],
    ['PATCH', '/api/profiles/me', { full_name: 'Ada\u0000' }, 'body.full_name'],
    ['PUT', '/api/client-profiles/me', { interests: ['yoga', 'x\u0000y'] }, 'body.interests.1'],
    [
      'POST',
      '/api/gifts',
      { recipient_email: 'a@example.test', amount: 500, message: 'hi\u0000' },
      'body.message',
    ],
    [
      'POST',
      '/api/rpc/log_security_event_safe',
      { event_type: 'x', event_details: { url: '/a\u0000b' } },
      'body.event_details.url',
    ],
    [
      'POST',
      '/auth/v1/token?grant_type=password',
      { email: 'a\u0000@example.test', password: 'x' },
      'body.email',
    ],
    ['PATCH', '/api/profiles/me', { custom_fonts: { 'k\u0000': 1 } }, 'body.custom_fonts'],
    ['PATCH', '/api/profiles/me', { short_bio: 'lone \uD800 surrogate' }, 'body.short_bio'],
  ] as const)('%s %s with a bad character answers 400 naming the field', async (method, url, body, path) => {
    const response = await send(method, url, body);
    expect(response.statusCode, response.body).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_ERROR');
    // /auth/v1 answers GoTrue's body ({ code, error_code, msg }): the field is named in the message.
    if (!url.startsWith('/auth/v1/')) expect(error.details?.[0]?.path).toBe(path);
    expect(error.message).toContain(path);
    expect(response.body).not.toContain('\u0000');
  });

  it('refuses a NUL in a path parameter and in a query string', async () => {
    const inPath = await app.inject({ method: 'GET', url: '/api/profiles/a%00b' });
    expect(inPath.statusCode).toBe(400);
    expect(errorOf(inPath).details).toEqual([
      { path: 'params.username', message: INPUT_SAFETY_MESSAGES.nul },
    ]);
    const inQuery = await app.inject({ method: 'GET', url: '/api/coaches?q=a%00b' });
    expect(inQuery.statusCode).toBe(400);
    expect(errorOf(inQuery).details?.[0]?.path).toBe('query.q');
  });

  it('refuses JSON nested deeper than the cap with a clear 400, at any depth, and keeps shallower JSON', async () => {
    for (const depth of [MAX_INPUT_DEPTH + 1, 1_000, 10_000, 100_000]) {
      const body = `{"custom_fonts":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
      const response = await send('PATCH', '/api/profiles/me', body);
      expect(response.statusCode, `depth ${depth}`).toBe(400);
      expect(errorOf(response).details?.[0]?.message).toBe(INPUT_SAFETY_MESSAGES.depth);
    }
    const arrays = await send(
      'PATCH',
      '/api/profiles/me',
      `{"custom_fonts":{"a":${'['.repeat(50_000)}${']'.repeat(50_000)}}}`,
    );
    expect(arrays.statusCode).toBe(400);
    const fine = await send('PATCH', '/api/profiles/me', {
      custom_fonts: { primary: 'Inter', nested: { a: { b: 1 } } },
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('keeps ordinary text that PostgreSQL stores: emoji, right-to-left marks, tabs and new lines', async () => {
    const response = await send('PATCH', '/api/profiles/me', { short_bio: 'Hello 👋\u202E\tnew\r\nline' });
    expect(response.statusCode, response.body).toBe(200);
  });
});
