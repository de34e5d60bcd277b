import type { HttpApp, Route } from '../../http/route';
import { createChatSessionsRepository } from './chat-sessions.repository';
import { chatSessionsRoutes } from './chat-sessions.routes';
import { createChatSessionsService, type ChatSessionsService } from './chat-sessions.service';

export type ChatSessionsModuleDeps = Omit<Parameters<typeof createChatSessionsService>[0], 'repository'> & {
  route: Route;
};

/**
 * The chat-sessions module: its repository, service and routes. Answers the service for the modules
 * built on a session, which subscribe to its completion hooks (onSessionSettling, onSessionCompleted).
 */
export function registerChatSessions(app: HttpApp, deps: ChatSessionsModuleDeps): ChatSessionsService {
  const { route, ...serviceDeps } = deps;
  const chatSessions = createChatSessionsService({
    ...serviceDeps,
    repository: createChatSessionsRepository(),
  });
  chatSessionsRoutes(app, route, chatSessions);
  return chatSessions;
}
