import { AppError } from '#domain/errors/app-error';

/** Header value rules: 1–255 visible ASCII characters (a UUID is typical). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Reads and validates the Idempotency-Key header; missing or malformed -> IDEMPOTENCY_KEY_REQUIRED. */
export function idempotencyKeyFrom(headers: Record<string, string | string[] | undefined>): string {
  const raw = headers['idempotency-key'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || !KEY_PATTERN.test(value)) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  return value;
}
