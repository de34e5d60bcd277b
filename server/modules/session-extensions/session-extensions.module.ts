import type { HttpApp, ModuleDeps } from '#server/http/route';
import type { SessionsService } from '../sessions/sessions.service';
import { createSessionExtensionsRepository } from './session-extensions.repository';
import { sessionExtensionsRoutes } from './session-extensions.routes';
import { createSessionExtensionsService, type SessionExtensionsService } from './session-extensions.service';

export type SessionExtensionsModuleDeps = ModuleDeps<
  typeof createSessionExtensionsService,
  'repository' | 'chatSessions'
> & {
  chatSessions: Pick<SessionsService, 'get' | 'lockShared' | 'extend' | 'onSessionSettling'>;
};

/**
 * The session-extensions module: its repository, service and routes. Subscribes to a session's
 * completion: accepted asks are captured and pending ones released before the session's own capture.
 */
export async function registerSessionExtensions(
  app: HttpApp,
  deps: SessionExtensionsModuleDeps,
): Promise<SessionExtensionsService> {
  const { route, ...serviceDeps } = deps;
  const sessionExtensions = createSessionExtensionsService({
    ...serviceDeps,
    repository: createSessionExtensionsRepository(),
  });
  deps.chatSessions.onSessionSettling((tx, session, now) =>
    sessionExtensions.settleForCompletion(tx, session, now),
  );
  await sessionExtensionsRoutes(app, route, sessionExtensions);
  return sessionExtensions;
}
