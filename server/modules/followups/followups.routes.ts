import { followupsApi as endpoints } from '../../../contracts/followups.api';
import type { HttpApp, Route } from '../../http/route';
import type { FollowupsService } from './followups.service';

/** Follow-ups after a session (contracts/followups.api.ts): each handler is one service call. */
export function followupsRoutes(app: HttpApp, route: Route, followups: FollowupsService) {
  route(app, endpoints.list, async ({ caller, params }) => followups.list(caller.userId, params.id));

  route(app, endpoints.send, async ({ caller, params, body, tx, emit }) => {
    const sent = await followups.send(tx, caller.userId, params.id, body);
    emit(sent.events);
    return sent.body;
  });
}
