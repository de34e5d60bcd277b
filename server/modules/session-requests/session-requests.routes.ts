import { sessionRequestsApi as endpoints } from '#contracts/session-requests.api';
import { answerChangeById, answerOutcome, type HttpApp, type Route } from '#server/http/route';
import type { SessionRequestsService } from './session-requests.service';

/** Session requests (contracts/session-requests.api.ts): each handler is one service call. */
export function sessionRequestsRoutes(app: HttpApp, route: Route, sessionRequests: SessionRequestsService) {
  route(app, endpoints.create, async ({ caller, body, tx, emit }) => {
    const coachHasOpenTab = await sessionRequests.coachHasOpenTab(body.coach_id);
    const created = await sessionRequests.create(tx, caller.userId, body, { coachHasOpenTab });
    emit(created.events);
    return created.request;
  });

  route(app, endpoints.pending, async ({ caller }) => sessionRequests.pending(caller.userId));

  route(app, endpoints.scheduled, async ({ caller }) => sessionRequests.scheduled(caller.userId));

  route(app, endpoints.get, async ({ caller, params }) => sessionRequests.get(caller.userId, params.id));

  route(app, endpoints.alternatives, async ({ caller, params }) =>
    sessionRequests.alternatives(caller.userId, params.id),
  );

  route(app, endpoints.accept, answerChangeById(sessionRequests.accept));

  route(app, endpoints.decline, answerChangeById(sessionRequests.decline));

  route(app, endpoints.cancel, answerChangeById(sessionRequests.cancel));

  route(app, endpoints.message, async ({ caller, params, body, emit }) =>
    answerOutcome(emit, await sessionRequests.message(caller.userId, params.id, body.message)),
  );
}
