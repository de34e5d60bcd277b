import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { IndexColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '#server/db/client';

/**
 * Row helpers every repository shares (the repositories stay the only code that knows the tables).
 */

/**
 * Updates the row `where` picks and answers it after the change, or undefined when no row matched. A
 * compare-and-set names the state it expects in `where`: of two racing transactions the second waits on
 * the row lock, re-checks the condition against the committed row and changes nothing.
 */
export async function updateRow<T extends PgTable>(
  executor: DbExecutor,
  table: T,
  changes: PgUpdateSetSource<T>,
  where: SQL | undefined,
): Promise<T['$inferSelect'] | undefined> {
  const rows = (await executor.update(table).set(changes).where(where).returning()) as T['$inferSelect'][];
  return rows[0];
}

/** Inserts one row and answers it (an insert without a conflict clause always returns its row). */
export async function insertRow<T extends PgTable>(
  executor: DbExecutor,
  table: T,
  values: PgInsertValue<T>,
): Promise<T['$inferSelect']> {
  const rows = (await executor.insert(table).values(values).returning()) as T['$inferSelect'][];
  const row = rows[0];
  if (!row) throw new Error(`${getTableName(table)} insert returned no row`);
  return row;
}

/**
 * Inserts one row unless a unique key already has one (ON CONFLICT DO NOTHING: on `target`'s key when
 * named, else on any): answers the new row, or undefined when one was there. A racing insert of the
 * same key waits for the other transaction, then does nothing.
 */
export async function insertRowIfNew<T extends PgTable>(
  executor: DbExecutor,
  table: T,
  values: PgInsertValue<T>,
  target?: IndexColumn | IndexColumn[],
): Promise<T['$inferSelect'] | undefined> {
  const rows = (await executor
    .insert(table)
    .values(values)
    .onConflictDoNothing({ target })
    .returning()) as T['$inferSelect'][];
  return rows[0];
}

/** Deletes the rows `where` picks; whether there was any. */
export async function deleteRows(
  executor: DbExecutor,
  table: PgTable,
  where: SQL | undefined,
): Promise<boolean> {
  const result = await executor.delete(table).where(where);
  return (result.rowCount ?? 0) > 0;
}

/** How many rows of `table` match `where`. */
export async function countRows(
  executor: DbExecutor,
  table: PgTable,
  where: SQL | undefined,
): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return row?.count ?? 0;
}

/** A transaction-scoped advisory lock on `key` (released at commit): writers of one key queue here. */
export async function lockKey(executor: DbExecutor, key: string): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** Whether `error` (pg's, or Drizzle's wrapper of it) has the SQLSTATE `code`. */
function hasSqlState(error: unknown, code: string): boolean {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } } | undefined;
  return candidate?.code === code || candidate?.cause?.code === code;
}

/** SQLSTATE 23505 (unique violation). */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505');

/** SQLSTATE 23P01 (exclusion violation): an exclusion constraint refused an overlapping row. */
export const isExclusionViolation = (error: unknown) => hasSqlState(error, '23P01');

/** An ILIKE pattern matching text that contains `text` (its own %, _ and backslash taken literally). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
