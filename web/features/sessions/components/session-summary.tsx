import { CalendarClock, CircleCheck, NotebookPen, Star } from 'lucide-react';
import { Link } from 'react-router';
import type { ChatSession } from '#contracts/sessions';
import { cents } from '#domain/money/cents';
import { splitSettlement } from '#domain/money/pricing';
import { buttonClasses } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { localTimeZone } from '#web/lib/dates';
import { formatDateTime } from '#web/lib/date-times';
import { formatCents } from '#web/lib/money';
import { lastedMinutes, lastedText, minutesText } from '../lib/session-display';

/** Once the session is over: how it ended, what it lasted and cost, and the next steps. */
export function SessionSummary({
  session,
  isCoach,
  isGuest = false,
  now,
  homePath,
  className,
  narrow,
}: {
  session: ChatSession;
  isCoach: boolean;
  isGuest?: boolean;
  now: number;
  homePath: string;
  className: string;
  /** Beside the chat (a narrow column on wide screens). */
  narrow: boolean;
}) {
  const lasted = lastedMinutes(session, now);
  // The coach's share is floor(95 %) of the payment (domain/money/pricing); the server's figure wins.
  const earnings = session.earnings ?? splitSettlement(cents(session.payment_amount)).coach;
  return (
    <section aria-labelledby="session-summary-heading" className={`${cardClasses} p-5 sm:p-6 ${className}`}>
      <h2 id="session-summary-heading" className="flex items-center gap-2 text-lg font-semibold">
        <CircleCheck aria-hidden="true" className="size-5 text-success" />
        Session completed
      </h2>
      <p className="mt-1 text-sm text-text-muted">
        {session.end_time ? (
          <>
            Ended <time dateTime={session.end_time}>{formatDateTime(session.end_time, localTimeZone())}</time>
            {session.completed_by === 'coach'
              ? ' by the coach.'
              : session.completed_by === 'timer'
                ? ' when its time was up.'
                : '.'}
          </>
        ) : (
          'Its time is up.'
        )}
      </p>
      {/* Beside the chat the column is narrow: two tiles a row, the earnings across (lg:). */}
      <dl className={`mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 ${narrow ? 'lg:grid-cols-2' : ''}`}>
        <SummaryTile
          label="Duration"
          value={lastedText(lasted)}
          note={`of ${minutesText(session.duration_minutes)} booked`}
        />
        {isGuest ? null : (
          <SummaryTile label={isCoach ? 'Price' : 'You paid'} value={formatCents(session.payment_amount)} />
        )}
        {isCoach ? (
          <SummaryTile
            label="Your earnings"
            value={formatCents(earnings)}
            note={session.earnings === null ? 'Being settled' : '95 % of the price'}
            highlight
            narrow={narrow}
          />
        ) : null}
      </dl>
      <div className={`mt-5 flex flex-col gap-2 ${narrow ? 'lg:flex-col' : 'sm:flex-row sm:flex-wrap'}`}>
        {isCoach ? (
          <>
            <Link to={`/coach-review/${session.id}`} className={buttonClasses('primary')}>
              <Star aria-hidden="true" className="size-4" />
              Review {session.client_name}
            </Link>
            <Link to={`/follow-up/${session.id}`} className={buttonClasses('secondary')}>
              <NotebookPen aria-hidden="true" className="size-4" />
              Send a follow-up
            </Link>
          </>
        ) : isGuest ? null : (
          <Link to={`/review/${session.id}`} className={buttonClasses('primary')}>
            <Star aria-hidden="true" className="size-4" />
            Review your session
          </Link>
        )}
        <Link to={homePath} className={buttonClasses('secondary')}>
          <CalendarClock aria-hidden="true" className="size-4" />
          {isGuest ? 'Go to Wellspring' : 'Back to your sessions'}
        </Link>
      </div>
    </section>
  );
}

function SummaryTile({
  label,
  value,
  note,
  highlight = false,
  narrow = false,
}: {
  label: string;
  value: string;
  note?: string;
  highlight?: boolean;
  narrow?: boolean;
}) {
  return (
    <div
      className={`rounded-[var(--radius-control)] px-3 py-2.5 ${highlight ? `col-span-2 bg-primary-soft sm:col-span-1 ${narrow ? 'lg:col-span-2' : ''}` : 'bg-surface-sunken'}`}
    >
      <dt className="text-xs font-medium text-text-muted">{label}</dt>
      <dd className={`mt-0.5 text-xl font-semibold tabular-nums ${highlight ? 'text-primary' : ''}`}>
        {value}
      </dd>
      {note ? <dd className="text-xs text-text-muted">{note}</dd> : null}
    </div>
  );
}
