import { afterAll, beforeAll } from 'vitest';
import type { App } from '#server/app';
import type { Database } from '#server/db/client';
import { createTestApp } from './app';
import { authed } from './auth';
import { createTestDatabase, type TestDatabase } from './database';

type TestAppParts = Awaited<ReturnType<typeof createTestApp>>;

/** What useTestDatabase() gives: readable in tests and in hooks registered after it. */
export type TestDatabaseHandle = {
  readonly database: TestDatabase;
  /** The Drizzle client of `database`. */
  readonly db: Database;
  /** The pg pool of `database`, for raw SQL. */
  readonly pool: TestDatabase['pool'];
};

/** What useTestApp() gives: the database, and the real app on it with its manual clock and logs. */
export type TestAppHandle = TestDatabaseHandle & {
  readonly app: App;
  readonly clock: TestAppParts['clock'];
  readonly logs: TestAppParts['logs'];
  readonly config: TestAppParts['config'];
  /** authed() on this app: a call with the session's bearer token, or anonymous with `null`. */
  call: (
    ...args: Parameters<typeof authed> extends [App, ...infer Rest] ? Rest : never
  ) => ReturnType<typeof authed>;
};

type Env = Record<string, string>;

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined)
    throw new Error(`${what} is not ready: read it inside a test, or in a hook registered after it`);
  return value;
}

/**
 * A fresh database (cloned from the migrated template unless `migrated: false`) for the enclosing
 * file or describe block: created in beforeAll, dropped in afterAll.
 */
export function useTestDatabase(options: { migrated?: boolean } = {}): TestDatabaseHandle {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(options);
  });
  afterAll(async () => {
    await database?.drop();
    database = undefined;
  });
  return {
    get database() {
      return required(database, 'useTestDatabase().database');
    },
    get db() {
      return required(database, 'useTestDatabase().db').db;
    },
    get pool() {
      return required(database, 'useTestDatabase().pool').pool;
    },
  };
}

/**
 * A fresh database and the real app on it (createTestApp: manual clock, captured logs) for the
 * enclosing file or describe block, closed and dropped after its last test. `env` overrides the
 * configuration; pass a function when a value is only known once the hooks run (a temp folder).
 *
 *   const t = useTestApp({ RATE_LIMIT_MAX: '100000' });
 *   it('...', async () => { const response = await t.call(session, 'GET', '/api/me'); });
 */
export function useTestApp(env: Env | (() => Env | Promise<Env>) = {}): TestAppHandle {
  let database: TestDatabase | undefined;
  let parts: TestAppParts | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    parts = await createTestApp(database.db, typeof env === 'function' ? await env() : env);
  });
  afterAll(async () => {
    // The app first: it may still use the database while it closes.
    await parts?.app.close();
    await database?.drop();
    parts = undefined;
    database = undefined;
  });
  const ready = () => required(parts, 'useTestApp()');
  return {
    get database() {
      return required(database, 'useTestApp().database');
    },
    get db() {
      return required(database, 'useTestApp().db').db;
    },
    get pool() {
      return required(database, 'useTestApp().pool').pool;
    },
    get app() {
      return ready().app;
    },
    get clock() {
      return ready().clock;
    },
    get logs() {
      return ready().logs;
    },
    get config() {
      return ready().config;
    },
    call: (...args) => authed(ready().app, ...args),
  };
}
