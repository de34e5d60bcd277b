import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Compass } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import type { ChatSession } from '#contracts/sessions';
import { Avatar } from '#web/components/avatar';
import { buttonClasses } from '#web/components/button';
import { LoadError } from '#web/components/load-error';
import { sessionEndingMarks } from '#web/lib/active-session';
import { ApiError } from '#web/lib/api-client';
import { applyLiveSnapshot } from '#web/lib/realtime/live-snapshot';
import { sessionQueryKey, sessionQueryOptions } from '../api/sessions';
import { useConnectionToasts } from '../hooks/use-connection-toasts';
import { useNow } from '#web/lib/use-now';
import { useSessionRoom } from '../hooks/use-session-room';
import { useSessionUpdates } from '../hooks/use-session-updates';
import { clock, isOver, msLeft, msUntilStart, otherParty } from '../lib/session-display';
import { LivePanel } from './live-panel';
import { SessionDetails } from './session-details';
import { SessionStatusBadge } from './session-status-badge';
import { SessionSummary } from './session-summary';
import { FORMAT_NOUNS } from '#domain/coaching/format-labels';

/** What the route composes into the room, and for whom. */
type RoomProps = {
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
};

/**
 * /session/:sessionId for a signed-in party: who with whom, the format and purpose,
 * who is in the room, the time left (from when both are present) with warnings at 5 and 1 minutes;
 * the coach can end it (optimistic, SPEC §4); live through 'chat_session.updated'; once completed, a
 * summary with the next steps (review, follow-up). While it is on, the screen holds the session's room
 * open (presence) and shows connectivity toasts. The call and the chat are composed in by the route.
 * A booked session opened before its start sends the person to /session-waiting/{id} (its countdown).
 */
export function SessionScreen({ sessionId, ...room }: { sessionId: string } & RoomProps) {
  const queryClient = useQueryClient();
  const query = useQuery(sessionQueryOptions(sessionId));
  const [openedAt] = useState(() => Date.now());

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
            <Link to={room.homePath} className={buttonClasses('primary', 'mt-6')}>
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

  if (query.data.status === 'active' && msUntilStart(query.data, openedAt) > 0)
    return <Navigate to={`/session-waiting/${encodeURIComponent(sessionId)}`} replace />;
  return <SessionView session={query.data} {...room} />;
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

function SessionView({ session, viewerId, homePath, chat, timeExtra }: { session: ChatSession } & RoomProps) {
  const activeNow = session.status === 'active';
  const now = useNow(1000, activeNow);
  const over = isOver(session, now);
  const isCoach = viewerId === session.coach_id;
  // A guest (guest link): sees it like the client, without the payment or the review.
  const isGuest = session.viewer === 'guest';
  const other = otherParty(session, viewerId);
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

  const panel = { session, isCoach, isGuest, now, className: withChat ? '' : 'mt-6' };
  const status = over ? (
    <SessionSummary {...panel} homePath={homePath} narrow={withChat} />
  ) : (
    <LivePanel {...panel} withChat={withChat} extra={timeExtra?.(session)} />
  );

  const details = (
    <SessionDetails session={session} isCoach={isCoach} isGuest={isGuest} withChat={withChat} over={over} />
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
