import { rateLimitedText, useRateLimitCountdown } from '../lib/rate-limited';
import { Spinner } from './spinner';

/**
 * SPEC §2: the full-screen spinner with the text Loading... while auth, role or admin status loads.
 * While the server limits this browser (429), it says so and when it tries again.
 */
export function FullScreenLoader() {
  const limitedFor = useRateLimitCountdown();
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background"
    >
      <Spinner className="size-10" />
      <p className="text-text-muted">Loading...</p>
      {limitedFor !== null ? (
        <p data-testid="rate-limit-notice" className="px-4 text-center text-sm font-medium text-warning">
          {/* The countdown ticks each second: announced once, in words that do not change. */}
          <span aria-hidden="true">{rateLimitedText(limitedFor)}</span>
          <span className="sr-only">Too many requests — trying again shortly.</span>
        </p>
      ) : null}
    </div>
  );
}
