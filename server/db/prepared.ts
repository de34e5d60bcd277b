import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database, DbExecutor } from './client';

/**
 * A hot read built once per database handle: drizzle builds its SQL once (not on every call, where the
 * builder was a fifth of a chat message's CPU) and, being named, PostgreSQL parses and plans it once
 * per connection. Only for statements run on the pool (`db`), not inside a transaction: a prepared
 * statement is bound to the handle it was made on. Names must be unique across the app.
 */
export function preparedOn<P>(build: (db: Database) => P): (db: Database) => P {
  const made = new WeakMap<Database, P>();
  return (db) => {
    let statement = made.get(db);
    if (!statement) {
      statement = build(db);
      made.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * The pg client an executor runs on: the pool for the database, the transaction's own connection for a
 * transaction (drizzle keeps it as its session's `client`, which its types do not show).
 */
function pgClientOf(executor: DbExecutor): Pick<pg.Pool, 'query'> {
  const client = (executor._.session as unknown as { client?: unknown }).client;
  if (!(client instanceof pg.Pool || client instanceof pg.Client))
    throw new Error('preparedStatement needs an executor on node-postgres');
  return client;
}

/**
 * A raw statement (drizzle's `sql`, every input a `sql.placeholder`) built once and run as a named
 * prepared statement on the executor's connection (the pool's, or the transaction's): PostgreSQL parses
 * and plans it once per connection, not on every call (for a statement of many CTEs, planning costs as
 * much as running it). Names must be unique across the app.
 */
export function preparedStatement<Row>(name: string, build: () => SQL) {
  let query: { sql: string; params: unknown[] } | undefined;
  return async (executor: DbExecutor, values: Record<string, unknown>): Promise<Row[]> => {
    query ??= dialect.sqlToQuery(build());
    const result = await pgClientOf(executor).query({
      name,
      text: query.sql,
      values: fillPlaceholders(query.params, values),
    });
    return result.rows as Row[];
  };
}
