import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '#server/db/client';
import { databaseUrlFor } from './database-url';

export type TestDatabase = DatabaseHandle & { url: string; name: string; drop: () => Promise<void> };

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('databaseAdminUrl') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for one test file. `migrated` (the default) clones the migrated template, which
 * takes tens of milliseconds; `empty` gives a database with no tables, for migration tests.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const template = inject('databaseTemplate');
  const name = `${template}_${randomBytes(5).toString('hex')}`;
  await withAdmin((client) =>
    client.query(
      options.migrated === false
        ? `create database "${name}"`
        : `create database "${name}" template "${template}"`,
    ),
  );
  const url = databaseUrlFor(inject('databaseAdminUrl'), name);
  const handle = connectDatabase(url, { poolSize: 5 });
  return {
    ...handle,
    url,
    name,
    drop: async () => {
      await handle.close();
      await withAdmin((client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
