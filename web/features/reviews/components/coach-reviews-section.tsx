import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '#web/components/button';
import { Spinner } from '#web/components/spinner';
import { coachReviewsQueryOptions } from '../api/reviews';
import { ReviewCard } from './review-card';
import { CoachReviewsShell, CoachReviewsSkeleton } from './coach-reviews-shell';
import { EmptyReviews } from './review-list-parts';

/**
 * The "Reviews" section of a public coach page: the coach's visible client reviews, newest first
 * (rating, text, date, the client's first name, the coach's reply), ten at a time with Show more.
 */
export function CoachReviewsSection({ coachId, coachName }: { coachId: string; coachName: string }) {
  const query = useInfiniteQuery(coachReviewsQueryOptions(coachId));
  const reviews = query.data?.pages.flatMap((page) => page.reviews) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  return (
    <CoachReviewsShell total={total}>
      {query.isPending ? (
        <CoachReviewsSkeleton />
      ) : query.isError ? (
        <div role="status" className="mt-3 flex flex-wrap items-center gap-3 text-sm text-text-muted">
          <span>We could not load the reviews right now.</span>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : reviews.length === 0 ? (
        <EmptyReviews className="mt-4">{`No reviews yet. Clients can review ${coachName} after a session.`}</EmptyReviews>
      ) : (
        <>
          <ul className="mt-4 flex flex-col gap-3">
            {reviews.map((review) => (
              <li key={review.id}>
                <ReviewCard
                  rating={review.rating}
                  body={review.body}
                  byline={review.client_first_name}
                  createdAt={review.created_at}
                  reply={review.reply}
                  replyBy={coachName}
                  repliedAt={review.replied_at}
                />
              </li>
            ))}
          </ul>
          {query.hasNextPage ? (
            <Button
              variant="secondary"
              className="mt-4 w-full sm:w-auto"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? <Spinner className="size-4" /> : null}
              Show more reviews
            </Button>
          ) : null}
        </>
      )}
    </CoachReviewsShell>
  );
}
