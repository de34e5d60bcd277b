import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createSessionsRepository } from './sessions.repository';
import { sessionsRoutes } from './sessions.routes';
import { createSessionsService, type SessionsService } from './sessions.service';

export type SessionsModuleDeps = ModuleDeps<typeof createSessionsService>;

/**
 * The sessions module: its repository, service and routes. Answers the service for the modules
 * built on a session, which subscribe to its completion hooks (onSessionSettling, onSessionCompleted).
 */
export function registerSessions(app: HttpApp, deps: SessionsModuleDeps): SessionsService {
  const { route, ...serviceDeps } = deps;
  const chatSessions = createSessionsService({
    ...serviceDeps,
    repository: createSessionsRepository(),
  });
  sessionsRoutes(app, route, chatSessions);
  return chatSessions;
}
