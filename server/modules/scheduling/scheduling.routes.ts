import { schedulingApi as endpoints } from '#contracts/scheduling.api';
import type { HttpApp, Route } from '#server/http/route';
import type { SchedulingService } from './scheduling.service';

/** A coach's hours and the free times (contracts/scheduling.api.ts): each handler is one service call. */
export function schedulingRoutes(app: HttpApp, route: Route, scheduling: SchedulingService) {
  route(app, endpoints.getAvailability, async ({ caller }) => scheduling.getAvailability(caller.userId));

  route(app, endpoints.saveAvailability, async ({ caller, body }) =>
    scheduling.saveAvailability(caller.userId, body),
  );

  route(app, endpoints.slots, async ({ params, query }) => scheduling.slots(params.coachId, query));
}
