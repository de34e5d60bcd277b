import { Clock, Hourglass } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { ChatSession } from '#contracts/sessions';
import { SESSION_WARNING_MINUTES } from '#contracts/session-room';
import { Button } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { ConfirmDialog } from '#web/components/dialog';
import { localTimeZone } from '#web/lib/dates';
import { formatTime } from '#web/lib/date-times';
import { formatCents } from '#web/lib/money';
import { useEndSession } from '../hooks/use-end-session';
import { useTimeWarnings } from '../hooks/use-time-warnings';
import { clock, minutesText, msLeft } from '../lib/session-display';
import { PresenceList } from './presence-list';

/** While the session is on: the time left, who is here, and (for the coach) ending it. */
export function LivePanel({
  session,
  isCoach,
  isGuest = false,
  now,
  withChat,
  className,
  extra,
}: {
  session: ChatSession;
  isCoach: boolean;
  isGuest?: boolean;
  now: number;
  withChat: boolean;
  className: string;
  extra?: ReactNode;
}) {
  const { end, ending } = useEndSession(session.id);
  const [confirming, setConfirming] = useState(false);
  const left = msLeft(session, now);
  const lastMinutes = left <= SESSION_WARNING_MINUTES[0] * 60_000;
  useTimeWarnings(session, left);
  const total = session.duration_minutes * 60_000;
  const elapsedShare = total > 0 ? Math.min(1, Math.max(0, 1 - left / total)) : 1;
  return (
    <section aria-labelledby="session-time-heading" className={`${cardClasses} p-5 sm:p-6 ${className}`}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2
            id="session-time-heading"
            className="flex items-center gap-1.5 text-sm font-medium text-text-muted"
          >
            <Clock aria-hidden="true" className="size-4" />
            Time left
          </h2>
          {/* A countdown (role timer, not read out every second), not a styled paragraph posing as a heading. */}
          <div
            role="timer"
            aria-labelledby="session-time-heading"
            className={`mt-1 text-4xl font-semibold tracking-tight tabular-nums ${lastMinutes ? 'text-warning' : ''}`}
            data-testid="session-time-left"
          >
            {clock(left)}
          </div>
          <p className="mt-1 text-sm text-text-muted">
            Ends at <time dateTime={session.ends_at}>{formatTime(session.ends_at, localTimeZone())}</time>
          </p>
        </div>
        {isCoach ? (
          <Button onClick={() => setConfirming(true)} disabled={ending} className="w-full sm:w-auto">
            End session
          </Button>
        ) : null}
      </div>
      {extra}
      <div
        className="mt-4 h-2 overflow-hidden rounded-full bg-surface-sunken"
        role="progressbar"
        aria-label="Session time used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(elapsedShare * 100)}
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${elapsedShare * 100}%` }} />
      </div>
      <PresenceList session={session} isCoach={isCoach} isGuest={isGuest} />
      <p className="mt-4 flex gap-2 rounded-[var(--radius-control)] bg-primary-soft px-3 py-2.5 text-sm text-text">
        <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>
          {session.timer_started
            ? ''
            : `The ${minutesText(session.duration_minutes)} start counting when ${isGuest ? 'the coach and the client are' : 'you are both'} here. `}
          {withChat ? '' : 'Chat, audio and video open right here. '}
          {isCoach
            ? 'End the session when you are done; the payment is settled then.'
            : 'The session ends by itself when its time is up.'}
        </span>
      </p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="End this session now?"
        description={`${session.client_name} will see that it has ended, and the payment of ${formatCents(
          session.payment_amount,
        )} is settled.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep going
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                void end();
              }}
            >
              End session
            </Button>
          </>
        }
      />
    </section>
  );
}
