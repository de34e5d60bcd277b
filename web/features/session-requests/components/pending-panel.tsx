import { Clock } from 'lucide-react';
import type { SessionRequest } from '#contracts/sessions';
import { Button } from '#web/components/button';
import { Spinner } from '#web/components/spinner';
import { formatCents } from '#web/lib/money';
import { coachNameOf, formatCountdown, formatPreferred } from '../lib/display';
import { paddedCardClasses } from '#web/components/card';

/** The request while it waits: the countdown to its expiry, the hold, and Cancel. */
export function PendingPanel({
  request,
  now,
  onCancel,
  cancelling,
}: {
  request: SessionRequest;
  now: number;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const coach = coachNameOf(request);
  const left = Date.parse(request.expires_at) - now;
  const scheduled = request.scheduled && request.preferred_date && request.preferred_time;
  return (
    <section aria-labelledby="waiting-status" className={paddedCardClasses}>
      <h2 id="waiting-status" className="flex items-center gap-2 text-lg font-semibold">
        <span aria-hidden="true" className="relative flex size-3">
          <span className="absolute inline-flex size-full rounded-full bg-primary opacity-60 motion-safe:animate-ping" />
          <span className="relative inline-flex size-3 rounded-full bg-primary" />
        </span>
        {scheduled ? `Asked ${coach} for this time` : `We've let ${coach} know`}
      </h2>
      {scheduled ? (
        <p className="mt-2 text-text-muted">
          {`${coach} can accept until ${formatPreferred(request.preferred_date!, request.preferred_time!)}. You can leave this page: we'll tell you here as soon as they answer.`}
        </p>
      ) : left > 0 ? (
        <>
          <p className="mt-2 text-text-muted">
            {`They'll answer here. Stay on this page, or keep browsing: we'll tell you as soon as they do.`}
          </p>
          <p className="mt-4 flex flex-wrap items-baseline gap-x-2 text-sm text-text-muted">
            <Clock aria-hidden="true" className="size-4 self-center" />
            Time left to answer
            <span
              role="timer"
              aria-live="off"
              data-testid="waiting-countdown"
              className="text-2xl font-semibold text-text tabular-nums"
            >
              {formatCountdown(left)}
            </span>
          </p>
        </>
      ) : (
        <p className="mt-2 flex items-center gap-2 text-text-muted">
          <Spinner className="size-4 border-2" />
          {`Time's up. Checking for ${coach}'s answer…`}
        </p>
      )}
      <p className="mt-4 text-sm text-text-muted">
        {`${formatCents(request.price)} is held from your wallet. It's charged only if the session happens; if ${coach} declines or doesn't answer, it goes straight back.`}
      </p>
      <div className="mt-5">
        <Button variant="secondary" onClick={onCancel} disabled={cancelling}>
          {cancelling ? <Spinner className="size-4 border-2" /> : null}
          Cancel request
        </Button>
      </div>
    </section>
  );
}
