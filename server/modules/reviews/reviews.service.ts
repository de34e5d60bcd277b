import { NOTIFICATION_TEXTS } from '#contracts/notifications';
import type { RealtimeEvent } from '#contracts/realtime';
import {
  COACH_REVIEWS_PAGE_SIZE,
  MY_REVIEWS_LIMIT,
  REVIEW_BLIND_MS,
  REVIEW_EVENTS,
  REVIEW_MESSAGES,
  type CoachReviews,
  type CreateReview,
  type MyReviews,
  type Review,
  type ReviewAuthorRole,
  type ReviewItem,
  type SessionReviews,
} from '#contracts/reviews';
import type { ChatSession } from '#contracts/sessions';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { Database, DbExecutor } from '#server/db/client';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { CoachStatsFigures, ReviewRow, ReviewsRepository } from './reviews.repository';

/** A party's view of a session (404 for anyone else): the sessions service's `get`. */
export type FindSessionForParty = (userId: string, sessionId: string) => Promise<ChatSession>;

/** Reviews the visibility job counts per transaction. */
export const REVIEW_VISIBILITY_BATCH_SIZE = 100;

const userTopic = (userId: string) => `user:${userId}`;

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** SPEC §3 avg_response_time sample '< 1 hour': the smallest bound the average is under. */
export function describeResponseTime(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  if (seconds < 60) return '< 1 minute';
  if (seconds < 5 * 60) return '< 5 minutes';
  if (seconds < 60 * 60) return '< 1 hour';
  if (seconds < 24 * 60 * 60) return '< 1 day';
  return '1 day or more';
}

/** Whole per cent of decided instant requests answered before they expired; null without any. */
export function onTimePercentage(figures: Pick<CoachStatsFigures, 'answeredInstant' | 'decidedInstant'>) {
  if (figures.decidedInstant === 0) return null;
  return Math.round((figures.answeredInstant / figures.decidedInstant) * 100);
}

/** The first word of a name ('Client' when there is none): the public sees clients by first name only. */
export function firstNameOf(name: string | null | undefined): string {
  return name?.trim().split(/\s+/)[0] || 'Client';
}

export function toReview(row: ReviewRow, now: Date): Review {
  return {
    id: row.id,
    session_id: row.sessionId,
    author_role: row.authorRole,
    rating: row.rating,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    visible_at: row.visibleAt.toISOString(),
    is_visible: row.visibleAt.getTime() <= now.getTime(),
    reply: row.reply,
    replied_at: row.repliedAt ? row.repliedAt.toISOString() : null,
  };
}

const isVisible = (row: ReviewRow, now: Date) => row.visibleAt.getTime() <= now.getTime();

const endedAtOf = (session: ChatSession) => session.end_time ?? session.ends_at;

/**
 * Double-blind reviews after a session and the coach_stats / client_coach_stats
 * figures shown on coach pages (SPEC §3).
 *
 * - create: one transaction under the session's row lock (so two first reviews at once queue): the
 *   review, visible now when the other side has written (and the other's is brought forward to now),
 *   else at the session's end + 7 days (now, if that has passed). When reviews become visible: the
 *   coach's stats are refreshed, they are marked counted, both parties hear REVIEW_EVENTS.visible and
 *   the reviewed person of each review newly counted gets its notification (review_visible).
 * - reply: the reviewed coach, once, to a visible client review (compare-and-set on reply is null).
 * - countDueVisible (the job): reviews visible by time, claimed FOR UPDATE SKIP LOCKED, counted (and
 *   told, as in create).
 * - refreshStats(tx, coachId, clientId): recomputes both stats rows from the real tables under their
 *   row locks; sessions calls it in the completing transaction.
 */
export function createReviewsService(deps: {
  db: Database;
  repository: ReviewsRepository;
  findSession: FindSessionForParty;
  realtime: Pick<RealtimeService, 'record' | 'transaction'>;
  notifications: Pick<NotificationsService, 'notify'>;
  clock: Clock;
}) {
  const { db, repository, findSession, realtime, clock } = deps;

  const roleOf = (session: ChatSession, userId: string): ReviewAuthorRole =>
    session.coach_id === userId ? 'coach' : 'client';

  async function refreshStats(tx: DbExecutor, coachId: string, clientId: string): Promise<void> {
    await repository.lockCoachStats(tx, coachId);
    const figures = await repository.coachFigures(tx, coachId, clock.now());
    await repository.updateCoachStats(tx, coachId, {
      totalSessions: figures.totalSessions,
      totalClients: figures.totalClients,
      ratingAverage: figures.ratingAverage,
      totalReviews: figures.totalReviews,
      avgResponseTime: describeResponseTime(figures.avgResponseSeconds),
      onTimePercentage: onTimePercentage(figures),
    });
    await repository.lockClientCoachStats(tx, coachId, clientId);
    await repository.refreshClientCoachStats(tx, coachId, clientId);
  }

  /** REVIEW_EVENTS.visible on the coach's topic, then the client's. */
  async function recordVisible(
    tx: DbExecutor,
    session: { id: string; coachId: string; clientId: string },
  ): Promise<RealtimeEvent[]> {
    const events: RealtimeEvent[] = [];
    for (const userId of new Set([session.coachId, session.clientId]))
      events.push(
        await realtime.record(tx, {
          topic: userTopic(userId),
          type: REVIEW_EVENTS.visible,
          payload: { session_id: session.id },
        }),
      );
    return events;
  }

  /**
   * The reviewed person of each review just counted (visible now) is told, with the way to the
   * session's review screen: the coach's (/coach-review) or the client's (/review). The reviews are
   * of one session, so only its parties' topics are written (those recordVisible wrote).
   */
  async function tellReviewed(tx: DbExecutor, counted: readonly ReviewRow[]): Promise<RealtimeEvent[]> {
    const first = counted[0];
    if (!first) return [];
    const names = await repository.findSessionView(tx, first.sessionId);
    const events: RealtimeEvent[] = [];
    for (const review of [...counted].sort((a, b) => compare(a.authorRole, b.authorRole))) {
      const byClient = review.authorRole === 'client';
      const authorName = byClient
        ? names?.clientName?.trim() || 'Your client'
        : names?.coachName?.trim() || NOTIFICATION_TEXTS.coachFallback;
      events.push(
        ...(await deps.notifications.notify(tx, {
          userId: byClient ? review.coachId : review.clientId,
          type: 'review_visible',
          title: NOTIFICATION_TEXTS.reviewVisible.title,
          message: NOTIFICATION_TEXTS.reviewVisible.message(authorName, review.rating),
          actorId: review.authorUserId,
          actorName: authorName,
          actionText: NOTIFICATION_TEXTS.reviewVisible.action,
          actionUrl: `${byClient ? '/coach-review' : '/review'}/${review.sessionId}`,
        })),
      );
    }
    return events;
  }

  function viewOf(
    session: ChatSession,
    viewer: ReviewAuthorRole,
    rows: ReviewRow[],
    now: Date,
  ): SessionReviews {
    const mine = rows.find((row) => row.authorRole === viewer) ?? null;
    const other = rows.find((row) => row.authorRole !== viewer) ?? null;
    const theirs = other && isVisible(other, now) ? other : null;
    return {
      session: {
        id: session.id,
        coach_id: session.coach_id,
        client_id: session.client_id,
        coach_name: session.coach_name,
        coach_username: session.coach_username,
        client_name: session.client_name,
        format: session.format,
        status: session.status,
        start_time: session.start_time,
        ended_at: endedAtOf(session),
        duration_minutes: session.duration_minutes,
      },
      viewer,
      mine: mine ? toReview(mine, now) : null,
      theirs: theirs ? toReview(theirs, now) : null,
      can_review: session.status === 'completed' && mine === null,
      can_reply: viewer === 'coach' && theirs !== null && theirs.reply === null,
    };
  }

  async function view(userId: string, sessionId: string): Promise<SessionReviews> {
    const session = await findSession(userId, sessionId);
    const rows = await repository.listForSession(db, sessionId);
    return viewOf(session, roleOf(session, userId), rows, clock.now());
  }

  return {
    refreshStats,

    /** GET /api/sessions/:id/reviews */
    view,

    /** POST /api/sessions/:id/reviews: the caller's review of the other party (once per side). */
    async create(userId: string, sessionId: string, input: CreateReview): Promise<SessionReviews> {
      const session = await findSession(userId, sessionId);
      if (session.status !== 'completed') throw new AppError('CONFLICT', REVIEW_MESSAGES.notEnded);
      const authorRole = roleOf(session, userId);
      await realtime.transaction(async (tx, emit) => {
        const locked = await repository.lockSession(tx, sessionId);
        if (!locked) throw new AppError('NOT_FOUND', 'This session could not be found.');
        const existing = await repository.listForSession(tx, sessionId);
        if (existing.some((row) => row.authorRole === authorRole))
          throw new AppError('CONFLICT', REVIEW_MESSAGES.alreadyReviewed);
        const other = existing.find((row) => row.authorRole !== authorRole);
        const now = clock.now();
        const endedAt =
          locked.endTime ?? new Date(locked.startTime.getTime() + locked.durationMinutes * 60_000);
        const blindUntil = new Date(Math.max(now.getTime(), endedAt.getTime() + REVIEW_BLIND_MS));
        const inserted = await repository.insert(tx, {
          sessionId,
          coachId: locked.coachId,
          clientId: locked.clientId,
          authorRole,
          authorUserId: userId,
          rating: input.rating,
          body: (input.body ?? '').trim(),
          createdAt: now,
          visibleAt: other ? now : blindUntil,
        });
        // Unreachable under the row lock, but the unique index is the last word.
        if (!inserted) throw new AppError('CONFLICT', REVIEW_MESSAGES.alreadyReviewed);
        if (other) await repository.revealSession(tx, sessionId, now);
        if (!other && blindUntil.getTime() > now.getTime()) return;
        // Something became visible now: count it into the coach's figures and tell both parties.
        await refreshStats(tx, locked.coachId, locked.clientId);
        const rows = await repository.listForSession(tx, sessionId);
        const newlyVisible = await repository.markCounted(
          tx,
          rows.map((row) => row.id),
          now,
        );
        emit(await recordVisible(tx, locked));
        emit(await tellReviewed(tx, newlyVisible));
      });
      return view(userId, sessionId);
    },

    /** POST /api/reviews/:id/reply: the reviewed coach, once, to the client's visible review. */
    async reply(userId: string, reviewId: string, reply: string): Promise<SessionReviews> {
      const review = await repository.findById(db, reviewId);
      if (!review) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.notFound);
      // Only the session's parties learn that the review exists; the hidden one stays hidden.
      const session = await findSession(userId, review.sessionId).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'NOT_FOUND')
          throw new AppError('NOT_FOUND', REVIEW_MESSAGES.notFound);
        throw error;
      });
      const role = roleOf(session, userId);
      if (review.authorRole === role) throw new AppError('FORBIDDEN', REVIEW_MESSAGES.replyCoachOnly);
      if (!isVisible(review, clock.now())) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.notFound);
      if (role !== 'coach') throw new AppError('FORBIDDEN', REVIEW_MESSAGES.replyCoachOnly);
      const updated = await repository.setReply(db, { id: reviewId, reply: reply.trim(), now: clock.now() });
      if (!updated) throw new AppError('CONFLICT', REVIEW_MESSAGES.alreadyReplied);
      return view(userId, review.sessionId);
    },

    /** GET /api/reviews?as=client|coach */
    async mine(userId: string, as: ReviewAuthorRole): Promise<MyReviews> {
      if (as === 'coach' && !(await repository.holdsCoachRole(db, userId)))
        throw new AppError('FORBIDDEN', REVIEW_MESSAGES.coachRoleRequired);
      const now = clock.now();
      const other: ReviewAuthorRole = as === 'coach' ? 'client' : 'coach';
      const [awaiting, written, received, summary] = await Promise.all([
        repository.awaiting(db, { userId, as, now, limit: MY_REVIEWS_LIMIT }),
        repository.listOfParty(db, { userId, as, author: as, limit: MY_REVIEWS_LIMIT }),
        repository.listOfParty(db, { userId, as, author: other, visibleBy: now, limit: MY_REVIEWS_LIMIT }),
        repository.summaryOf(db, { userId, as, now }),
      ]);
      const otherName = (row: { coachName: string | null; clientName: string }) =>
        as === 'coach' ? row.clientName : row.coachName?.trim() || 'Your Coach';
      const toItem = (row: (typeof written)[number], canReply: boolean): ReviewItem => ({
        ...toReview(row.review, now),
        other_name: otherName(row),
        session_start_time: row.startTime.toISOString(),
        format: row.format,
        can_reply: canReply,
      });
      return {
        as,
        awaiting: awaiting.map((row) => ({
          session_id: row.sessionId,
          other_name: otherName(row),
          format: row.format,
          start_time: row.startTime.toISOString(),
          ended_at: (
            row.endTime ?? new Date(row.startTime.getTime() + row.durationMinutes * 60_000)
          ).toISOString(),
          duration_minutes: row.durationMinutes,
        })),
        written: written.map((row) => toItem(row, false)),
        received: received.map((row) => toItem(row, as === 'coach' && row.review.reply === null)),
        summary: {
          rating_average: summary.average === null ? null : Number(summary.average),
          total_reviews: summary.total,
        },
      };
    },

    /** GET /api/coaches/:coachId/reviews: visible client reviews, newest first, first names only. */
    async listForCoach(coachId: string, page: number): Promise<CoachReviews> {
      const { rows, total } = await repository.listPublic(db, {
        coachId,
        now: clock.now(),
        limit: COACH_REVIEWS_PAGE_SIZE,
        offset: (page - 1) * COACH_REVIEWS_PAGE_SIZE,
      });
      return {
        reviews: rows.map(({ review, clientName }) => ({
          id: review.id,
          rating: review.rating,
          body: review.body,
          created_at: review.createdAt.toISOString(),
          client_first_name: firstNameOf(clientName),
          reply: review.reply,
          replied_at: review.repliedAt ? review.repliedAt.toISOString() : null,
        })),
        total,
        page,
        page_size: COACH_REVIEWS_PAGE_SIZE,
      };
    },

    /**
     * The visibility job: reviews whose visible_at has passed (7 days after the session) and that are
     * not counted yet, in batches claimed FOR UPDATE SKIP LOCKED; each batch refreshes its coaches'
     * stats (in coach order, so concurrent runs queue instead of deadlocking), marks them counted and
     * tells both parties of each session. Returns how many reviews it counted.
     */
    async countDueVisible(now: Date, batchSize = REVIEW_VISIBILITY_BATCH_SIZE): Promise<number> {
      let counted = 0;
      for (;;) {
        const claimed = await realtime.transaction(async (tx, emit) => {
          const due = await repository.lockDueVisible(tx, now, batchSize);
          const pairs = new Map<string, { coachId: string; clientId: string }>();
          const sessions = new Map<string, { id: string; coachId: string; clientId: string }>();
          for (const row of due) {
            pairs.set(`${row.coachId}:${row.clientId}`, { coachId: row.coachId, clientId: row.clientId });
            sessions.set(row.sessionId, { id: row.sessionId, coachId: row.coachId, clientId: row.clientId });
          }
          const orderedPairs = [...pairs.values()].sort(
            (a, b) => compare(a.coachId, b.coachId) || compare(a.clientId, b.clientId),
          );
          for (const pair of orderedPairs) await refreshStats(tx, pair.coachId, pair.clientId);
          const newlyVisible = await repository.markCounted(
            tx,
            due.map((row) => row.id),
            now,
          );
          const orderedSessions = [...sessions.values()].sort(
            (a, b) => compare(a.coachId, b.coachId) || compare(a.id, b.id),
          );
          for (const session of orderedSessions) {
            emit(await recordVisible(tx, session));
            const ofSession = newlyVisible.filter((row) => row.sessionId === session.id);
            emit(await tellReviewed(tx, ofSession));
          }
          return due.length;
        });
        counted += claimed;
        if (claimed < batchSize) return counted;
      }
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
