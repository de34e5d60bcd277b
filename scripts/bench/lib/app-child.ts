import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { systemClock } from '#domain/clock';
import { buildApp, type App } from '#server/app';
import { loadConfig, type Config } from '#server/config/env';
import { connectDatabase, type Database, type DatabaseHandle } from '#server/db/client';
import { runMigrations } from '#server/db/migrate';
import { createAuthRepository } from '#server/modules/auth/auth.repository';
import { createSessionService } from '#server/modules/auth/sessions/session.service';
import { createTokenService } from '#server/modules/auth/sessions/tokens';
import { createSecurityEventsRepository } from '#server/modules/security-events/security-events.repository';
import { createSecurityEventsService } from '#server/modules/security-events/security-events.service';
import { appVersion, listenOnLoopback, openBenchChild } from './bench-child';
import { openBenchDatabase, type BenchDatabase } from './bench-database';
import { pooled } from './concurrency';

/**
 * The body of a bench child that runs the REAL app (buildApp: every plugin, the Socket.IO gateway, the
 * PostgreSQL LISTEN/NOTIFY bus, pino at info to a file) on a throwaway PostgreSQL (bench-database.ts),
 * listening on loopback: request-to-ring-server.ts and chat-server.ts. It migrates, builds the app,
 * lets the scenario's `seed` fill the database (set-based SQL helpers below), then reports
 * `{ type: 'ready', port, info: { ...seed's info, dbPid, database, logFile, poolSize, setUpMs } }`.
 * Lifecycle as app-server.ts (IPC `owns`, shutdown on SIGTERM / parent gone).
 */

/** Someone signed in: the user id and a real access token for `Authorization: Bearer`. */
export type SignedIn = { id: string; token: string };

export type AppChildContext = {
  app: App;
  db: Database;
  pool: pg.Pool;
  config: Config;
  /** Whether the parent asked us to stop meanwhile (then seeding may return early). */
  stopping: () => boolean;
  /**
   * One sign-in session per user through the real session service (sessions.start: the auth_sessions
   * and refresh_tokens rows, an ES256 access token signed with the keys in the database, exactly as a
   * password sign-in ends); only the password check is skipped.
   */
  signInAll: (userIds: readonly string[]) => Promise<SignedIn[]>;
};

export function runAppChild(options: {
  /** Names the temp dir, the throwaway database and the sign-ins' user agent. */
  scenario: string;
  seed: (context: AppChildContext) => Promise<Record<string, unknown>>;
  /**
   * Another instance's database (the `databaseUrl` its ready message reported): this child then runs a
   * second app on it, neither migrating nor seeding, as a second instance behind a load balancer would.
   */
  attachTo?: string | undefined;
}): void {
  const { scenario } = options;
  const { send, dataDir, logFile, stopping, serve } = openBenchChild(
    `The ${scenario} bench server`,
    scenario,
  );

  let benchDatabase: BenchDatabase | undefined;
  let database: DatabaseHandle | undefined;
  let app: App | undefined;

  async function start() {
    const { attachTo } = options;
    if (!attachTo) benchDatabase = await openBenchDatabase(scenario, dataDir);
    const url = attachTo ?? benchDatabase!.url;
    if (stopping()) return;
    const setUpStarted = performance.now();
    if (!attachTo) await runMigrations(url);
    if (stopping()) return;
    // Production defaults except: logs to a file (stdout would be relayed through the parent and measure
    // the pipe); the rate limits lifted (one loopback address sends every request); access tokens that
    // outlive a long run (under the idle timeout, as the config requires).
    const config = loadConfig({
      LOG_LEVEL: 'info',
      LOG_FILE: logFile,
      RATE_LIMIT_MAX: '100000000',
      AUTH_RATE_LIMIT_MAX: '100000000',
      ACCESS_TOKEN_TTL_SECONDS: '1500',
    });
    database = connectDatabase(url, { poolSize: config.databasePoolSize });
    const { db, pool } = database;
    app = await buildApp({ config, db, clock: systemClock, version: appVersion() });
    if (stopping()) return;

    const info = attachTo
      ? {}
      : await options.seed({
          app,
          db,
          pool,
          config,
          stopping,
          signInAll: (userIds) => signInAll(db, config, `wellspring-bench-${scenario}`, userIds),
        });
    if (stopping()) return;

    const port = await listenOnLoopback(app);
    await benchDatabase?.countFromHere();
    send({
      type: 'ready',
      port,
      info: {
        ...info,
        // The database's CPU is counted once, on the instance that started it.
        dbPid: benchDatabase?.dbPid,
        databaseUrl: url,
        database: benchDatabase?.label ?? "attached to another instance's database",
        logFile,
        poolSize: config.databasePoolSize,
        setUpMs: Math.round(performance.now() - setUpStarted),
      },
    });
  }

  serve(start, async (report) => {
    await app?.close().catch(report('app'));
    await database?.close().catch(report('pool'));
    await benchDatabase?.close(report);
  });
}

async function signInAll(
  db: Database,
  config: Config,
  userAgent: string,
  userIds: readonly string[],
): Promise<SignedIn[]> {
  if (userIds.length === 0) return [];
  const authRepository = createAuthRepository();
  const tokens = createTokenService({
    db,
    repository: authRepository,
    clock: systemClock,
    issuer: config.auth.issuer,
    accessTokenTtlSeconds: config.auth.accessTokenTtlSeconds,
  });
  const sessions = createSessionService({
    db,
    repository: authRepository,
    tokens,
    securityEvents: createSecurityEventsService({
      db,
      repository: createSecurityEventsRepository(),
      clock: systemClock,
    }),
    clock: systemClock,
    policy: {
      idleTimeoutMs: config.auth.idleTimeoutMs,
      maxLifetimeMs: config.auth.maxLifetimeMs,
      refreshReuseIntervalMs: config.auth.refreshReuseIntervalMs,
    },
  });
  const signIn = (userId: string) =>
    db.transaction(async (tx) => {
      const user = await authRepository.findUserById(tx, userId);
      if (!user) throw new Error(`no user ${userId}`);
      const session = await sessions.start(tx, user, {
        method: 'password',
        context: { ip: '127.0.0.1', userAgent, requestId: randomUUID() },
      });
      return { id: userId, token: session.access_token };
    });
  // The first sign-in creates the signing key; then the rest in parallel.
  const first = await signIn(userIds[0]!);
  const rest = await pooled(userIds.slice(1), 8, signIn);
  return [first, ...rest];
}

/**
 * `count` users with confirmed emails, profiles and the role (primary, last active), set-based. Coaches
 * can be approved (an approved coach application, what a session request checks) and online.
 */
export async function seedPeople(
  pool: pg.Pool,
  options: {
    scenario: string;
    role: 'coach' | 'client';
    count: number;
    approved?: boolean;
    online?: boolean;
  },
): Promise<string[]> {
  const { scenario, role, count } = options;
  const tag = randomBytes(3).toString('hex');
  const { rows } = await pool.query<{ id: string }>(
    `insert into users (email, email_confirmed_at)
     select $1 || '-' || $2 || '-' || g || '-' || $3 || '@bench.test', now() from generate_series(1, $4) g
     returning id`,
    [scenario, role, tag, count],
  );
  const ids = rows.map((row) => row.id);
  const online = options.online ?? false;
  await pool.query(
    `insert into profiles (user_id, full_name, username, is_online, last_online_confirm_at)
     select id, initcap($2) || ' ' || n, $2 || '-' || $3 || '-' || n, $4, case when $4 then now() end
       from unnest($1::uuid[]) with ordinality as t(id, n)`,
    [ids, role, tag, online],
  );
  await pool.query(
    `insert into user_roles (user_id, role, is_primary, is_last_active)
     select id, $2, true, true from unnest($1::uuid[]) as t(id)`,
    [ids, role],
  );
  if (options.approved)
    await pool.query(
      `insert into coach_applications (user_id, status, experience, bio)
       select id, 'approved', 'Bench coach', 'Bench coach' from unnest($1::uuid[]) as t(id)`,
      [ids],
    );
  return ids;
}
