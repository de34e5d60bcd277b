import { notificationsApi as endpoints } from '#contracts/notifications.api';
import { answerOutcome, type HttpApp, type Route } from '#server/http/route';
import type { NotificationsService } from './notifications.service';

/** A person's notifications (contracts/notifications.api.ts): each handler is one service call. */
export function notificationsRoutes(app: HttpApp, route: Route, notifications: NotificationsService) {
  route(app, endpoints.list, async ({ caller, query }) => notifications.list(caller.userId, query));

  route(app, endpoints.read, async ({ caller, params, emit }) => {
    const { notification, events } = await notifications.read(caller.userId, params.id);
    return answerOutcome(emit, { body: { notification }, events });
  });

  route(app, endpoints.dismiss, async ({ caller, params, emit }) => {
    const { notification, events } = await notifications.dismiss(caller.userId, params.id);
    return answerOutcome(emit, { body: { notification }, events });
  });

  route(app, endpoints.readAll, async ({ caller, emit }) => {
    emit(await notifications.readAll(caller.userId));
    return undefined;
  });

  route(app, endpoints.dismissAll, async ({ caller, emit }) => {
    emit(await notifications.dismissAll(caller.userId));
    return undefined;
  });
}
