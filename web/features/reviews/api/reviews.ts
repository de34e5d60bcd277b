import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  coachReviewsSchema,
  myReviewsSchema,
  sessionReviewsSchema,
  type CreateReview,
  type ReviewAuthorRole,
  type SessionReviews,
} from '../../../../contracts/reviews';
import { apiRequest } from '../../../lib/api-client';

/**
 * Reviews after a session (issue #7 point 5, contracts/reviews.ts): a session's reviews for its
 * parties, the person's own lists, a coach's public list; writing a review and the coach's reply.
 * Every key starts with 'reviews', so a change (or a visibility event) refreshes them all.
 */

export const REVIEWS_KEY = ['reviews'] as const;
export const sessionReviewsQueryKey = (sessionId: string) => ['reviews', 'session', sessionId] as const;

const sessionPath = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}/reviews`;

/** GET /api/sessions/:id/reviews: the party's own review, the other's once visible, what they may do. */
export const sessionReviewsQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: sessionReviewsQueryKey(sessionId),
    queryFn: ({ signal }) => apiRequest(sessionPath(sessionId), sessionReviewsSchema, { signal }),
    staleTime: 0,
  });

/** GET /api/reviews?as=client|coach: awaiting, written and received reviews in that role. */
export const myReviewsQueryOptions = (as: ReviewAuthorRole) =>
  queryOptions({
    queryKey: ['reviews', 'mine', as],
    queryFn: ({ signal }) => apiRequest(`/api/reviews?as=${as}`, myReviewsSchema, { signal }),
    staleTime: 0,
  });

/** GET /api/coaches/:coachId/reviews?page=n: the coach's visible client reviews, newest first, page by page. */
export const coachReviewsQueryOptions = (coachId: string) =>
  infiniteQueryOptions({
    queryKey: ['reviews', 'coach', coachId],
    queryFn: ({ signal, pageParam }) =>
      apiRequest(
        `/api/coaches/${encodeURIComponent(coachId)}/reviews?page=${pageParam}`,
        coachReviewsSchema,
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });

/** POST /api/sessions/:id/reviews: the answer is the session's new view; the lists refresh. */
export function useCreateReview(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReview) =>
      apiRequest(sessionPath(sessionId), sessionReviewsSchema, { method: 'POST', body }),
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
      apiRequest(`/api/reviews/${encodeURIComponent(reviewId)}/reply`, sessionReviewsSchema, {
        method: 'POST',
        body: { reply },
      }),
    onSuccess: (view: SessionReviews) => {
      queryClient.setQueryData(sessionReviewsQueryKey(view.session.id), view);
      void queryClient.invalidateQueries({ queryKey: REVIEWS_KEY, refetchType: 'active' });
    },
  });
}
