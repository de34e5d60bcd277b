import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CalendarClock,
  CircleCheck,
  Clock,
  Compass,
  Hourglass,
  MessageCircle,
  Mic,
  NotebookPen,
  Star,
  Video,
} from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ChatSession } from '../../../../contracts/sessions';
import { cents } from '../../../../domain/money/cents';
import { splitSettlement } from '../../../../domain/money/pricing';
import { Avatar } from '../../../components/avatar';
import { Button, buttonClasses } from '../../../components/button';
import { ConfirmDialog } from '../../../components/dialog';
import { LoadError } from '../../../components/load-error';
import { useToast } from '../../../components/toast';
import { SESSION_WARNING_MINUTES } from '../../../../contracts/session-room';
import { sessionEndingMarks } from '../../../lib/active-session';
import { ApiError } from '../../../lib/api-client';
import { applyLiveSnapshot } from '../../../lib/realtime/live-snapshot';
import { formatCents } from '../../../lib/money';
import { sessionQueryKey, sessionQueryOptions } from '../api/sessions';
import { useConnectionToasts } from '../hooks/use-connection-toasts';
import { useEndSession } from '../hooks/use-end-session';
import { useNow } from '../hooks/use-now';
import { useSessionRoom } from '../hooks/use-session-room';
import { useSessionUpdates } from '../hooks/use-session-updates';
import {
  clock,
  isOver,
  lastedMinutes,
  lastedText,
  minutesText,
  msLeft,
  otherParty,
} from '../lib/session-display';
import { SessionStatusBadge } from './session-status-badge';
import { formatDateTime, formatTime, localTimeZone } from '../../../lib/dates';
import { FORMAT_NOUNS } from '../../../../domain/coaching/format-labels';
import { cardClasses } from '../../../components/card';

const FORMAT_ICONS = { text: MessageCircle, audio: Mic, video: Video } as const;

/**
 * /session/:sessionId for a signed-in party: who with whom, the format and purpose,
 * who is in the room, the time left (from when both are present) with warnings at 5 and 1 minutes;
 * the coach can end it (optimistic, SPEC §4); live through 'chat_session.updated'; once completed, a
 * summary with the next steps (review, follow-up). While it is on, the screen holds the session's room
 * open (presence) and shows connectivity toasts. The call and the chat are composed in by the route.
 */
export function SessionScreen({
  sessionId,
  viewerId,
  homePath,
  chat,
  timeExtra,
}: {
  sessionId: string;
  viewerId: string;
  /** Where "back home" goes for this person. */
  homePath: string;
  /**
   * The room's main column (the chat, composed by the route): given the session and whether it is
   * over. With it, the time and details move to a side column on wide screens (stacked on phones).
   */
  chat?: (session: ChatSession, over: boolean) => ReactNode;
  /** Shown under the time left while the session is live (e.g. buying more time, composed by the route). */
  timeExtra?: (session: ChatSession) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const query = useQuery(sessionQueryOptions(sessionId));

  useSessionUpdates(
    (session) => {
      if (session.id !== sessionId) return;
      // While it is being ended, a late "still active" must not undo the end on screen.
      if (session.status === 'active' && sessionEndingMarks.isBeingEnded(sessionId)) return;
      applyLiveSnapshot(queryClient, sessionQueryKey(sessionId), session);
    },
    () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey(sessionId) }),
  );

  if (query.isPending)
    return (
      <Frame>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Your session</h1>
        <p role="status" className="sr-only">
          Loading the session…
        </p>
        <div aria-hidden="true" className="mt-6 space-y-4" data-testid="session-loading">
          <span className="block h-28 animate-pulse rounded-[var(--radius-card)] bg-surface-sunken" />
          <span className="block h-40 animate-pulse rounded-[var(--radius-card)] bg-surface-sunken" />
        </div>
      </Frame>
    );

  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return (
        <Frame>
          <div className="flex flex-col items-center py-10 text-center">
            <Compass aria-hidden="true" className="size-12 text-primary" />
            <h1 className="mt-4 text-2xl font-semibold sm:text-3xl">Session not found</h1>
            <p className="mt-2 max-w-md text-text-muted">
              This session does not exist, or it is not one of yours.
            </p>
            <Link to={homePath} className={buttonClasses('primary', 'mt-6')}>
              Go to your home
            </Link>
          </div>
        </Frame>
      );
    return (
      <Frame>
        <LoadError
          as="h1"
          title="The session did not load"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </Frame>
    );
  }

  return (
    <SessionView
      session={query.data}
      viewerId={viewerId}
      homePath={homePath}
      chat={chat}
      timeExtra={timeExtra}
    />
  );
}

function Frame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div
      className={`mx-auto w-full px-4 sm:px-6 ${wide ? 'max-w-6xl py-6 sm:py-8' : 'max-w-3xl py-8 sm:py-12'}`}
    >
      {children}
    </div>
  );
}

function SessionView({
  session,
  viewerId,
  homePath,
  chat,
  timeExtra,
}: {
  session: ChatSession;
  viewerId: string;
  homePath: string;
  chat?: (session: ChatSession, over: boolean) => ReactNode;
  timeExtra?: (session: ChatSession) => ReactNode;
}) {
  const activeNow = session.status === 'active';
  const now = useNow(1000, activeNow);
  const over = isOver(session, now);
  const isCoach = viewerId === session.coach_id;
  // A guest (guest link): sees it like the client, without the payment or the review.
  const isGuest = session.viewer === 'guest';
  const other = otherParty(session, viewerId);
  const FormatIcon = FORMAT_ICONS[session.format];
  useSessionRoom(session.id, activeNow && !over);
  useConnectionToasts(activeNow && !over);

  useEffect(() => {
    document.title = `Session with ${other.name} · Wellspring`;
    return () => {
      document.title = 'Wellspring';
    };
  }, [other.name]);

  const main = chat?.(session, over);
  const withChat = main !== undefined && main !== null;

  const status = over ? (
    <Summary
      session={session}
      isCoach={isCoach}
      isGuest={isGuest}
      now={now}
      homePath={homePath}
      className={withChat ? '' : 'mt-6'}
      narrow={withChat}
    />
  ) : (
    <LivePanel
      session={session}
      isCoach={isCoach}
      isGuest={isGuest}
      now={now}
      withChat={withChat}
      className={withChat ? '' : 'mt-6'}
      extra={timeExtra?.(session)}
    />
  );

  const details = (
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
    </section>
  );

  return (
    <Frame wide={withChat}>
      <div className="flex items-start gap-4">
        <Avatar
          name={other.name}
          email={other.email}
          src={other.avatarUrl}
          size={64}
          eager
          className="size-14 text-lg sm:size-16"
        />
        <div className="min-w-0 flex-1">
          <p className="text-sm text-text-muted">
            {isCoach ? 'Your client' : isGuest ? 'You are a guest' : 'Your coach'} ·{' '}
            {FORMAT_NOUNS[session.format]}
          </p>
          <h1 className="mt-0.5 text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
            Session with {isGuest ? `${session.coach_name} and ${session.client_name}` : other.name}
          </h1>
          <div className="mt-2 flex items-center gap-2">
            <SessionStatusBadge over={over} />
            {withChat && !over ? (
              // Phones show the call and chat first: the time left stays in sight up here.
              <span
                className="text-sm text-text-muted tabular-nums lg:hidden"
                data-testid="session-time-compact"
              >
                {clock(msLeft(session, now))} left
              </span>
            ) : null}
          </div>
        </div>
      </div>

      {withChat ? (
        // Phones: the call and chat, then time, then details. Wide: the call and chat as the main column,
        // time and details beside it.
        <div className="mt-6 grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
          <div className="order-2 lg:order-none lg:col-start-2 lg:row-start-1">{status}</div>
          <div className="order-1 min-w-0 lg:order-none lg:col-start-1 lg:row-span-2 lg:row-start-1">
            {main}
          </div>
          <div className="order-3 lg:order-none lg:col-start-2 lg:row-start-2">{details}</div>
        </div>
      ) : (
        <>
          {status}
          {details}
        </>
      )}
    </Frame>
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

function LivePanel({
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
      <Presence session={session} isCoach={isCoach} isGuest={isGuest} />
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

function Summary({
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

/** Who is in the room now (chat_sessions presence, kept by the server from open tabs). */
function Presence({
  session,
  isCoach,
  isGuest = false,
}: {
  session: ChatSession;
  isCoach: boolean;
  isGuest?: boolean;
}) {
  const people = [
    { key: 'coach', name: isCoach ? 'You' : session.coach_name, here: session.coach_present },
    { key: 'client', name: isCoach || isGuest ? session.client_name : 'You', here: session.client_present },
  ];
  return (
    <ul aria-label="Who is in the room" className="mt-4 flex flex-wrap gap-2" data-testid="session-presence">
      {people.map((person) => (
        <li
          key={person.key}
          className="inline-flex items-center gap-1.5 rounded-full bg-surface-sunken px-3 py-1 text-sm"
        >
          <span
            aria-hidden="true"
            className={`size-2 rounded-full ${person.here ? 'bg-success' : 'bg-text-muted/50'}`}
          />
          {person.name} {person.here ? 'in the room' : 'not here yet'}
        </li>
      ))}
    </ul>
  );
}

/** Toasts at 5 and 1 minutes left (once each per session and page). */
function useTimeWarnings(session: ChatSession, left: number) {
  const { toast } = useToast();
  const warned = useRef(new Set<number>());
  useEffect(() => {
    for (const minutes of SESSION_WARNING_MINUTES) {
      if (left > minutes * 60_000 || left <= 0 || warned.current.has(minutes)) continue;
      // Opening the page with 3 minutes left warns once, for the nearest mark only.
      for (const mark of SESSION_WARNING_MINUTES) if (mark >= minutes) warned.current.add(mark);
      const ends = formatTime(session.ends_at, localTimeZone());
      toast({
        title: minutes === 1 ? '1 minute left' : `${minutes} minutes left`,
        description: `The session ends at ${ends}.`,
      });
    }
  }, [left, session.ends_at, toast]);
}
