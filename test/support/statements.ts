import pg from 'pg';

/**
 * The SQL text of every statement any pg client (the app's pool, a transaction's client, the bus's
 * publisher) sends while `work` runs: for tests that pin how many round trips an operation takes.
 * Run nothing else meanwhile, or its statements are counted too.
 */
export async function recordStatements<T>(
  work: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string } | undefined;
    statements.push(typeof config === 'string' ? config : (config?.text ?? ''));
    return (original as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { result: await work(), statements };
  } finally {
    pg.Client.prototype.query = original;
  }
}
