import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createNotificationsRepository } from './notifications.repository';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationsService, type NotificationsService } from './notifications.service';

export type NotificationsModuleDeps = ModuleDeps<typeof createNotificationsService>;

/** The notifications module: a person's notifications, and `notify` for the modules that cause them. */
export function registerNotifications(app: HttpApp, deps: NotificationsModuleDeps): NotificationsService {
  const { route, ...serviceDeps } = deps;
  const notifications = createNotificationsService({
    ...serviceDeps,
    repository: createNotificationsRepository(),
  });
  notificationsRoutes(app, route, notifications);
  return notifications;
}
