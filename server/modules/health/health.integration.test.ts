import { describe, expect, it } from 'vitest';
import { healthResponseSchema } from '#contracts/health';
import { connectDatabase } from '#server/db/client';
import { findFreePort } from '#server/db/embedded-postgres';
import { runMigrations } from '#server/db/migrate';
import { createTestApp } from '#test/support/app';
import { createTestDatabase } from '#test/support/database';
import { useTestDatabase } from '#test/support/test-app';

describe('GET /api/health', () => {
  const database = useTestDatabase();

  it('reports ok when the database is reachable and migrations are current', async () => {
    const { app } = await createTestApp(database.db);
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = healthResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      status: 'ok',
      checks: { database: 'ok', migrations: 'current' },
      version: 'test',
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-request-id']).toBeTruthy();
    await app.close();
  });

  it('answers 503 with migrations pending on a database that was never migrated, and ok after migrating', async () => {
    const empty = await createTestDatabase({ migrated: false });
    const { app, clock } = await createTestApp(empty.db);
    const before = await app.inject({ method: 'GET', url: '/api/health' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toMatchObject({
      status: 'degraded',
      checks: { database: 'ok', migrations: 'pending' },
    });

    await runMigrations(empty.url);
    clock.advance(1000); // the check result is reused for one second
    const after = await app.inject({ method: 'GET', url: '/api/health' });
    expect(after.statusCode).toBe(200);
    await app.close();
    await empty.drop();
  });

  it('answers 503 with the database unreachable when nothing listens at the database address', async () => {
    const port = await findFreePort();
    const unreachable = connectDatabase(`postgres://postgres@127.0.0.1:${port}/none`, { poolSize: 1 });
    const { app, logs } = await createTestApp(unreachable.db);
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'degraded',
      checks: { database: 'unreachable', migrations: 'unknown' },
    });
    expect(logs.text()).not.toContain('password');
    await app.close();
    await unreachable.close();
  });
});
