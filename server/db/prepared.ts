import type { Database } from './client';

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
