import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createSessionRequestsRepository } from './session-requests.repository';
import { sessionRequestsRoutes } from './session-requests.routes';
import { createSessionRequestsService, type SessionRequestsService } from './session-requests.service';

export type SessionRequestsModuleDeps = ModuleDeps<typeof createSessionRequestsService>;

/** The session-requests module: its repository, service and routes. Answers the service for other modules. */
export function registerSessionRequests(
  app: HttpApp,
  deps: SessionRequestsModuleDeps,
): SessionRequestsService {
  const { route, ...serviceDeps } = deps;
  const sessionRequests = createSessionRequestsService({
    ...serviceDeps,
    repository: createSessionRequestsRepository(),
  });
  sessionRequestsRoutes(app, route, sessionRequests);
  return sessionRequests;
}
