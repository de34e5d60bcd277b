import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createCouponsRepository } from './coupons.repository';
import { couponsRoutes } from './coupons.routes';
import { createCouponsService, type CouponsService } from './coupons.service';

export type CouponsModuleDeps = ModuleDeps<typeof createCouponsService>;

/** The coupons module: its repository, service and routes. Answers the service (settlement uses it). */
export function registerCoupons(app: HttpApp, deps: CouponsModuleDeps): CouponsService {
  const { route, ...serviceDeps } = deps;
  const coupons = createCouponsService({ ...serviceDeps, repository: createCouponsRepository() });
  couponsRoutes(app, route, coupons);
  return coupons;
}
