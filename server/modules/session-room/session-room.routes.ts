import { sessionRoomApi as endpoints } from '#contracts/session-room.api';
import type { HttpApp, Route } from '#server/http/route';
import type { SessionRoomService } from './session-room.service';

/** The session room over HTTP (contracts/session-room.api.ts): each handler is one service call. */
export function sessionRoomRoutes(app: HttpApp, route: Route, sessionRoom: SessionRoomService) {
  route(app, endpoints.rtc, async ({ caller, params, reply }) => {
    const config = await sessionRoom.rtcConfig(caller.userId, params.id);
    // Credentials: never stored by a shared cache.
    reply.header('cache-control', 'private, no-store');
    return config;
  });
}
