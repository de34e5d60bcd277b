import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '#server/db/embedded-postgres';
import { runMigrations } from '#server/db/migrate';
import { databaseUrlFor } from '../support/database-url';

declare module 'vitest' {
  // Declaration merging with vitest's own type needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    databaseAdminUrl: string;
    databaseTemplate: string;
  }
}

/**
 * Starts one real PostgreSQL for the integration run (embedded, in a temp dir, on a free port, or the
 * server named by TEST_DATABASE_URL) and migrates a template database that each test file clones.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopServer: (() => Promise<void>) | undefined;
  if (!adminUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wellspring-test-db-'));
    fs.chmodSync(dataDir, 0o755);
    const server = await startEmbeddedPostgres({
      dataDir,
      // A throwaway cluster: durability is not needed, speed is.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    });
    adminUrl = server.url;
    stopServer = async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }

  const template = `wellspring_template_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  await admin.end();
  await runMigrations(databaseUrlFor(adminUrl, template));

  project.provide('databaseAdminUrl', adminUrl);
  project.provide('databaseTemplate', template);

  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    const leftovers = await cleanup.query<{ datname: string }>(
      `select datname from pg_database where datname = $1 or datname like $2`,
      [template, `${template}_%`],
    );
    for (const { datname } of leftovers.rows)
      await cleanup.query(`drop database if exists "${datname}" with (force)`);
    await cleanup.end();
    await stopServer?.();
  };
}
