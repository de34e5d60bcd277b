import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import type { FollowupsResponse } from '#contracts/followups';
import { SessionDetailsLink, SessionPageError, SessionPageSkeleton } from '#web/components/session-page';
import { ApiError } from '#web/lib/api-client';
import { followupsQueryOptions } from '../api/followups';
import { useFollowupUpdates } from '../hooks/use-followup-updates';
import { FollowupForm } from './followup-form';
import { FollowupList } from './followup-list';
import { localTimeZone } from '#web/lib/dates';
import { formatDateTime } from '#web/lib/date-times';
import { FORMAT_NOUNS } from '#domain/coaching/format-labels';
import { cardClasses } from '#web/components/card';

/**
 * /follow-up/:sessionId. The coach of a finished session writes notes and
 * resources for the client and sees what was sent; the client reads what they received (read-only).
 * Live: a new follow-up for this session (or a resync) reads the list again.
 */
export function FollowupScreen({ sessionId, homePath }: { sessionId: string; homePath: string }) {
  const query = useQuery(followupsQueryOptions(sessionId));
  useFollowupUpdates(sessionId);

  if (query.isPending) return <SessionPageSkeleton testId="followup-loading" mainCardClass="h-72" />;
  if (query.isError && !query.data) {
    // A malformed id in the address (400 on the params) is as missing as an unknown one.
    const missing =
      query.error instanceof ApiError &&
      (query.error.status === 404 || query.error.code === 'VALIDATION_ERROR');
    return (
      <SessionPageError
        missing={missing}
        title="The follow-up did not load"
        missingText="It may have been removed, or it belongs to another account. Follow-ups are private to the coach and the client."
        error={query.error}
        onRetry={() => void query.refetch()}
        homePath={homePath}
      />
    );
  }
  const data = query.data;
  const coach = data.viewer_role === 'coach';
  const { session } = data;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <header>
        <Link
          to={homePath}
          className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-text-muted hover:text-text"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Your sessions
        </Link>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
          {coach ? `Follow up with ${session.client_name}` : `Notes from ${session.coach_name}`}
        </h1>
        <SessionSummary data={data} />
      </header>

      {coach ? (
        <>
          <section aria-labelledby="followup-write-heading" className={`${cardClasses} p-4 sm:p-6`}>
            <h2 id="followup-write-heading" className="text-lg font-semibold">
              New follow-up
            </h2>
            {session.status === 'completed' ? (
              <>
                <p className="mt-1 mb-5 text-sm text-text-muted">
                  Send {session.client_name} your notes and a few resources to keep the momentum going.
                </p>
                <FollowupForm sessionId={sessionId} clientName={session.client_name} />
              </>
            ) : (
              <p className="mt-2 text-sm text-text-muted">
                This session is still going on. Once it has ended you can send {session.client_name} your
                notes and resources from here.{' '}
                <Link
                  to={`/session/${encodeURIComponent(session.id)}`}
                  className="font-semibold text-primary underline-offset-2 hover:underline"
                >
                  Back to the session
                </Link>
              </p>
            )}
          </section>
          <section aria-labelledby="followup-sent-heading" className={`${cardClasses} p-4 sm:p-6`}>
            <h2 id="followup-sent-heading" className="mb-4 text-lg font-semibold">
              Sent follow-ups
            </h2>
            <FollowupList
              followups={data.followups}
              empty={`Nothing sent yet. What you send appears here, and ${session.client_name} can read it any time.`}
            />
          </section>
        </>
      ) : (
        <section aria-labelledby="followup-received-heading" className={`${cardClasses} p-4 sm:p-6`}>
          <h2 id="followup-received-heading" className="mb-4 text-lg font-semibold">
            Follow-ups from {session.coach_name}
          </h2>
          <FollowupList
            followups={data.followups}
            empty={`No follow-up yet. When ${session.coach_name} sends notes or resources after your session, they appear here.`}
          />
        </section>
      )}
    </div>
  );
}

/** Who, when, what format, and the way back to the session's details and transcript. */
function SessionSummary({ data }: { data: FollowupsResponse }) {
  const { session } = data;
  const other = data.viewer_role === 'coach' ? session.client_name : session.coach_name;
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-text-muted">
      <span className="inline-flex items-center gap-1.5">
        <CalendarClock aria-hidden="true" className="size-4 text-primary" />
        <span>
          Session with <span className="font-medium text-text">{other}</span> ·{' '}
          <time dateTime={session.start_time}>{formatDateTime(session.start_time, localTimeZone())}</time> ·{' '}
          {FORMAT_NOUNS[session.format]} · {session.duration_minutes} min
        </span>
      </span>
      <SessionDetailsLink sessionId={session.id} />
    </p>
  );
}
