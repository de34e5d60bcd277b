import { useQuery } from '@tanstack/react-query';
import { CalendarClock, PenLine, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MyReviews, ReviewAuthorRole, ReviewItem } from '#contracts/reviews';
import { buttonClasses } from '#web/components/button';
import { LoadError } from '#web/components/load-error';
import { myReviewsQueryOptions } from '../api/reviews';
import { useReviewUpdates } from '../hooks/use-review-updates';
import { formatReviewDate, ReplyBox, ReviewCard, VisibilityNote } from './review-card';
import { CountBadge, EmptyReviews } from './review-list-parts';
import { DoubleBlindNote } from './session-review-screen';
import { Stars } from './stars';
import { FORMAT_NOUNS } from '#domain/coaching/format-labels';
import { cardClasses } from '#web/components/card';

/**
 * /reviews and /rating-reviews: the signed-in person's reviews in their active role. A client: the
 * sessions waiting for their review, what they wrote, and what coaches wrote about them once visible.
 * A coach: their rating, the reviews from clients (with Reply), sessions waiting for their review and
 * what they wrote about clients.
 */
export function MyReviewsScreen({ as }: { as: ReviewAuthorRole }) {
  const query = useQuery(myReviewsQueryOptions(as));
  useReviewUpdates();
  const coach = as === 'coach';
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
          {coach ? 'Ratings and reviews' : 'Your reviews'}
        </h1>
        <p className="max-w-2xl text-text-muted">
          {coach
            ? 'What your clients say about your sessions, and your notes about them.'
            : 'Rate your sessions and read what your coaches wrote.'}
        </p>
        <DoubleBlindNote />
      </header>
      {query.isPending ? (
        <ListsSkeleton />
      ) : query.isError ? (
        <LoadError
          title="Your reviews did not load"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : coach ? (
        <CoachLists data={query.data} />
      ) : (
        <ClientLists data={query.data} />
      )}
    </div>
  );
}

function ClientLists({ data }: { data: MyReviews }) {
  return (
    <>
      <Awaiting
        data={data}
        path="/review"
        empty="Nothing is waiting. After each session you can rate it here."
      />
      <ReviewsSection
        kind="written"
        as="client"
        title="Reviews you wrote"
        items={data.written}
        empty="You have not reviewed a session yet."
      />
      <ReviewsSection
        kind="received"
        as="client"
        title="Reviews from your coaches"
        items={data.received}
        empty="No reviews from coaches yet. A coach's review of you appears here once you have both written one, or 7 days after the session."
      />
    </>
  );
}

function CoachLists({ data }: { data: MyReviews }) {
  const { summary } = data;
  return (
    <>
      <section
        aria-labelledby="reviews-summary"
        className={`${cardClasses} flex flex-wrap items-center gap-4 p-4 sm:p-6`}
      >
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-warning-soft text-warning">
          <Star aria-hidden="true" className="size-6 fill-current" />
        </span>
        <div>
          <h2 id="reviews-summary" className="text-sm font-medium text-text-muted">
            Your rating
          </h2>
          {summary.rating_average === null ? (
            <p className="text-lg font-semibold">No reviews yet</p>
          ) : (
            <p className="flex flex-wrap items-center gap-x-2 text-lg font-semibold tabular-nums">
              {`${summary.rating_average.toFixed(1)} / 5`}
              <Stars rating={Math.round(summary.rating_average)} />
              <span className="text-sm font-normal text-text-muted">
                {`from ${summary.total_reviews} ${summary.total_reviews === 1 ? 'review' : 'reviews'}`}
              </span>
            </p>
          )}
        </div>
      </section>
      <ReviewsSection
        kind="received"
        as="coach"
        title="Reviews from your clients"
        items={data.received}
        empty="No client reviews yet. A client's review appears here once you have both written one, or 7 days after the session."
      />
      <Awaiting
        data={data}
        path="/coach-review"
        empty="Nothing is waiting. After each session you can review your client here."
      />
      <ReviewsSection
        kind="written"
        as="coach"
        title="Reviews you wrote about clients"
        items={data.written}
        empty="You have not reviewed a client yet."
      />
    </>
  );
}

/**
 * The reviews the person wrote ("About …", with when the other side can read it) or received
 * ("From …"). Only coaches reply, so a reply shows on a client's written reviews and on a coach's
 * received ones, where the coach can still reply.
 */
function ReviewsSection({
  kind,
  as,
  title,
  items,
  empty,
}: {
  kind: 'written' | 'received';
  as: ReviewAuthorRole;
  title: string;
  items: ReviewItem[];
  empty: string;
}) {
  const written = kind === 'written';
  const withReply = written !== (as === 'coach');
  return (
    <Section id={`reviews-${kind}`} title={title} count={items.length}>
      {items.length === 0 ? (
        <EmptyReviews>{empty}</EmptyReviews>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <li key={item.id}>
              <ReviewCard
                rating={item.rating}
                body={item.body}
                byline={<ItemByline item={item} prefix={written ? 'About' : 'From'} />}
                createdAt={item.created_at}
                note={written ? <VisibilityNote review={item} other={item.other_name} /> : undefined}
                reply={withReply ? item.reply : null}
                replyBy={written ? item.other_name : 'you'}
                repliedAt={withReply ? item.replied_at : null}
              >
                {!written && withReply && item.can_reply ? (
                  <ReplyBox reviewId={item.id} clientName={item.other_name} />
                ) : null}
              </ReviewCard>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function ItemByline({ item, prefix }: { item: ReviewItem; prefix: string }) {
  return (
    <>
      {`${prefix} ${item.other_name}`}
      <span className="font-normal text-text-muted">
        {` · session of ${formatReviewDate(item.session_start_time)}, ${FORMAT_NOUNS[item.format].toLowerCase()}`}
      </span>
    </>
  );
}

function Awaiting({ data, path, empty }: { data: MyReviews; path: string; empty: string }) {
  return (
    <Section id="reviews-awaiting" title="Waiting for your review" count={data.awaiting.length}>
      {data.awaiting.length === 0 ? (
        <EmptyReviews>{empty}</EmptyReviews>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {data.awaiting.map((item) => (
            <li
              key={item.session_id}
              className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
            >
              <div className="min-w-0">
                <p className="font-medium">{`Session with ${item.other_name}`}</p>
                <p className="flex items-center gap-1.5 text-sm text-text-muted">
                  <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
                  <span>
                    <time dateTime={item.start_time}>{formatReviewDate(item.start_time)}</time>
                    {` · ${FORMAT_NOUNS[item.format]} · ${item.duration_minutes} min`}
                  </span>
                </p>
              </div>
              <Link
                to={`${path}/${encodeURIComponent(item.session_id)}`}
                aria-label={`Write a review of your session with ${item.other_name}`}
                className={buttonClasses('primary')}
              >
                <PenLine aria-hidden="true" className="size-4" />
                Write a review
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Section({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`${cardClasses} p-4 sm:p-6`}>
      <h2 id={id} className="mb-4 flex items-center gap-2 text-lg font-semibold">
        {title}
        <CountBadge count={count} />
      </h2>
      {children}
    </section>
  );
}

function ListsSkeleton() {
  return (
    <div aria-hidden="true" data-testid="reviews-loading" className="flex flex-col gap-6">
      <div className={`${cardClasses} h-28 animate-pulse`} />
      <div className={`${cardClasses} h-48 animate-pulse`} />
      <div className={`${cardClasses} h-48 animate-pulse`} />
    </div>
  );
}
