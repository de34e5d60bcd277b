import { ApiError } from '../../../lib/api-client';

/** The server's per-field messages (`details[].path` "body.title" -> "title"). */
export function bodyFieldErrors(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!(error instanceof ApiError)) return fields;
  for (const detail of error.details) {
    const field = detail.path.replace(/^body\./, '');
    fields[field] ??= detail.message;
  }
  return fields;
}
