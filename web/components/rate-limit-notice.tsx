import { Hourglass } from 'lucide-react';
import { rateLimitedText, useRateLimitCountdown } from '../lib/rate-limited';
import { WarningStrip } from './warning-strip';

/**
 * shown while the server is limiting this browser's requests (a 429 answered
 * with Retry-After), counting down to the retry. Announced once when it appears, not every second.
 */
export function RateLimitNotice() {
  const seconds = useRateLimitCountdown();
  return (
    <WarningStrip testId="rate-limit-notice" className="items-center font-medium">
      {seconds === null ? null : (
        <>
          <Hourglass aria-hidden="true" className="size-4 shrink-0" />
          <span aria-hidden="true">{rateLimitedText(seconds)}</span>
          <span className="sr-only">Too many requests — trying again shortly.</span>
        </>
      )}
    </WarningStrip>
  );
}
