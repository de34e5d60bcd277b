import { bigint, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Column builders the tables share, so a kind of column is spelled once. Each call makes a new
 * column (drizzle columns belong to one table). References to users and to chat sessions are next to
 * their tables: `userRef` in accounts.ts, `sessionRef` and `sessionAndParties` in sessions.ts.
 */

/**
 * A required reference to another table's row (`target`: its key column). `cascade`: the row goes when
 * the one it references is deleted; otherwise deleting that one is refused.
 */
export const requiredRef = (name: string, target: () => AnyPgColumn, onDelete?: 'cascade') =>
  uuid(name)
    .notNull()
    .references(target, onDelete ? { onDelete } : {});

/** The random uuid key most tables have. */
export const uuidPk = () => uuid('id').primaryKey().defaultRandom();

/** A moment, always stored with its time zone (timestamptz). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** Money: integer cents, read as a JavaScript number. */
export const cents = (name: string) => bigint(name, { mode: 'number' });

/** created_at and updated_at, both written by the application (its clock). */
export const timestamps = () => ({
  createdAt: timestamptz('created_at').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

/** created_at and updated_at that default to the database's now(). */
export const timestampsDefaultNow = () => ({
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
