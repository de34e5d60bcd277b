import type { HttpApp, ModuleDeps } from '#server/http/route';
import type { RealtimeService } from '#server/realtime/realtime.service';
import { createPresenceRepository } from './presence.repository';
import { presenceRoutes } from './presence.routes';
import {
  createPresenceAnnouncer,
  createPresenceService,
  type PresenceAnnouncer,
  type PresenceService,
} from './presence.service';

export type PresenceModuleDeps = ModuleDeps<typeof createPresenceService>;

/**
 * The announcer of what coaches show (online, busy), made first: profiles, presence and the chat
 * sessions announce through it in their own transactions.
 */
export function createPresence(deps: {
  realtime: Pick<RealtimeService, 'recordBroadcast'>;
}): PresenceAnnouncer {
  return createPresenceAnnouncer({ repository: createPresenceRepository(), realtime: deps.realtime });
}

/** The coach-presence module: its repository, service and routes. */
export function registerPresence(app: HttpApp, deps: PresenceModuleDeps): PresenceService {
  const { route, ...serviceDeps } = deps;
  const presence = createPresenceService({ ...serviceDeps, repository: createPresenceRepository() });
  presenceRoutes(app, route, presence);
  return presence;
}
