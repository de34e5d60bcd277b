import { endpointGroup } from './endpoint';
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

const endpoint = endpointGroup('Reviews');
const signedInEndpoint = endpoint.as('signed-in');

/**
 * Reviews after a session. A session's reviews are its parties' (anyone else: 404, anonymous: 401); a
 * coach's visible client reviews are public.
 */
export const reviewsApi = {
  session: signedInEndpoint({
    method: 'GET',
    path: '/api/sessions/:id/reviews',
    summary: "A party's view of a session's reviews (the other side's once visible)",
    params: reviewSessionParamsSchema,
    responses: { 200: sessionReviewsSchema },
  }),
  create: signedInEndpoint({
    method: 'POST',
    path: '/api/sessions/:id/reviews',
    summary: 'A party reviews a completed session, once per side (double-blind)',
    params: reviewSessionParamsSchema,
    body: createReviewSchema,
    responses: { 201: sessionReviewsSchema },
  }),
  reply: signedInEndpoint({
    method: 'POST',
    path: '/api/reviews/:id/reply',
    summary: "The reviewed coach replies, once, to the client's visible review",
    params: reviewParamsSchema,
    body: replyReviewSchema,
    responses: { 200: sessionReviewsSchema },
  }),
  mine: signedInEndpoint({
    method: 'GET',
    path: '/api/reviews',
    summary: "The caller's reviews as client or coach: awaiting, written, received",
    query: myReviewsQuerySchema,
    responses: { 200: myReviewsSchema },
  }),
  coach: endpoint({
    method: 'GET',
    path: '/api/coaches/:coachId/reviews',
    summary: "A coach's visible client reviews, newest first, a page at a time",
    access: 'public',
    params: coachReviewsParamsSchema,
    query: coachReviewsQuerySchema,
    responses: { 200: coachReviewsSchema },
  }),
} as const;
