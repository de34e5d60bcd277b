import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CATEGORY_SLUGS } from '#domain/coaching/categories';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '#server/db/embedded-postgres';
import { runMigrations } from '#server/db/migrate';
import {
  BIO_CLOSINGS,
  BIO_MIDDLES,
  BIO_OPENINGS,
  FIRST_NAMES,
  LAST_NAMES,
  SERVICE_TITLES,
  TAGLINES,
  TITLES,
} from './seed-large-words';

/**
 * `npm run seed:large [-- --count N]`: N (default 100,000) approved, listed coaches for benchmarks and
 * for trying discovery at scale. Into DATABASE_URL when set, else into the embedded database of
 * DATA_DIR (default ./data), migrated first.
 *
 * Everything is generated inside PostgreSQL (INSERT ... SELECT over generate_series, deterministic
 * pseudo-random values from hashtext), with triggers off for the bulk load
 * (session_replication_role = replica, which also skips the foreign-key triggers: the rows are
 * consistent by construction), then ONE refresh_coach_directory() call over every approved coach
 * builds the read model exactly as the triggers would. Idempotent: ids are derived from the row
 * number, every insert is ON CONFLICT DO NOTHING, and the app_meta marker `large_seed` records the
 * count, so running it again is a no-op and a larger --count only adds the missing coaches.
 *
 * Seeded coaches have no password: they cannot sign in. Emails: coach-<n>@large.wellspring.test.
 */

export type SeedLargeResult = { seeded: boolean; count: number; timingsMs: Record<string, number> };

const FORMATS = ['text', 'audio', 'video'];

/** `hashtext` of the row number and a salt: deterministic, well spread, non-negative. */
const rnd = (salt: string) => `(hashtext(s.n::text || '${salt}') & 2147483647)`;
const pick = (list: readonly string[], salt: string) =>
  `(${pgArray(list)})[1 + ${rnd(salt)} % ${list.length}]`;
const pgArray = (list: readonly string[]) =>
  `ARRAY[${list.map((item) => `'${item.replaceAll("'", "''")}'`).join(', ')}]::text[]`;

/**
 * A deterministic RFC 4122 version-4-shaped UUID from a text (md5 with the version and variant
 * nibbles set), so ids pass strict UUID validation (zod's z.uuid()) like gen_random_uuid() ones.
 */
const uuidOf = (text: string) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

/** The generator statements, each over the temp table large_seed(n, id). */
function statements(): [label: string, sql: string][] {
  const now = 'now()';
  return [
    [
      'users',
      `INSERT INTO users (id, email, email_confirmed_at, user_metadata, app_metadata, created_at, updated_at)
       SELECT s.id, 'coach-' || s.n || '@large.wellspring.test', ${now},
              jsonb_build_object('full_name', f.first || ' ' || f.last), '{"provider":"email","providers":["email"]}',
              ${now} - (s.n || ' minutes')::interval, ${now}
       FROM large_seed s CROSS JOIN LATERAL (SELECT ${pick(FIRST_NAMES, 'f')} AS first, ${pick(LAST_NAMES, 'l')} AS last) f
       ON CONFLICT (id) DO NOTHING`,
    ],
    [
      'user_roles',
      `INSERT INTO user_roles (user_id, role, is_primary, is_last_active)
       SELECT s.id, 'coach', true, true FROM large_seed s ON CONFLICT DO NOTHING`,
    ],
    [
      'profiles',
      `INSERT INTO profiles (user_id, full_name, username, email, professional_title, short_bio, about_me,
         coach_tagline, is_online, last_online_confirm_at, show_online_status, show_coach_stats,
         enable_follow_button, enable_notify_button, years_experience,
         on_demand_text_price, on_demand_audio_price, on_demand_video_price, created_at, updated_at)
       SELECT s.id, f.first || ' ' || f.last, lower(f.first || '-' || f.last || '-' || s.n),
              'coach-' || s.n || '@large.wellspring.test',
              ${pick(TITLES, 't')},
              ${pick(BIO_OPENINGS, 'b1')} || ' ' || ${pick(BIO_MIDDLES, 'b2')} || '. ' || ${pick(BIO_CLOSINGS, 'b3')},
              ${pick(BIO_MIDDLES, 'a1')} || '. ' || ${pick(BIO_CLOSINGS, 'a2')},
              ${pick(TAGLINES, 'g')},
              ${rnd('on')} % 10 = 0, CASE WHEN ${rnd('on')} % 10 = 0 THEN ${now} END, true,
              ${rnd('st')} % 20 <> 0, ${rnd('fo')} % 33 <> 0, ${rnd('no')} % 10 <> 0,
              1 + ${rnd('y')} % 25,
              p.text_price, p.text_price + 500 + 100 * (${rnd('pa')} % 6),
              p.text_price + 1000 + 100 * (${rnd('pv')} % 16),
              ${now} - (s.n || ' minutes')::interval, ${now}
       FROM large_seed s
       CROSS JOIN LATERAL (SELECT ${pick(FIRST_NAMES, 'f')} AS first, ${pick(LAST_NAMES, 'l')} AS last) f
       CROSS JOIN LATERAL (SELECT 1500 + 100 * (${rnd('pt')} % 46) AS text_price) p
       ON CONFLICT (user_id) DO NOTHING`,
    ],
    [
      'coach_categories',
      `INSERT INTO coach_categories (coach_id, category)
       SELECT DISTINCT s.id, (${pgArray(CATEGORY_SLUGS)})[1 + (hashtext(s.n::text || ':c' || k) & 2147483647) % ${CATEGORY_SLUGS.length}]
       FROM large_seed s CROSS JOIN generate_series(1, 3) k
       WHERE k = 1 OR (hashtext(s.n::text || ':ck' || k) & 2147483647) % 3 <> 0
       ON CONFLICT DO NOTHING`,
    ],
    [
      'coach_stats',
      `INSERT INTO coach_stats (coach_id, total_sessions, total_clients, avg_response_time, on_time_percentage,
         rating_average, total_reviews)
       SELECT s.id, r.reviews * 2 + ${rnd('ts')} % 20, r.reviews + ${rnd('tc')} % 10, '< 1 hour',
              80 + ${rnd('ot')} % 21,
              CASE WHEN r.reviews > 0 THEN round(3.2 + (${rnd('ra')} % 181) / 100.0, 2) END, r.reviews
       FROM large_seed s
       CROSS JOIN LATERAL (SELECT CASE WHEN ${rnd('rv')} % 12 = 0 THEN 0 ELSE 1 + ${rnd('rc')} % 400 END AS reviews) r
       ON CONFLICT DO NOTHING`,
    ],
    [
      'services',
      `INSERT INTO services (id, coach_id, title, description, format, price, duration, category, position,
         created_at, updated_at)
       SELECT ${uuidOf("'wellspring-large-service-' || s.n || '-' || k")}, s.id,
              (${pgArray(SERVICE_TITLES)})[1 + (hashtext(s.n::text || ':sv' || k) & 2147483647) % ${SERVICE_TITLES.length}],
              'A focused session to make one clear step forward.',
              (${pgArray(FORMATS)})[1 + (hashtext(s.n::text || ':sf' || k) & 2147483647) % 3],
              2500 + 500 * ((hashtext(s.n::text || ':sp' || k) & 2147483647) % 20),
              (ARRAY[15, 30, 45, 60])[1 + (hashtext(s.n::text || ':sd' || k) & 2147483647) % 4],
              NULL, k, ${now}, ${now}
       FROM large_seed s CROSS JOIN generate_series(1, 2) k
       ON CONFLICT (id) DO NOTHING`,
    ],
    [
      'coach_applications',
      `INSERT INTO coach_applications (id, user_id, status, experience, years_experience, bio, reviewed_at,
         created_at, updated_at)
       SELECT ${uuidOf("'wellspring-large-application-' || s.n")}, s.id, 'approved',
              'Seeded for benchmarks.', 1 + ${rnd('y')} % 25, 'Seeded coach.', ${now}, ${now}, ${now}
       FROM large_seed s
       ON CONFLICT (id) DO NOTHING`,
    ],
  ];
}

const MARKER = 'large_seed';

/**
 * Seeds `count` coaches through one client (a transaction of its own). Returns whether anything
 * was done (false when the marker already records at least `count`).
 */
export async function seedLargeCoaches(
  client: pg.ClientBase,
  options: { count: number; log?: (line: string) => void },
): Promise<SeedLargeResult> {
  const log = options.log ?? (() => undefined);
  const { count } = options;
  const timingsMs: Record<string, number> = {};
  const timed = async <T>(label: string, run: () => Promise<T>) => {
    const started = performance.now();
    const result = await run();
    timingsMs[label] = Math.round(performance.now() - started);
    log(`  ${label.padEnd(20)} ${String(timingsMs[label]).padStart(6)} ms`);
    return result;
  };

  const marker = await client.query<{ count: number }>(
    `SELECT (value ->> 'count')::int AS count FROM app_meta WHERE key = $1`,
    [MARKER],
  );
  const already = marker.rows[0]?.count ?? 0;
  if (already >= count) {
    log(`seed:large: ${already} coaches are already seeded; nothing to do.`);
    return { seeded: false, count: already, timingsMs };
  }

  await client.query('BEGIN');
  try {
    // Serialise concurrent runs on the same database.
    await client.query('SELECT pg_advisory_xact_lock(7404212)');
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(`SET LOCAL work_mem = '64MB'`);
    await client.query('SET LOCAL synchronous_commit = off');
    await timed('prepare', () =>
      client.query(
        `CREATE TEMP TABLE large_seed ON COMMIT DROP AS
         SELECT n, ${uuidOf("'wellspring-large-coach-' || n")} AS id FROM generate_series(1, $1::int) n`,
        [count],
      ),
    );
    for (const [label, text] of statements()) await timed(label, () => client.query(text));
    await client.query('SET LOCAL session_replication_role = origin');
    await timed('analyze sources', () =>
      client.query(
        'ANALYZE users, user_roles, profiles, coach_categories, coach_stats, services, coach_applications',
      ),
    );
    await timed('refresh directory', () =>
      client.query(
        `SELECT refresh_coach_directory(array(SELECT user_id FROM coach_applications WHERE status = 'approved'))`,
      ),
    );
    await client.query(
      `INSERT INTO app_meta (key, value, updated_at) VALUES ($1, jsonb_build_object('count', $2::int), now())
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      [MARKER, count],
    );
    await timed('commit', () => client.query('COMMIT'));
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  // Fresh statistics, so the planner sees 100k rows at once (autovacuum would take a while).
  await timed('analyze directory', () => client.query('ANALYZE coach_directory, coach_follows'));
  return { seeded: true, count, timingsMs };
}

// ---- CLI.

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { count: { type: 'string', default: '100000' } },
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 2_000_000) {
    process.stderr.write(`--count must be a whole number from 1 to 2000000, got '${values.count}'\n`);
    process.exit(2);
  }
  const say = (line: string) => process.stdout.write(`${line}\n`);
  let embedded: EmbeddedPostgres | undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
    embedded = await startEmbeddedPostgres({ dataDir, log: say });
    url = embedded.url;
  }
  const client = new pg.Client({ connectionString: url, application_name: 'wellspring-seed-large' });
  try {
    await runMigrations(url);
    await client.connect();
    const started = performance.now();
    say(`seed:large: seeding ${count} coaches...`);
    const result = await seedLargeCoaches(client, { count, log: say });
    const listed = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM coach_directory');
    say(
      `seed:large: ${result.seeded ? 'done' : 'already done'} in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
        `${listed.rows[0]?.n ?? 0} coaches listed in discovery.`,
    );
  } finally {
    await client.end().catch(() => undefined);
    await embedded?.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `seed:large failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
