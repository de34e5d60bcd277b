import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReview, ReviewAuthorRole, SessionReviews } from '#contracts/reviews';
import { reviewsApi } from '#contracts/reviews.api';
import { api } from '#web/lib/api';

/**
 * Reviews after a session (contracts/reviews.ts): a session's reviews for its
 * parties, the person's own lists, a coach's public list; writing a review and the coach's reply.
 * Every key starts with 'reviews', so a change (or a visibility event) refreshes them all.
 */

export const REVIEWS_KEY = ['reviews'] as const;
export const sessionReviewsQueryKey = (sessionId: string) => ['reviews', 'session', sessionId] as const;

/** GET /api/sessions/:id/reviews: the party's own review, the other's once visible, what they may do. */
export const sessionReviewsQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: sessionReviewsQueryKey(sessionId),
    queryFn: ({ signal }) => api(reviewsApi.session, { params: { id: sessionId } }, { signal }),
    staleTime: 0,
  });

/** GET /api/reviews?as=client|coach: awaiting, written and received reviews in that role. */
export const myReviewsQueryOptions = (as: ReviewAuthorRole) =>
  queryOptions({
    queryKey: ['reviews', 'mine', as],
    queryFn: ({ signal }) => api(reviewsApi.mine, { query: { as } }, { signal }),
    staleTime: 0,
  });

/** GET /api/coaches/:coachId/reviews?page=n: the coach's visible client reviews, newest first, page by page. */
export const coachReviewsQueryOptions = (coachId: string) =>
  infiniteQueryOptions({
    queryKey: ['reviews', 'coach', coachId],
    queryFn: ({ signal, pageParam }) =>
      api(reviewsApi.coach, { params: { coachId }, query: { page: pageParam } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });

/** POST /api/sessions/:id/reviews: the answer is the session's new view; the lists refresh. */
export function useCreateReview(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReview) => api(reviewsApi.create, { params: { id: sessionId }, body }),
    onSuccess: (view: SessionReviews) => {
      queryClient.setQueryData(sessionReviewsQueryKey(sessionId), view);
      void queryClient.invalidateQueries({ queryKey: REVIEWS_KEY, refetchType: 'active' });
    },
  });
}

/** POST /api/reviews/:id/reply (the reviewed coach, once). */
export function useReplyReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reply }: { reviewId: string; reply: string }) =>
      api(reviewsApi.reply, { params: { id: reviewId }, body: { reply } }),
    onSuccess: (view: SessionReviews) => {
      queryClient.setQueryData(sessionReviewsQueryKey(view.session.id), view);
      void queryClient.invalidateQueries({ queryKey: REVIEWS_KEY, refetchType: 'active' });
    },
  });
}
