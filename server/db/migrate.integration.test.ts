import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/support/database';
import { latestMigrationMillis, migrationsFolder, runMigrations } from './migrate';
import * as schema from './schema/index';

const EXPECTED_TABLES = [
  'admin_audit_log',
  'admin_users',
  'app_meta',
  'auth_sessions',
  'bookings',
  'chat_messages',
  'chat_reads',
  'chat_sessions',
  'client_coach_stats',
  'client_profiles',
  'coach_applications',
  'coach_availability',
  'coach_availability_overrides',
  'coach_categories',
  'coach_directory',
  'coach_follows',
  'coach_stats',
  'coach_websites',
  'code_requests',
  'coupon_redemptions',
  'coupons',
  'gifts',
  'idempotency_keys',
  'identities',
  'inquiry_conversations',
  'inquiry_messages',
  'ledger_accounts',
  'ledger_entries',
  'ledger_transactions',
  'message_reports',
  'mfa_challenges',
  'mfa_factors',
  'money_holds',
  'notifications',
  'oauth_flows',
  'one_time_tokens',
  'outbox_messages',
  'payment_provider_events',
  'payments',
  'payout_methods',
  'platform_settings',
  'profiles',
  'program_enrollments',
  'program_lesson_progress',
  'program_lessons',
  'programs',
  'realtime_connections',
  'realtime_events',
  'realtime_topics',
  'refresh_tokens',
  'security_events',
  'services',
  'session_extensions',
  'session_followups',
  'session_guests',
  'session_invitations',
  'session_presence',
  'session_refunds',
  'session_requests',
  'session_reviews',
  'sign_in_failures',
  'signing_keys',
  'user_blocks',
  'user_roles',
  'users',
  'withdrawals',
];

async function publicTables(database: TestDatabase) {
  const result = await database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return result.rows.map((row) => row.table_name);
}

describe('migrations', () => {
  const databases: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(databases.splice(0).map((database) => database.drop()));
  });

  it('create every table on an empty database and record the newest migration', async () => {
    const database = await createTestDatabase({ migrated: false });
    databases.push(database);
    expect(await publicTables(database)).toEqual([]);

    await runMigrations(database.url);

    expect(await publicTables(database)).toEqual(EXPECTED_TABLES);
    const applied = await database.db.execute<{ created_at: string }>(
      sql`select created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    expect(Number(applied.rows[0]?.created_at)).toBe(latestMigrationMillis());
  });

  it('are a no-op the second time and safe when several instances start at once', async () => {
    const database = await createTestDatabase({ migrated: false });
    databases.push(database);
    await Promise.all([
      runMigrations(database.url),
      runMigrations(database.url),
      runMigrations(database.url),
    ]);
    await runMigrations(database.url);
    const count = await database.db.execute<{ count: string }>(
      sql`select count(*)::text as count from drizzle.__drizzle_migrations`,
    );
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    expect(Number(count.rows[0]?.count)).toBe(journal.entries.length);
  });

  it('match the Drizzle schema (a schema change without `npm run db:generate` fails here)', async () => {
    const snapshots = fs
      .readdirSync(path.join(migrationsFolder, 'meta'))
      .filter((file) => file.endsWith('_snapshot.json'))
      .sort();
    const latest = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta', snapshots.at(-1) ?? ''), 'utf8'),
    ) as Parameters<typeof generateMigration>[0];
    const current = generateDrizzleJson(schema as Record<string, unknown>, latest.id);
    expect(await generateMigration(latest, current)).toEqual([]);
  });
});
