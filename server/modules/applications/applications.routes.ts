import { applicationsApi as endpoints } from '#contracts/applications.api';
import { answerOutcome, type HttpApp, type Route } from '#server/http/route';
import type { ApplicationsService } from './applications.service';

/** Coach applications (contracts/applications.api.ts): each handler is one service call. */
export function applicationsRoutes(app: HttpApp, route: Route, applications: ApplicationsService) {
  route(app, endpoints.mine, async ({ caller }) => applications.getMine(caller.userId));
  route(app, endpoints.apply, async ({ caller, body }) => applications.apply(caller.userId, body));

  route(app, endpoints.list, async ({ caller, query, request }) =>
    applications.list(caller.admin, query.status, request.id),
  );
  route(app, endpoints.get, async ({ caller, params, request }) =>
    applications.get(caller.admin, params.id, request.id),
  );
  route(app, endpoints.approve, async ({ caller, params, request, emit }) =>
    answerOutcome(emit, await applications.approve(caller.admin, params.id, request.id)),
  );
  route(app, endpoints.reject, async ({ caller, params, body, request, emit }) =>
    answerOutcome(emit, await applications.reject(caller.admin, params.id, body.reason, request.id)),
  );
}
