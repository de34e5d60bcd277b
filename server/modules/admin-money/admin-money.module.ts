import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createAdminMoneyRepository } from './admin-money.repository';
import { adminMoneyRoutes } from './admin-money.routes';
import { createAdminMoneyService, type AdminMoneyService } from './admin-money.service';

export type AdminMoneyModuleDeps = ModuleDeps<typeof createAdminMoneyService>;

/** The admin-money module (refunds, platform revenue): its repository, service and routes. */
export function registerAdminMoney(app: HttpApp, deps: AdminMoneyModuleDeps): AdminMoneyService {
  const { route, ...serviceDeps } = deps;
  const adminMoney = createAdminMoneyService({ ...serviceDeps, repository: createAdminMoneyRepository() });
  adminMoneyRoutes(app, route, adminMoney);
  return adminMoney;
}
