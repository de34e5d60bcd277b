import { coachPagesApi as endpoints } from '#contracts/coach-pages.api';
import type { HttpApp, Route } from '#server/http/route';
import type { CoachPagesService } from './coach-pages.service';

/** Coach pages (contracts/coach-pages.api.ts): each handler is one service call. */
export function coachPagesRoutes(app: HttpApp, route: Route, coachPages: CoachPagesService) {
  route(app, endpoints.get, async ({ params }) => coachPages.getCoachPage(params.ref));
  route(app, endpoints.getOwnBranding, async ({ caller }) => coachPages.getOwnBranding(caller.userId));
  route(app, endpoints.saveOwnBranding, async ({ caller, body }) =>
    coachPages.saveOwnBranding(caller.userId, body),
  );
}
