import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createSessionRoomRepository } from './session-room.repository';
import { sessionRoomRoutes } from './session-room.routes';
import { createSessionRoomService, type SessionRoomService } from './session-room.service';

export type SessionRoomModuleDeps = ModuleDeps<typeof createSessionRoomService>;

/**
 * The session-room module: its repository, service and routes. The service's gatewayExtension (the
 * socket commands 'session.join', 'session.leave', 'session.signal') is attached by the realtime
 * gateway when the server listens.
 */
export function registerSessionRoom(app: HttpApp, deps: SessionRoomModuleDeps): SessionRoomService {
  const { route, ...serviceDeps } = deps;
  const sessionRoom = createSessionRoomService({ ...serviceDeps, repository: createSessionRoomRepository() });
  sessionRoomRoutes(app, route, sessionRoom);
  return sessionRoom;
}
