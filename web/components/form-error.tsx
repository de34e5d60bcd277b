import { CircleAlert } from 'lucide-react';
import { ApiError } from '../lib/api-client';
import { describeRetryAfter } from '../lib/retry-after';

/** What went wrong, in words the person can act on: the server's message, and for 429 when to try again. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const retry = error.status === 429 ? describeRetryAfter(error.retryAfterSeconds) : null;
    return retry ? `${error.message} ${retry}` : error.message;
  }
  if (typeof error === 'string') return error;
  return 'An unexpected error occurred. Please try again.';
}

export function FormError({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-[var(--radius-control)] border border-danger/30 bg-danger/5 px-3 py-2.5 text-sm text-danger"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{errorText(error)}</p>
    </div>
  );
}
