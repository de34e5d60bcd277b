import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createSettlementRepository } from './settlement.repository';
import { settlementRoutes } from './settlement.routes';
import { createSettlementService, type SettlementService } from './settlement.service';

export type SettlementModuleDeps = ModuleDeps<typeof createSettlementService>;

/**
 * Holds and settlement: the service other modules call in their own transactions (quote, hold, release,
 * capture, refund) and the one route it answers itself, the quote. Settlement uses coupons, never the
 * other way round.
 */
export function registerSettlement(app: HttpApp, deps: SettlementModuleDeps): SettlementService {
  const { route, ...serviceDeps } = deps;
  const settlement = createSettlementService({ ...serviceDeps, repository: createSettlementRepository() });
  settlementRoutes(app, route, settlement);
  return settlement;
}
