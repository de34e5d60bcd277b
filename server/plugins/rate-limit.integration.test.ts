import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import { createTestApp } from '#test/support/app';
import { authed, errorCode, refresh, signIn, signUp } from '#test/support/auth';
import { useTestDatabase } from '#test/support/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

/**
 * the buckets of the per-IP limits. Small budgets make each bucket's edge
 * reachable: API 8, sign-in attempts 3, token refreshes 12 (per window, per IP).
 */
const LIMITS = { RATE_LIMIT_MAX: '8', AUTH_RATE_LIMIT_MAX: '3', AUTH_REFRESH_RATE_LIMIT_MAX: '12' };

function expectLimited(response: Injected) {
  expect(response.statusCode, response.body).toBe(429);
  expect(errorCode(response)).toBe('RATE_LIMITED');
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60).toBe(true);
}

describe('rate-limit buckets', () => {
  const database = useTestDatabase();
  let webDist = '';
  beforeAll(() => {
    // A built web app of two files: page loads and static files must never count.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'wellspring-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Wellspring</title>');
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'export {};');
  });
  afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

  async function withApp<T>(run: (t: TestApp) => Promise<T>): Promise<T> {
    const t = await createTestApp(database.db, { ...LIMITS, WEB_DIST_DIR: webDist });
    try {
      return await run(t);
    } finally {
      await t.app.close();
    }
  }

  /** Refreshes `times` times with rotation; the statuses. */
  async function refreshes(t: TestApp, session: AuthSession, times: number) {
    let token = session.refresh_token ?? '';
    const statuses: number[] = [];
    for (let index = 0; index < times; index += 1) {
      const response = await refresh(t.app, token);
      statuses.push(response.statusCode);
      if (response.statusCode === 200) token = response.json<AuthSession>().refresh_token ?? '';
      else if (index === times - 1) expectLimited(response);
    }
    return statuses;
  }

  it('page loads and static files never count, however many', () =>
    withApp(async (t) => {
      for (let index = 0; index < 40; index += 1) {
        const page = await t.app.inject({ method: 'GET', url: index % 2 ? '/discover' : '/session/abc' });
        expect(page.statusCode).toBe(200);
        const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
        expect(asset.statusCode).toBe(200);
      }
      // The API budget is whole: 8 answers, then 429 with Retry-After.
      for (let index = 0; index < 8; index += 1) {
        const health = await t.app.inject({ method: 'GET', url: '/api/session-requests/pending' });
        expect(health.statusCode).not.toBe(429);
      }
      expectLimited(await t.app.inject({ method: 'GET', url: '/api/session-requests/pending' }));
    }));

  it('token refreshes have their own bucket: sign-in attempts and API calls do not use it up, nor it them', () =>
    withApp(async (t) => {
      const { session, email } = await signUp(t.app);
      // The sign-in bucket runs out (3 attempts) ...
      for (let index = 0; index < 3; index += 1) expect((await signIn(t.app, email)).statusCode).toBe(200);
      expectLimited(await signIn(t.app, email));
      // ... and the API budget too ...
      for (let index = 0; index < 8; index += 1)
        expect((await authed(t.app, session, 'GET', '/api/me')).statusCode).not.toBe(429);
      expectLimited(await authed(t.app, session, 'GET', '/api/me'));
      // ... yet refreshing still works, 12 times (five tabs reloading twice, and some), then 429.
      const statuses = await refreshes(t, session, 13);
      expect(statuses.slice(0, 12)).toEqual(Array.from({ length: 12 }, () => 200));
      expect(statuses[12]).toBe(429);
      // The refreshes did not touch the sign-in bucket's count: still refused there, not more.
      expectLimited(await signIn(t.app, email));
    }));

  it('with the default budgets, five tabs reloading eight times in a minute never meet a 429', async () => {
    const t = await createTestApp(database.db, { WEB_DIST_DIR: webDist });
    try {
      const { session } = await signUp(t.app);
      // Each load: the page, its script, one refresh (tabs share the cookie; each restores on load)
      // and ten API reads. 40 refreshes: more than the 30 sign-in attempts they once shared a bucket with.
      let token = session.refresh_token ?? '';
      let access = session;
      for (let load = 0; load < 40; load += 1) {
        expect((await t.app.inject({ method: 'GET', url: '/client-portal' })).statusCode).toBe(200);
        expect((await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })).statusCode).toBe(200);
        const refreshed = await refresh(t.app, token);
        expect(refreshed.statusCode, refreshed.body).toBe(200);
        access = refreshed.json<AuthSession>();
        token = access.refresh_token ?? '';
        for (let read = 0; read < 10; read += 1)
          expect((await authed(t.app, access, 'GET', '/api/me')).statusCode).toBe(200);
      }
    } finally {
      await t.app.close();
    }
  });
});
