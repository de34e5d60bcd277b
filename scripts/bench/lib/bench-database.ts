import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startEmbeddedPostgres } from '#server/db/embedded-postgres';
import { dbStatementSettings, resetDbStatements, writeDbStatements } from './db-statements';
import { readPostmasterPid } from './proc';
import type { CloseReporter } from './server-lifecycle';

export type BenchDatabase = {
  url: string;
  /** The embedded postmaster's pid (its CPU is reported), undefined on a shared server. */
  dbPid: number | undefined;
  /** Where it runs, for the report. */
  label: 'TEST_DATABASE_URL server' | 'embedded PostgreSQL 15';
  /** With --db-statements: forgets the set-up's statements (call it just before `ready`). */
  countFromHere: () => Promise<void>;
  /**
   * Stops the embedded PostgreSQL (first writing its statements' report with --db-statements), or drops
   * the throwaway database on the shared server.
   */
  close: (report: CloseReporter) => Promise<void>;
};

/**
 * A bench server's throwaway database: a fresh database `wellspring_bench_<scenario>_<random>` on the
 * TEST_DATABASE_URL server when that is set, else an embedded PostgreSQL in `dataDir`.
 */
export async function openBenchDatabase(scenario: string, dataDir: string): Promise<BenchDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `wellspring_bench_${scenario}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      dbPid: undefined,
      label: 'TEST_DATABASE_URL server',
      // A shared server's settings are not ours to change: no statement counts there.
      countFromHere: async () => undefined,
      close: async (report) => {
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper
          .connect()
          .then(() => dropper.query(`drop database if exists ${name} with (force)`))
          .catch(report('throwaway database'))
          .finally(() => dropper.end().catch(() => undefined));
      },
    };
  }
  const embedded = await startEmbeddedPostgres({ dataDir, settings: dbStatementSettings() });
  return {
    url: embedded.url,
    dbPid: readPostmasterPid(dataDir),
    label: 'embedded PostgreSQL 15',
    countFromHere: () => resetDbStatements(embedded.url),
    close: async (report) => {
      await writeDbStatements(embedded.url, scenario).catch(report('database statements'));
      await embedded.stop().catch(report('database'));
    },
  };
}
