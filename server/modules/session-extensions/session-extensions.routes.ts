import { sessionExtensionsApi as endpoints } from '#contracts/session-extensions.api';
import {
  answerChangeById,
  answerOutcome,
  routeAuthorizedFirst,
  type HttpApp,
  type Route,
} from '#server/http/route';
import type { SessionExtensionsService } from './session-extensions.service';

/** More minutes in a live session (contracts/session-extensions.api.ts): each handler is one service call. */
export async function sessionExtensionsRoutes(
  app: HttpApp,
  route: Route,
  sessionExtensions: SessionExtensionsService,
) {
  route(app, endpoints.list, async ({ caller, params }) => sessionExtensions.list(caller.userId, params.id));

  // Who may ask is decided before the Idempotency-Key is read (404/403/409, not 400).
  await routeAuthorizedFirst(
    app,
    route,
    endpoints.create,
    sessionExtensions.authorizeCreate,
    async ({ caller, params, body, tx, emit }) =>
      answerOutcome(emit, await sessionExtensions.create(tx, caller.userId, params.id, body.minutes)),
  );

  route(app, endpoints.accept, answerChangeById(sessionExtensions.accept));

  route(app, endpoints.decline, answerChangeById(sessionExtensions.decline));

  route(app, endpoints.cancel, answerChangeById(sessionExtensions.cancel));
}
