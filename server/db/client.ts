import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';

/** drizzle over the pool; `$client` is the pool itself (for named raw statements, server/db/prepared.ts). */
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export type DatabaseHandle = {
  db: Database;
  pool: pg.Pool;
  close: () => Promise<void>;
};

export function connectDatabase(url: string, options: { poolSize?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // Fail fast when the database is gone instead of queueing requests forever.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: 'wellspring',
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  let closed: Promise<void> | undefined;
  return { db, pool, close: () => (closed ??= pool.end()) };
}

/** The database or an open transaction: repositories accept either, so callers decide the transaction. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs `work` in the executor's transaction when it is one (no savepoint: two round trips less), or in
 * a transaction of its own. Inside a caller's transaction a failure of `work` may leave part of its
 * writes there: the caller lets the error propagate (its transaction rolls back), or wraps the call in
 * a savepoint of its own (`tx.transaction`) when it means to go on.
 */
export function inTransaction<T>(executor: DbExecutor, work: (tx: DbExecutor) => Promise<T>): Promise<T> {
  return executor instanceof PgTransaction ? work(executor) : executor.transaction(work);
}
