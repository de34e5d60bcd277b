import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CalendarClock, Hourglass, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { REVIEW_MESSAGES, type SessionReviews } from '#contracts/reviews';
import { SessionDetailsLink, SessionPageError, SessionPageSkeleton } from '#web/components/session-page';
import { ApiError } from '#web/lib/api-client';
import { sessionReviewsQueryOptions } from '../api/reviews';
import { useReviewUpdates } from '../hooks/use-review-updates';
import { formatReviewDate, ReplyBox, ReviewCard, VisibilityNote } from './review-card';
import { ReviewForm } from './review-form';
import { FORMAT_NOUNS } from '#domain/coaching/format-labels';
import { cardClasses } from '#web/components/card';

/** The one calm sentence about double-blind reviews. */
export function DoubleBlindNote() {
  return (
    <p className="flex gap-2 rounded-[var(--radius-control)] bg-primary-soft px-3 py-2.5 text-sm text-text">
      <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <span>{REVIEW_MESSAGES.doubleBlind}</span>
    </p>
  );
}

/**
 * /review/:sessionId (the client rates the coach) and /coach-review/:sessionId (the coach reviews the
 * client): write one's review once the session is over, see it after sending, and the other party's
 * once visible (both wrote, or 7 days passed); the coach replies once to the client's review. The
 * screen follows who the person was in the session, whichever of the two addresses they opened.
 */
export function SessionReviewScreen({ sessionId, homePath }: { sessionId: string; homePath: string }) {
  const query = useQuery(sessionReviewsQueryOptions(sessionId));
  useReviewUpdates();

  if (query.isPending) return <SessionPageSkeleton testId="review-loading" mainCardClass="h-64" />;
  if (query.isError && !query.data) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <SessionPageError
        missing={missing}
        title="The review did not load"
        missingText="It may belong to another account. Reviews can be written by the coach and the client of a session only."
        error={query.error}
        onRetry={() => void query.refetch()}
        homePath={homePath}
      />
    );
  }
  const data = query.data;
  const coach = data.viewer === 'coach';
  const { session } = data;
  const other = coach ? session.client_name : session.coach_name;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-3">
        <Link
          to="/reviews"
          className="inline-flex min-h-11 items-center gap-1.5 self-start text-sm font-medium text-text-muted hover:text-text"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          All reviews
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
          {coach ? `Review your session with ${other}` : `Rate your session with ${other}`}
        </h1>
        <SessionSummary data={data} />
        <DoubleBlindNote />
      </header>

      <section aria-labelledby="review-mine-heading" className={`${cardClasses} p-4 sm:p-6`}>
        <h2 id="review-mine-heading" className="mb-4 text-lg font-semibold">
          Your review
        </h2>
        {data.mine ? (
          <ReviewCard
            rating={data.mine.rating}
            body={data.mine.body}
            byline={`You about ${other}`}
            createdAt={data.mine.created_at}
            note={<VisibilityNote review={data.mine} other={other} />}
            reply={data.mine.reply}
            replyBy={session.coach_name}
            repliedAt={data.mine.replied_at}
          />
        ) : data.can_review ? (
          <ReviewForm
            sessionId={session.id}
            about={other}
            placeholder={
              coach
                ? `What stood out working with ${other}? Kind, specific notes help other coaches.`
                : `What helped? What could be better? Your words help others choose a coach.`
            }
          />
        ) : (
          <Waiting>
            This session has not ended yet. You can review it here once it is over.{' '}
            <Link
              to={`/session/${encodeURIComponent(session.id)}`}
              className="font-semibold text-primary underline-offset-2 hover:underline"
            >
              Back to the session
            </Link>
          </Waiting>
        )}
      </section>

      <section aria-labelledby="review-theirs-heading" className={`${cardClasses} p-4 sm:p-6`}>
        <h2 id="review-theirs-heading" className="mb-4 text-lg font-semibold">
          {`${other}'s review of you`}
        </h2>
        {data.theirs ? (
          <ReviewCard
            rating={data.theirs.rating}
            body={data.theirs.body}
            byline={`${other} about you`}
            createdAt={data.theirs.created_at}
            reply={data.theirs.reply}
            replyBy="you"
            repliedAt={data.theirs.replied_at}
          >
            {data.can_reply ? <ReplyBox reviewId={data.theirs.id} clientName={other} /> : null}
          </ReviewCard>
        ) : (
          <Waiting>
            {data.mine
              ? `${other}'s review appears here once they have written it, or on ${formatReviewDate(data.mine.visible_at)} if they have not.`
              : `Once you have both written a review, ${other}'s appears here.`}
          </Waiting>
        )}
      </section>
    </div>
  );
}

function Waiting({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-[var(--radius-control)] bg-surface-sunken/60 px-4 py-8 text-center text-sm text-text-muted">
      <Hourglass aria-hidden="true" className="size-7 text-primary" />
      <p className="max-w-md">{children}</p>
    </div>
  );
}

function SessionSummary({ data }: { data: SessionReviews }) {
  const { session } = data;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-text-muted">
      <span className="inline-flex items-center gap-1.5">
        <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <span>
          <time dateTime={session.start_time}>{formatReviewDate(session.start_time)}</time> ·{' '}
          {FORMAT_NOUNS[session.format]} · {session.duration_minutes} min
        </span>
      </span>
      <SessionDetailsLink sessionId={session.id} />
    </p>
  );
}
