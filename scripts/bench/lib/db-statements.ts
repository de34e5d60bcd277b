import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * `npm run bench -- <scenario> --db-statements` sets BENCH_DB_STATEMENTS_DIR (scripts/bench/run.ts). A
 * bench child's embedded PostgreSQL then loads pg_stat_statements (nested statements too: those run by
 * ledger_post and the triggers) and counts plpgsql functions; the counts are reset when the child is
 * ready (after migrations and seeding) and written as <dir>/<who>-db.md when it stops: the statements
 * and functions by total time. Times are wall times inside PostgreSQL: with more busy backends than
 * cores they include waiting for a CPU and for locks, so read them from a run with few workers (where
 * wall ≈ CPU) or as shares. The statistics cost some CPU themselves: take figures from a plain run.
 */
const dir = () => process.env.BENCH_DB_STATEMENTS_DIR;

/** Extra settings for the embedded cluster when statements are counted (none otherwise). */
export function dbStatementSettings(): Record<string, string> {
  if (!dir()) return {};
  return {
    shared_preload_libraries: 'pg_stat_statements',
    'pg_stat_statements.track': 'all',
    track_functions: 'pl',
  };
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Forgets what set-up ran, so the report covers the measured work (call it just before `ready`). */
export async function resetDbStatements(url: string): Promise<void> {
  if (!dir()) return;
  await withClient(url, async (client) => {
    await client.query('create extension if not exists pg_stat_statements');
    await client.query('select pg_stat_statements_reset()');
    await client.query('select pg_stat_reset()');
  });
}

type StatementRow = { calls: string; total_ms: string; mean_us: string; rows: string; query: string };
type FunctionRow = { funcname: string; calls: string; total_ms: string; self_ms: string };

/** Writes <dir>/<who>-db.md: the 30 statements and the functions that took the most time. */
export async function writeDbStatements(url: string, who: string): Promise<void> {
  const out = dir();
  if (!out) return;
  const { statements, functions } = await withClient(url, async (client) => ({
    statements: (
      await client.query<StatementRow>(`
        select calls::text, round(total_exec_time::numeric, 1)::text as total_ms,
          round((total_exec_time / greatest(calls, 1) * 1000)::numeric, 1)::text as mean_us, rows::text,
          left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query
        from pg_stat_statements
        where query not ilike '%pg_stat_%'
        order by total_exec_time desc limit 30`)
    ).rows,
    functions: (
      await client.query<FunctionRow>(`
        select funcname, calls::text, round(total_time::numeric, 1)::text as total_ms,
          round(self_time::numeric, 1)::text as self_ms
        from pg_stat_user_functions order by self_time desc`)
    ).rows,
  }));
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const lines = [
    `### ${who}: statements by total time (wall, inside PostgreSQL)`,
    '',
    '| calls | total ms | mean µs | rows | statement |',
    '|---:|---:|---:|---:|---|',
    ...statements.map(
      (row) => `| ${row.calls} | ${row.total_ms} | ${row.mean_us} | ${row.rows} | ${cell(row.query)} |`,
    ),
    '',
    '| function | calls | total ms | self ms |',
    '|---|---:|---:|---:|',
    ...functions.map((row) => `| ${row.funcname} | ${row.calls} | ${row.total_ms} | ${row.self_ms} |`),
    '',
  ];
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, `${who}-db.md`), lines.join('\n'));
}
