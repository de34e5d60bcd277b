import { z } from 'zod';
import { requiredText, wholeNumber } from './fields';
import { sessionPartiesFields } from './sessions';
import { SESSION_FORMATS } from '#domain/coaching/categories';

/**
 * Reviews after a session (SPEC §2 /review, /coach-review, /rating-reviews, /reviews;
 * §3 coach_stats and client_coach_stats).
 *
 *   GET  /api/sessions/:id/reviews         a party's view: their own review, the other party's once
 *                                          visible, whether they can still write or reply (404 for others)
 *   POST /api/sessions/:id/reviews         { rating 1..5, body } once per side of a completed session:
 *                                          201 the party's view; 409 the second time or before it ended
 *   POST /api/reviews/:id/reply            { reply } the coach, once, to the client's visible review of
 *                                          them: 200 the party's view; 409 the second time
 *   GET  /api/reviews?as=client|coach      the caller's reviews: awaiting, written, received (visible only)
 *   GET  /api/coaches/:coachId/reviews     public: a coach's visible client reviews, newest first, paged
 *
 * Double-blind: a review is shown to the other party and the public only from its `visible_at` — the
 * moment both sides have written, or the session's end + 7 days, whichever comes first. Its author sees
 * it at once. The client's review of a coach is shown with the client's first name only.
 *
 * Realtime: REVIEW_EVENTS.visible on both parties' `user:<id>` topics when a session's reviews become
 * visible (recorded in that transaction, delivered after it commits).
 */

export const REVIEW_BODY_MAX = 2_000;
export const REVIEW_REPLY_MAX = 1_000;
/** A review is visible at the latest this long after the session ended. */
export const REVIEW_BLIND_DAYS = 7;
export const REVIEW_BLIND_MS = REVIEW_BLIND_DAYS * 24 * 60 * 60_000;
/** Reviews per page of a coach's public list. */
export const COACH_REVIEWS_PAGE_SIZE = 10;
/** The most of each list GET /api/reviews returns (newest first). */
export const MY_REVIEWS_LIMIT = 50;

export const REVIEW_AUTHOR_ROLES = ['client', 'coach'] as const;
export type ReviewAuthorRole = (typeof REVIEW_AUTHOR_ROLES)[number];

export const REVIEW_MESSAGES = {
  rating: 'Choose a rating from 1 to 5 stars.',
  bodyTooLong: `Keep the review to ${REVIEW_BODY_MAX} characters or fewer.`,
  replyRequired: 'Write a reply.',
  replyTooLong: `Keep the reply to ${REVIEW_REPLY_MAX} characters or fewer.`,
  notEnded: 'You can review this session once it has ended.',
  alreadyReviewed: 'You have already reviewed this session.',
  alreadyReplied: 'You have already replied to this review.',
  replyCoachOnly: 'Only the coach who was reviewed can reply to this review.',
  notFound: 'This review could not be found.',
  coachRoleRequired: 'Only coaches receive coach reviews. Switch to your client reviews.',
  /** The one calm sentence every review screen shows. */
  doubleBlind: `Reviews are double-blind: neither of you sees the other's review until you have both written one, or ${REVIEW_BLIND_DAYS} days after the session.`,
} as const;

/** What a review says, wherever it is shown. */
const reviewContentFields = {
  rating: z.number().int().min(1).max(5),
  body: z.string(),
  created_at: z.string(),
};

/** The coach's one reply to a client's review. */
const reviewReplyFields = {
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
};

export const reviewSchema = z.object({
  id: z.uuid(),
  session_id: z.uuid(),
  /** client: the client about the coach; coach: the coach about the client. */
  author_role: z.enum(REVIEW_AUTHOR_ROLES),
  ...reviewContentFields,
  /** When the other party and (for a client's review) the public can read it. */
  visible_at: z.string(),
  /** visible_at has passed. */
  is_visible: z.boolean(),
  ...reviewReplyFields,
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewSessionSchema = z.object({
  ...sessionPartiesFields,
  format: z.enum(SESSION_FORMATS),
  status: z.enum(['active', 'completed']),
  start_time: z.string(),
  /** When it ended (or ends, while active). */
  ended_at: z.string(),
  duration_minutes: z.number().int(),
});

/** GET /api/sessions/:id/reviews (also the answer of POST …/reviews and POST /api/reviews/:id/reply). */
export const sessionReviewsSchema = z.object({
  session: reviewSessionSchema,
  viewer: z.enum(REVIEW_AUTHOR_ROLES),
  /** The caller's own review (always shown to its author), or null. */
  mine: reviewSchema.nullable(),
  /** The other party's review, only once visible. */
  theirs: reviewSchema.nullable(),
  /** The session is over and the caller has not reviewed it yet. */
  can_review: z.boolean(),
  /** The caller is the coach, the client's review of them is visible and has no reply yet. */
  can_reply: z.boolean(),
});
export type SessionReviews = z.infer<typeof sessionReviewsSchema>;

export const reviewSessionParamsSchema = z.object({ id: z.uuid() });
export const reviewParamsSchema = z.object({ id: z.uuid() });

/** POST /api/sessions/:id/reviews */
export const createReviewSchema = z
  .object({
    rating: wholeNumber(1, 5, REVIEW_MESSAGES.rating),
    body: z.string().trim().max(REVIEW_BODY_MAX, REVIEW_MESSAGES.bodyTooLong).default(''),
  })
  .strict();
export type CreateReview = z.input<typeof createReviewSchema>;

/** POST /api/reviews/:id/reply */
export const replyReviewSchema = z
  .object({
    reply: requiredText(REVIEW_REPLY_MAX, {
      required: REVIEW_MESSAGES.replyRequired,
      tooLong: REVIEW_MESSAGES.replyTooLong,
    }),
  })
  .strict();
export type ReplyReview = z.input<typeof replyReviewSchema>;

// ---- The caller's reviews (GET /api/reviews?as=client|coach)

export const myReviewsQuerySchema = z.object({ as: z.enum(REVIEW_AUTHOR_ROLES) });

/** A review with its session: who the other party is and when it was. */
export const reviewItemSchema = reviewSchema.extend({
  /** The other party's name (the coach for a client; the client for a coach). */
  other_name: z.string(),
  session_start_time: z.string(),
  format: z.enum(SESSION_FORMATS),
  /** Only for a coach's received review: they may still reply. */
  can_reply: z.boolean(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const awaitingReviewSchema = z.object({
  session_id: z.uuid(),
  other_name: z.string(),
  format: z.enum(SESSION_FORMATS),
  start_time: z.string(),
  ended_at: z.string(),
  duration_minutes: z.number().int(),
});
export type AwaitingReview = z.infer<typeof awaitingReviewSchema>;

export const myReviewsSchema = z.object({
  as: z.enum(REVIEW_AUTHOR_ROLES),
  /** Completed sessions the caller has not reviewed yet, newest first. */
  awaiting: z.array(awaitingReviewSchema),
  /** Reviews the caller wrote, newest first (each visible to the other party from visible_at). */
  written: z.array(reviewItemSchema),
  /** Visible reviews of the caller, newest first. */
  received: z.array(reviewItemSchema),
  /** The average and count of the visible reviews of the caller in this role (null average: none). */
  summary: z.object({
    rating_average: z.number().nullable(),
    total_reviews: z.number().int().nonnegative(),
  }),
});
export type MyReviews = z.infer<typeof myReviewsSchema>;

// ---- A coach's public reviews (GET /api/coaches/:coachId/reviews?page=1)

export const coachReviewsParamsSchema = z.object({ coachId: z.uuid() });
export const coachReviewsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const publicReviewSchema = z.object({
  id: z.uuid(),
  ...reviewContentFields,
  /** The client's first name only. */
  client_first_name: z.string(),
  ...reviewReplyFields,
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const coachReviewsSchema = z.object({
  reviews: z.array(publicReviewSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type CoachReviews = z.infer<typeof coachReviewsSchema>;

// ---- Realtime events on `user:<id>`

export const REVIEW_EVENTS = {
  /** To both parties: a session's reviews became visible (both wrote, or 7 days passed). Payload { session_id }. */
  visible: 'session_review.visible',
} as const;

export const reviewVisibleEventPayloadSchema = z.object({ session_id: z.uuid() });
