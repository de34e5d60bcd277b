import { AppError } from '#domain/errors/app-error';

/** Where a keyset page ordered by (a time, id) descending starts: after this row. */
export type TimeCursor = { at: Date; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cursor as the next page's opaque `cursor` parameter. */
export const encodeTimeCursor = (cursor: TimeCursor) =>
  Buffer.from(JSON.stringify([cursor.at.toISOString(), cursor.id]), 'utf8').toString('base64url');

/** Reads a `cursor` parameter back; anything else is a 400 that says to reload (`stale`). */
export function decodeTimeCursor(raw: string, stale: string): TimeCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const [at, id] = Array.isArray(parsed) ? (parsed as unknown[]) : [];
  const when = typeof at === 'string' ? new Date(at) : null;
  if (!when || Number.isNaN(when.getTime()) || typeof id !== 'string' || !UUID.test(id))
    throw new AppError('VALIDATION_ERROR', stale, { details: [{ path: 'query.cursor', message: stale }] });
  return { at: when, id };
}
