import { defineEndpoint } from './endpoint';
import {
  coachReviewsParamsSchema,
  coachReviewsQuerySchema,
  coachReviewsSchema,
  createReviewSchema,
  myReviewsQuerySchema,
  myReviewsSchema,
  replyReviewSchema,
  reviewParamsSchema,
  reviewSessionParamsSchema,
  sessionReviewsSchema,
} from './reviews';

const tag = 'Reviews';

/**
 * Reviews after a session. A session's reviews are its parties' (anyone else: 404, anonymous: 401); a
 * coach's visible client reviews are public.
 */
export const reviewsApi = {
  session: defineEndpoint({
    method: 'GET',
    path: '/api/sessions/:id/reviews',
    summary: "A party's view of a session's reviews (the other side's once visible)",
    tag,
    access: 'signed-in',
    params: reviewSessionParamsSchema,
    responses: { 200: sessionReviewsSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/sessions/:id/reviews',
    summary: 'A party reviews a completed session, once per side (double-blind)',
    tag,
    access: 'signed-in',
    params: reviewSessionParamsSchema,
    body: createReviewSchema,
    responses: { 201: sessionReviewsSchema },
  }),
  reply: defineEndpoint({
    method: 'POST',
    path: '/api/reviews/:id/reply',
    summary: "The reviewed coach replies, once, to the client's visible review",
    tag,
    access: 'signed-in',
    params: reviewParamsSchema,
    body: replyReviewSchema,
    responses: { 200: sessionReviewsSchema },
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: '/api/reviews',
    summary: "The caller's reviews as client or coach: awaiting, written, received",
    tag,
    access: 'signed-in',
    query: myReviewsQuerySchema,
    responses: { 200: myReviewsSchema },
  }),
  coach: defineEndpoint({
    method: 'GET',
    path: '/api/coaches/:coachId/reviews',
    summary: "A coach's visible client reviews, newest first, a page at a time",
    tag,
    access: 'public',
    params: coachReviewsParamsSchema,
    query: coachReviewsQuerySchema,
    responses: { 200: coachReviewsSchema },
  }),
} as const;
