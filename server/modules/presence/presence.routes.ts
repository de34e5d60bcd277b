import { presenceApi as endpoints } from '#contracts/presence.api';
import type { HttpApp, Route } from '#server/http/route';
import type { PresenceService } from './presence.service';

/** Coach presence (contracts/presence.api.ts): each handler is one service call. */
export function presenceRoutes(app: HttpApp, route: Route, presence: PresenceService) {
  route(app, endpoints.get, async ({ caller }) => presence.get(caller.userId));

  route(app, endpoints.set, async ({ caller, body }) => presence.set(caller.userId, body.is_online));

  route(app, endpoints.confirm, async ({ caller }) => presence.confirm(caller.userId));
}
