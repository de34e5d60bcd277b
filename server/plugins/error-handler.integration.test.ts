import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '#contracts/errors';
import { AppError, type ErrorCode } from '#domain/errors/app-error';
import { appMeta } from '../db/schema/index';
import { createTestApp } from '#test/support/app';
import { createTestDatabase, type TestDatabase } from '#test/support/database';

/** What must never appear in a response body: SQL, stack frames, SQLSTATE codes, driver internals. */
const LEAK_PATTERNS = [
  /select|insert|update|delete/i,
  /at .*\.(ts|js):\d+/,
  /\b23505\b|\b42P01\b/,
  /pg_|duplicate key|constraint/i,
];

async function appWithProbeRoutes(database: TestDatabase, env: Record<string, string> = {}) {
  const test = await createTestApp(database.db, env);
  const { app } = test;
  app.post(
    '/api/probe/validate',
    {
      schema: {
        body: z.object({
          client_purpose: z.string().trim().min(1, 'Session purpose is required'),
          minutes: z.number().int(),
        }),
      },
    },
    async () => ({ ok: true }),
  );
  app.get('/api/probe/conflict', async () => {
    throw new AppError('CONFLICT');
  });
  app.get('/api/probe/unknown-code', async () => {
    throw new AppError('NOT_A_REAL_CODE' as ErrorCode, 'internal detail that must not leak');
  });
  app.get('/api/probe/crash', async () => {
    throw new Error('boom: secret-token-abc123');
  });
  app.get('/api/probe/sql', async () => {
    await database.db.insert(appMeta).values({ key: 'dup', value: { email: 'leak@example.com' } });
    await database.db.insert(appMeta).values({ key: 'dup', value: { email: 'leak@example.com' } });
    return { ok: true };
  });
  app.get('/api/probe/bad-sql', async () => {
    await database.db.execute(sql`select * from no_such_table where email = ${'leak@example.com'}`);
    return { ok: true };
  });
  return test;
}

describe('error handler', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('answers validation errors with code, message, request id and one detail per field', async () => {
    const { app } = await appWithProbeRoutes(database);
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe/validate',
      headers: { 'x-request-id': 'req-123' },
      payload: { client_purpose: '   ', minutes: 'ten' },
    });
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.requestId).toBe('req-123');
    expect(response.headers['x-request-id']).toBe('req-123');
    expect(body.error.details).toEqual(
      expect.arrayContaining([
        { path: 'body.client_purpose', message: 'Session purpose is required' },
        expect.objectContaining({ path: 'body.minutes' }),
      ]),
    );
    await app.close();
  });

  it('maps each AppError code to its status with the safe message', async () => {
    const { app } = await appWithProbeRoutes(database);
    const response = await app.inject({ method: 'GET', url: '/api/probe/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'CONFLICT', message: expect.any(String) } });
    await app.close();
  });

  it('treats an unknown code as an internal error and leaks nothing of it', async () => {
    const { app } = await appWithProbeRoutes(database);
    const response = await app.inject({ method: 'GET', url: '/api/probe/unknown-code' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({
      error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred. Please try again.' },
    });
    expect(response.body).not.toContain('NOT_A_REAL_CODE');
    expect(response.body).not.toContain('internal detail');
    await app.close();
  });

  it('turns an unexpected exception into a generic 500 and logs it with the request id', async () => {
    const { app, logs } = await appWithProbeRoutes(database);
    const response = await app.inject({
      method: 'GET',
      url: '/api/probe/crash',
      headers: { 'x-request-id': 'crash-1' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret-token');
    for (const pattern of LEAK_PATTERNS) expect(response.body).not.toMatch(pattern);
    const logged = logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.some((entry) => entry.requestId === 'crash-1' && entry.level === 50)).toBe(true);
    await app.close();
  });

  it('never puts SQL, parameters or SQLSTATE in the body, nor SQL parameters in the logs', async () => {
    const { app, logs } = await appWithProbeRoutes(database);
    for (const url of ['/api/probe/sql', '/api/probe/bad-sql']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ error: { code: 'INTERNAL_ERROR' } });
      for (const pattern of LEAK_PATTERNS) expect(response.body).not.toMatch(pattern);
      expect(response.body).not.toContain('leak@example.com');
    }
    expect(logs.text()).toContain('"sqlState":"23505"');
    expect(logs.text()).toContain('"sqlState":"42P01"');
    expect(logs.text()).not.toContain('leak@example.com');
    expect(logs.text()).not.toMatch(/insert into/i);
    await app.close();
  });

  it('answers malformed JSON, oversized bodies and wrong content types with their codes', async () => {
    const { app } = await appWithProbeRoutes(database, { BODY_LIMIT_BYTES: '2048' });
    const badJson = await app.inject({
      method: 'POST',
      url: '/api/probe/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"client_purpose": "x",',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });

    const tooLarge = await app.inject({
      method: 'POST',
      url: '/api/probe/validate',
      payload: { client_purpose: 'x'.repeat(4096), minutes: 1 },
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });

    const wrongType = await app.inject({
      method: 'POST',
      url: '/api/probe/validate',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });

    const poisoned = await app.inject({
      method: 'POST',
      url: '/api/probe/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"client_purpose":"x","minutes":1,"__proto__":{"polluted":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await app.close();
  });

  it('answers unknown API paths with a JSON 404 and serves the web app for other pages', async () => {
    const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wellspring-dist-'));
    fs.writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><title>Wellspring</title><div id="root"></div>',
    );
    const { app } = await appWithProbeRoutes(database, { WEB_DIST_DIR: distDir });

    const api = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    expect(errorBodySchema.parse(api.json()).error.code).toBe('NOT_FOUND');

    const page = await app.inject({ method: 'GET', url: '/coach/lena-ortiz?tab=services' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['strict-transport-security']).toContain('max-age=31536000');

    const post = await app.inject({ method: 'POST', url: '/coach/lena-ortiz' });
    expect(post.statusCode).toBe(404);
    expect(post.headers['content-type']).toContain('application/json');
    await app.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('rate-limits the API per client address with 429 and Retry-After, ignoring a spoofed X-Forwarded-For', async () => {
    const { app } = await appWithProbeRoutes(database, { RATE_LIMIT_MAX: '3' });
    const statuses: number[] = [];
    let last;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      last = await app.inject({
        method: 'GET',
        url: '/api/probe/conflict',
        headers: { 'x-forwarded-for': `203.0.113.${attempt}` },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([409, 409, 409, 429, 429]);
    expect(last?.headers['retry-after']).toBeDefined();
    expect(last?.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    await app.close();
  });
});
