import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { systemClock } from '../../domain/clock';
import { demoPaymentEvent, demoProviderPaymentId } from '../../server/adapters/payments/demo-provider';
import { buildApp, type App } from '../../server/app';
import { loadConfig } from '../../server/config/env';
import { connectDatabase, type DatabaseHandle } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';
import { createAuthRepository } from '../../server/modules/auth/auth.repository';
import { createSessionService } from '../../server/modules/auth/session.service';
import { createTokenService } from '../../server/modules/auth/tokens';
import { createSecurityEventsRepository } from '../../server/modules/security-events/security-events.repository';
import { createSecurityEventsService } from '../../server/modules/security-events/security-events.service';
import { repoRoot } from './lib/children';
import { openBenchDatabase, type BenchDatabase } from './lib/bench-database';
import { handleServerLifecycle } from './lib/server-lifecycle';

/**
 * Bench child for the `ring` scenario (issue #6 point 9): the REAL app (buildApp, every plugin, the
 * Socket.IO gateway, the PostgreSQL LISTEN/NOTIFY bus, pino at info to a file) on a throwaway PostgreSQL
 * (embedded, or a fresh database on the TEST_DATABASE_URL server), listening on loopback. Before it
 * reports ready it seeds, with set-based SQL:
 *
 * - `--coaches` approved coaches who are online (users + profiles with is_online + the coach role + an
 *   approved coach application: what POST /api/session-requests checks);
 * - `--clients` clients whose wallets are funded through the real top-up path (wallet.createTopUp and
 *   applyPaymentEvent with the demo provider);
 * - one sign-in session per person, opened by the real session service (sessions.start: the
 *   auth_sessions and refresh_tokens rows, an ES256 access token signed with the keys in the database,
 *   exactly as a password sign-in ends) — only the password check is skipped. The gateway and the HTTP
 *   guard verify these tokens and their open sessions as for anyone else.
 *
 * It reports `{ type: 'ready', port, info: { coaches: [{id, token}], clients: [...], dbPid, ... } }`.
 * Lifecycle as app-server.ts (IPC `owns`, shutdown on SIGTERM / parent gone).
 */

if (!process.send) {
  process.stderr.write(
    'request-to-ring-server.ts is started by scripts/bench/run.ts (it needs an IPC channel).\n',
  );
  process.exit(2);
}
const send = (message: Record<string, unknown>) => process.send?.(message);

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: { coaches: { type: 'string', default: '1000' }, clients: { type: 'string', default: '50' } },
});
const COACHES = Number(args.coaches);
const CLIENTS = Number(args.clients);
/** Enough for many held requests of the bench's price (each is released again by the cancel). */
const WALLET_FUNDS = 1_000_000;

const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wellspring-bench-ring-'));
// As root, PostgreSQL runs as the `postgres` user, which must be able to traverse this dir.
fs.chmodSync(tmpDir, 0o755);
send({ type: 'owns', dir: tmpDir });
const dataDir = path.join(tmpDir, 'db');
const logFile = path.join(tmpDir, 'app.log');

let benchDatabase: BenchDatabase | undefined;
let database: DatabaseHandle | undefined;
let app: App | undefined;
let stopping = false;

function readVersion(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pooled<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

async function seedPeople(pool: pg.Pool, role: 'coach' | 'client', count: number): Promise<string[]> {
  const tag = randomBytes(3).toString('hex');
  const { rows } = await pool.query<{ id: string }>(
    `insert into users (email, email_confirmed_at)
     select 'ring-' || $1 || '-' || g || '-' || $2 || '@bench.test', now() from generate_series(1, $3) g
     returning id`,
    [role, tag, count],
  );
  const ids = rows.map((row) => row.id);
  const online = role === 'coach';
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
  if (role === 'coach')
    await pool.query(
      `insert into coach_applications (user_id, status, experience, bio)
       select id, 'approved', 'Bench coach', 'Bench coach' from unnest($1::uuid[]) as t(id)`,
      [ids],
    );
  return ids;
}

async function start() {
  benchDatabase = await openBenchDatabase('ring', dataDir);
  const { url, dbPid } = benchDatabase;
  if (stopping) return;
  const setUpStarted = performance.now();
  await runMigrations(url);
  if (stopping) return;
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
  const db = database.db;
  app = await buildApp({ config, db, clock: systemClock, version: readVersion() });
  if (stopping) return;

  const coachIds = await seedPeople(database.pool, 'coach', COACHES);
  const clientIds = await seedPeople(database.pool, 'client', CLIENTS);
  const wallet = app.wallet;
  await pooled(clientIds, 10, async (userId) => {
    const payment = await db.transaction((tx) =>
      wallet.createTopUp(tx, { userId, amount: WALLET_FUNDS, email: null }),
    );
    const result = await wallet.applyPaymentEvent(
      demoPaymentEvent({
        providerPaymentId: demoProviderPaymentId(payment.payment_id),
        amount: WALLET_FUNDS,
        currency: payment.currency,
        outcome: { ok: true },
      }),
    );
    if (result.outcome !== 'applied') throw new Error(`top-up not applied: ${result.outcome}`);
  });

  // Sign-in sessions through the real session service (what a password sign-in does after the check).
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
        context: { ip: '127.0.0.1', userAgent: 'wellspring-bench-ring', requestId: randomUUID() },
      });
      return { id: userId, token: session.access_token };
    });
  // The first sign-in creates the signing key; then the rest in parallel.
  const people = [...coachIds, ...clientIds];
  const first = await signIn(people[0]!);
  const rest = await pooled(people.slice(1), 8, signIn);
  const signedIn = [first, ...rest];
  if (stopping) return;

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('the app is not listening on a TCP port');
  send({
    type: 'ready',
    port: address.port,
    info: {
      dbPid,
      database: benchDatabase.label,
      logFile,
      poolSize: config.databasePoolSize,
      setUpMs: Math.round(performance.now() - setUpStarted),
      coaches: signedIn.slice(0, coachIds.length),
      clients: signedIn.slice(coachIds.length),
    },
  });
}

const started = start();

handleServerLifecycle({
  started,
  tmpDir,
  send,
  onStopping: () => {
    stopping = true;
  },
  close: async (report) => {
    await app?.close().catch(report('app'));
    await database?.close().catch(report('pool'));
    await benchDatabase?.close(report);
  },
});
