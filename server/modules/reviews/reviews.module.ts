import type { HttpApp, ModuleDeps } from '#server/http/route';
import type { SessionsService } from '../sessions/sessions.service';
import { createReviewsRepository } from './reviews.repository';
import { reviewsRoutes } from './reviews.routes';
import { createReviewsService, type ReviewsService } from './reviews.service';

export type ReviewsModuleDeps = ModuleDeps<typeof createReviewsService, 'repository' | 'findSession'> & {
  /** Who is a party (get) and the completing transaction (the stats are refreshed in it). */
  chatSessions: Pick<SessionsService, 'get' | 'onSessionCompleted'>;
};

/**
 * The reviews module: its repository, service and routes. Subscribes to a session's completion: the
 * coach_stats and client_coach_stats rows are recomputed in the completing transaction.
 */
export function registerReviews(app: HttpApp, deps: ReviewsModuleDeps): ReviewsService {
  const { route, chatSessions, ...serviceDeps } = deps;
  const reviews = createReviewsService({
    ...serviceDeps,
    repository: createReviewsRepository(),
    findSession: (userId, sessionId) => chatSessions.get(userId, sessionId),
  });
  chatSessions.onSessionCompleted((tx, session) =>
    reviews.refreshStats(tx, session.coachId, session.clientId),
  );
  reviewsRoutes(app, route, reviews);
  return reviews;
}
