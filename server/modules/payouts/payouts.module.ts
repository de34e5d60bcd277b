import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createPayoutsRepository } from './payouts.repository';
import { payoutsRoutes } from './payouts.routes';
import { createPayoutsService, type PayoutsService } from './payouts.service';

export type PayoutsModuleDeps = ModuleDeps<typeof createPayoutsService>;

/** The payouts module: its repository, service and routes. Answers the service (tests read it off the app). */
export function registerPayouts(app: HttpApp, deps: PayoutsModuleDeps): PayoutsService {
  const { route, ...serviceDeps } = deps;
  const payouts = createPayoutsService({ ...serviceDeps, repository: createPayoutsRepository() });
  payoutsRoutes(app, route, payouts);
  return payouts;
}
