import { SESSION_MESSAGES, type Alternatives, type SessionRequest } from '#contracts/sessions';
import { AppError } from '#domain/errors/app-error';
import { ALTERNATIVES_LIMIT, toSessionRequest, type SessionRequestsDeps } from './session-requests.shared';

/** What a party reads: one request, the coach's pending ones, and other coaches to ask instead. */
export function createSessionRequestsReads(deps: SessionRequestsDeps) {
  const { db, repository, clock } = deps;

  return {
    /** GET /api/session-requests/:id: a party's view; anyone else 404. */
    async get(userId: string, id: string): Promise<SessionRequest> {
      const view = await repository.findView(db, id);
      if (!view || (view.coachId !== userId && view.clientId !== userId)) throw new AppError('NOT_FOUND');
      return toSessionRequest(view, clock.now());
    },

    /** GET /api/session-requests/pending: the coach's newest pending instant request (the safety net). */
    async pending(coachId: string): Promise<{ request: SessionRequest | null }> {
      const now = clock.now();
      const view = await repository.newestPendingInstant(db, coachId, now);
      return { request: view ? toSessionRequest(view, now) : null };
    },

    /** GET /api/session-requests/scheduled: the coach's pending scheduled requests. */
    async scheduled(coachId: string): Promise<{ requests: SessionRequest[] }> {
      const now = clock.now();
      const views = await repository.pendingScheduled(db, coachId, now);
      return { requests: views.map((view) => toSessionRequest(view, now)) };
    },

    /** GET /:id/alternatives (the request's client): online, free coaches in the same category. */
    async alternatives(clientId: string, id: string): Promise<Alternatives> {
      const view = await repository.findView(db, id);
      if (!view || view.clientId !== clientId) throw new AppError('NOT_FOUND');
      const category = view.sessionCategory ?? (await repository.firstCategoryOf(db, view.coachId)) ?? null;
      const coaches = await repository.onlineFreeCoaches(db, {
        category,
        excludeCoachId: view.coachId,
        limit: ALTERNATIVES_LIMIT,
      });
      return {
        online_coaches: coaches.map((coach) => ({
          id: coach.coachId,
          username: coach.username,
          full_name: coach.fullName?.trim() || SESSION_MESSAGES.coachNameFallback,
          professional_title: coach.professionalTitle,
          avatar_url: coach.avatarUrl,
          categories: coach.categories,
        })),
        coach: {
          id: view.coachId,
          username: view.coachUsername,
          full_name: view.coachFullName?.trim() || SESSION_MESSAGES.coachNameFallback,
        },
      };
    },
  };
}
