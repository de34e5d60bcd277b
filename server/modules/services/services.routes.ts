import { servicesApi as endpoints } from '#contracts/services.api';
import type { HttpApp, Route } from '#server/http/route';
import type { ServicesService } from './services.service';

/** Services (contracts/services.api.ts): each handler is one service call. */
export function servicesRoutes(app: HttpApp, route: Route, services: ServicesService) {
  route(app, endpoints.listPublic, async ({ params }) => ({
    services: await services.listPublic(params.coachId),
  }));

  route(app, endpoints.getPublic, async ({ params }) => services.getPublic(params.id));

  route(app, endpoints.listMine, async ({ caller }) => ({
    services: await services.listMine(caller.userId),
  }));

  route(app, endpoints.create, async ({ caller, body }) => services.create(caller.userId, body));

  route(app, endpoints.update, async ({ caller, params, body }) =>
    services.update(caller.userId, params.id, body),
  );

  route(app, endpoints.remove, async ({ caller, params }) => {
    await services.remove(caller.userId, params.id);
    return { deleted: true as const };
  });
}
