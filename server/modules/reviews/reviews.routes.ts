import { reviewsApi as endpoints } from '#contracts/reviews.api';
import type { HttpApp, Route } from '#server/http/route';
import type { ReviewsService } from './reviews.service';

/** Reviews after a session (contracts/reviews.api.ts): each handler is one service call. */
export function reviewsRoutes(app: HttpApp, route: Route, reviews: ReviewsService) {
  route(app, endpoints.session, async ({ caller, params }) => reviews.view(caller.userId, params.id));

  route(app, endpoints.create, async ({ caller, params, body }) =>
    reviews.create(caller.userId, params.id, body),
  );

  route(app, endpoints.reply, async ({ caller, params, body }) =>
    reviews.reply(caller.userId, params.id, body.reply),
  );

  route(app, endpoints.mine, async ({ caller, query }) => reviews.mine(caller.userId, query.as));

  route(app, endpoints.coach, async ({ params, query }) => reviews.listForCoach(params.coachId, query.page));
}
