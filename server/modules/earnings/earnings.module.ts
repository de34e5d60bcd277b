import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createEarningsRepository } from './earnings.repository';
import { earningsRoutes } from './earnings.routes';
import { createEarningsService, type EarningsService } from './earnings.service';

export type EarningsModuleDeps = ModuleDeps<typeof createEarningsService>;

/** The earnings module: its repository, service and routes. Answers the service (server/main.ts's job). */
export function registerEarnings(app: HttpApp, deps: EarningsModuleDeps): EarningsService {
  const { route, ...serviceDeps } = deps;
  const earnings = createEarningsService({ ...serviceDeps, repository: createEarningsRepository() });
  earningsRoutes(app, route, earnings);
  return earnings;
}
