import { MessageCircle, MessagesSquare, Mic, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ChatSession } from '#contracts/sessions';
import { FORMAT_NOUNS } from '#domain/coaching/format-labels';
import { buttonClasses } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { chatWithPath } from '#web/lib/app-paths';
import { localTimeZone } from '#web/lib/dates';
import { formatDateTime } from '#web/lib/date-times';
import { formatCents } from '#web/lib/money';
import { minutesText } from '../lib/session-display';

const FORMAT_ICONS = { text: MessageCircle, audio: Mic, video: Video } as const;

/** Who, the format, the booked length, the price and the purpose; once over, "Message <them>". */
export function SessionDetails({
  session,
  isCoach,
  isGuest,
  withChat,
  over,
}: {
  session: ChatSession;
  isCoach: boolean;
  isGuest: boolean;
  withChat: boolean;
  /** The session has ended: the way to keep talking (Messages) shows. */
  over: boolean;
}) {
  const FormatIcon = FORMAT_ICONS[session.format];
  return (
    <section
      aria-labelledby="session-details-heading"
      className={`${cardClasses} p-5 sm:p-6 ${withChat ? 'lg:self-start' : 'mt-4'}`}
    >
      <h2 id="session-details-heading" className="text-lg font-semibold">
        Details
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Detail label="Coach">{session.coach_name}</Detail>
        <Detail label="Client">{session.client_name}</Detail>
        <Detail label="Format">
          <span className="inline-flex items-center gap-1.5">
            <FormatIcon aria-hidden="true" className="size-4 text-primary" />
            {FORMAT_NOUNS[session.format]}
          </span>
        </Detail>
        <Detail label="Booked length">{minutesText(session.duration_minutes)}</Detail>
        <Detail label="Started">
          <time dateTime={session.start_time}>{formatDateTime(session.start_time, localTimeZone())}</time>
        </Detail>
        {isGuest ? null : (
          <Detail label={isCoach ? 'Price' : 'You paid'}>
            <span className="tabular-nums">{formatCents(session.payment_amount)}</span>
            {session.discount_amount && session.original_price !== null ? (
              <span className="text-text-muted">
                {' '}
                ({formatCents(session.original_price)} less {formatCents(session.discount_amount)}
                {session.coupon_code ? ` with ${session.coupon_code}` : ''})
              </span>
            ) : null}
          </Detail>
        )}
        <Detail label="Purpose" wide>
          {session.client_purpose}
        </Detail>
        {session.session_description ? (
          <Detail label="More about it" wide>
            <span className="whitespace-pre-line">{session.session_description}</span>
          </Detail>
        ) : null}
      </dl>
      {isGuest || !over ? null : (
        // Between sessions the two keep talking in Messages (their one conversation).
        <Link
          to={chatWithPath(isCoach ? session.client_id : session.coach_id)}
          className={buttonClasses('secondary', 'mt-4')}
        >
          <MessagesSquare aria-hidden="true" className="size-4" />
          {`Message ${isCoach ? session.client_name : session.coach_name}`}
        </Link>
      )}
    </section>
  );
}

function Detail({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="font-medium text-text-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-text">{children}</dd>
    </div>
  );
}
