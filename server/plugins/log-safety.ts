import { DrizzleQueryError } from 'drizzle-orm/errors';
/**
 * What may reach the logs. Drizzle's error messages embed the SQL *and its parameters* (emails,
 * password hashes), so database errors are reduced to their SQLSTATE and constraint.
 */
export function describeErrorForLog(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const cause = error.cause as { code?: unknown; constraint?: unknown; table?: unknown } | undefined;
  // Drizzle's wrapper keeps the name 'Error' and carries the SQL and its parameters in its message.
  const isDatabaseError =
    error instanceof DrizzleQueryError || error.name === 'DatabaseError' || typeof cause?.code === 'string';
  if (isDatabaseError) {
    const source =
      cause && typeof cause.code === 'string'
        ? cause
        : (error as { code?: unknown; constraint?: unknown; table?: unknown });
    return {
      type: 'DatabaseError',
      sqlState: source.code,
      constraint: source.constraint,
      table: source.table,
      // A wrapped failure to reach the database (pool timeout, connection lost) has no SQLSTATE; its
      // message is the driver's own words, never the query's values.
      ...(typeof source.code !== 'string' && cause instanceof Error
        ? { cause: { type: cause.name, message: cause.message.slice(0, 200) } }
        : {}),
      // The stack starts with the message (SQL and parameters, over several lines); keep only the frames.
      stack: error.stack
        ?.split('\n')
        .filter((line) => line.startsWith('    at '))
        .slice(0, 8)
        .join('\n'),
    };
  }
  return { type: error.name, message: error.message, stack: error.stack };
}

const SENSITIVE_QUERY_KEY = /token|code|password|secret|key|signature|otp/i;

/** A URL for the logs: query values of sensitive-looking keys are masked. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...params.keys()]) if (SENSITIVE_QUERY_KEY.test(key)) params.set(key, '[redacted]');
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}
