import { followupsApi as endpoints } from '#contracts/followups.api';
import { answerOutcome, routeAuthorizedFirst, type HttpApp, type Route } from '#server/http/route';
import type { FollowupsService } from './followups.service';

/** Follow-ups after a session (contracts/followups.api.ts): each handler is one service call. */
export async function followupsRoutes(app: HttpApp, route: Route, followups: FollowupsService) {
  route(app, endpoints.list, async ({ caller, params }) => followups.list(caller.userId, params.id));

  // Who may send is decided before the Idempotency-Key is read (404/403/409, not 400).
  await routeAuthorizedFirst(
    app,
    route,
    endpoints.send,
    followups.authorizeSend,
    async ({ caller, params, body, tx, emit }) =>
      answerOutcome(emit, await followups.send(tx, caller.userId, params.id, body)),
  );
}
