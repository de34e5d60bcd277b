import { Hourglass } from 'lucide-react';
import { rateLimitedText, useRateLimitCountdown } from '../lib/rate-limited';

/**
 * shown while the server is limiting this browser's requests (a 429 answered
 * with Retry-After), counting down to the retry. Announced once when it appears, not every second.
 */
export function RateLimitNotice() {
  const seconds = useRateLimitCountdown();
  const limited = seconds !== null;
  return (
    <div role="status" aria-live="polite">
      {limited ? (
        <div
          data-testid="rate-limit-notice"
          className="flex items-center justify-center gap-2 bg-warning-soft px-4 py-2 text-sm font-medium text-warning"
        >
          <Hourglass aria-hidden="true" className="size-4 shrink-0" />
          <span aria-hidden="true">{rateLimitedText(seconds)}</span>
          <span className="sr-only">Too many requests — trying again shortly.</span>
        </div>
      ) : null}
    </div>
  );
}
