import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { SESSION_EVENTS, sessionCreatedPayloadSchema } from '#contracts/sessions';
import { buttonClasses } from '#web/components/button';
import { LoadError } from '#web/components/load-error';
import { Spinner } from '#web/components/spinner';
import { ApiError } from '#web/lib/api-client';
import { applyLiveSnapshot } from '#web/lib/realtime/live-snapshot';
import { onUserEvent } from '#web/lib/realtime/user-events';
import { sessionQueryKey, sessionQueryOptions } from '../api/sessions';
import { useNow } from '#web/lib/use-now';
import { useSessionUpdates } from '../hooks/use-session-updates';
import { formatInZone, localTimeZone } from '#web/lib/dates';
import { clock, isOver, msUntilStart } from '../lib/session-display';

/** How often to look again while the session is not there yet for this person. */
export const SESSION_WAITING_RECHECK_MS = 5_000;

/**
 * /session-waiting/:sessionId: waits until the session is active for this person and has started, then
 * goes to /session/{id}; a booked session opened before its start counts down to it; a completed one
 * says so with a link to it. Events ('chat_session.updated', 'session_created') and resyncs look again
 * at once.
 */
export function SessionWaitingScreen({ sessionId, homePath }: { sessionId: string; homePath: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...sessionQueryOptions(sessionId),
    retry: false,
    refetchInterval: (current) =>
      current.state.data || !(current.state.error === null || isNotFound(current.state.error))
        ? false
        : SESSION_WAITING_RECHECK_MS,
  });
  const session = query.data;
  const now = useNow(1000, session !== undefined);
  const untilStart = session ? msUntilStart(session, now) : 0;
  const ready = session ? !isOver(session, now) && untilStart === 0 : false;

  const recheck = () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey(sessionId) });
  useSessionUpdates((updated) => {
    if (updated.id === sessionId) applyLiveSnapshot(queryClient, sessionQueryKey(sessionId), updated);
  }, recheck);
  useEffect(
    () =>
      onUserEvent(SESSION_EVENTS.sessionCreated, (event) => {
        const parsed = sessionCreatedPayloadSchema.safeParse(event.payload);
        if (parsed.success && parsed.data.sessionId === sessionId)
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey(sessionId) });
      }),
    [queryClient, sessionId],
  );

  useEffect(() => {
    if (ready) void navigate(`/session/${encodeURIComponent(sessionId)}`, { replace: true });
  }, [ready, navigate, sessionId]);

  const frame =
    'mx-auto flex min-h-[60dvh] w-full max-w-md flex-col items-center justify-center px-4 py-12 text-center';

  if (session && !isOver(session, now) && untilStart > 0) {
    const other = session.viewer === 'coach' ? session.client_name : session.coach_name;
    return (
      <div className={frame}>
        <p className="text-sm font-semibold uppercase tracking-wide text-text-muted">Booked session</p>
        <h1 className="mt-2 text-2xl font-semibold sm:text-3xl">{`Your session with ${other} starts soon`}</h1>
        <p className="mt-6 text-5xl font-semibold tabular-nums" aria-hidden="true">
          {clock(untilStart)}
        </p>
        <p className="mt-2 text-text-muted">
          {`Starts ${formatInZone(session.start_time, localTimeZone())}. We will take you in then.`}
        </p>
        {/* Said once for screen readers, not every second. */}
        <p className="sr-only" role="status">
          {`Starts in about ${Math.max(1, Math.ceil(untilStart / 60_000))} minutes.`}
        </p>
        <Link to={homePath} className={buttonClasses('ghost', 'mt-6')}>
          Back to your home
        </Link>
      </div>
    );
  }

  if (session && !ready)
    return (
      <div className={frame}>
        <CircleCheck aria-hidden="true" className="size-12 text-success" />
        <h1 className="mt-4 text-2xl font-semibold sm:text-3xl">This session has ended</h1>
        <p className="mt-2 text-text-muted">It is complete. Its summary is on the session page.</p>
        <Link to={`/session/${encodeURIComponent(sessionId)}`} className={buttonClasses('primary', 'mt-6')}>
          See the session
        </Link>
      </div>
    );

  if (query.isError && !isNotFound(query.error))
    return (
      <div className="mx-auto w-full max-w-md px-4 py-12">
        <LoadError as="h1" title="We could not check your session" error={query.error} onRetry={recheck} />
      </div>
    );

  return (
    <div className={frame}>
      <Spinner className="size-10" />
      <h1 className="mt-6 text-2xl font-semibold sm:text-3xl">Waiting for your session</h1>
      <p role="status" className="mt-2 text-text-muted">
        {ready ? 'Your session is ready. Taking you there…' : 'We will take you in as soon as it starts.'}
      </p>
      <Link to={homePath} className={buttonClasses('ghost', 'mt-6')}>
        Back to your home
      </Link>
    </div>
  );
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
