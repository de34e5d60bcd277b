import type { HttpApp, ModuleDeps } from '#server/http/route';
import type { SessionsService } from '../sessions/sessions.service';
import { createFollowupsRepository } from './followups.repository';
import { followupsRoutes } from './followups.routes';
import { createFollowupsService, type FollowupsService } from './followups.service';

export type FollowupsModuleDeps = ModuleDeps<typeof createFollowupsService, 'repository' | 'findSession'> & {
  /** Who is a party of the session (guests are not): the chat sessions' decision. */
  chatSessions: Pick<SessionsService, 'get'>;
};

/** The follow-ups module: its repository, service and routes. */
export async function registerFollowups(app: HttpApp, deps: FollowupsModuleDeps): Promise<FollowupsService> {
  const { route, chatSessions, ...serviceDeps } = deps;
  const followups = createFollowupsService({
    ...serviceDeps,
    repository: createFollowupsRepository(),
    findSession: (userId, sessionId) => chatSessions.get(userId, sessionId),
  });
  await followupsRoutes(app, route, followups);
  return followups;
}
