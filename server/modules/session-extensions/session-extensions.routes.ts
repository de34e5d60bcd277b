import { sessionExtensionsApi as endpoints } from '../../../contracts/session-extensions.api';
import type { HttpApp, Route } from '../../http/route';
import type { SessionExtensionsService } from './session-extensions.service';

/** More minutes in a live session (contracts/session-extensions.api.ts): each handler is one service call. */
export function sessionExtensionsRoutes(app: HttpApp, route: Route, sessionExtensions: SessionExtensionsService) {
  route(app, endpoints.list, async ({ caller, params }) => sessionExtensions.list(caller.userId, params.id));

  route(app, endpoints.create, async ({ caller, params, body, tx, emit }) => {
    const created = await sessionExtensions.create(tx, caller.userId, params.id, body.minutes);
    emit(created.events);
    return created.body;
  });

  route(app, endpoints.accept, async ({ caller, params, emit }) => {
    const { body, events } = await sessionExtensions.accept(caller.userId, params.id);
    emit(events);
    return body;
  });

  route(app, endpoints.decline, async ({ caller, params, emit }) => {
    const { body, events } = await sessionExtensions.decline(caller.userId, params.id);
    emit(events);
    return body;
  });

  route(app, endpoints.cancel, async ({ caller, params, emit }) => {
    const { body, events } = await sessionExtensions.cancel(caller.userId, params.id);
    emit(events);
    return body;
  });
}
