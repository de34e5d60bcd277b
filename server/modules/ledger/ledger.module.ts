import type { Clock } from '#domain/clock';
import type { HttpApp } from '#server/http/route';
import { createLedgerRepository } from './ledger.repository';
import {
  createLedgerInvariantStatus,
  createLedgerService,
  type LedgerInvariantStatus,
  type LedgerService,
} from './ledger.service';

/**
 * The ledger: no HTTP routes. Its service is what the money modules post through; the
 * invariant status is decorated on the app (app.ledger) for the job server/main.ts runs, and health
 * reads it.
 */
export function registerLedger(
  app: HttpApp,
  deps: { clock: Clock },
): { service: LedgerService; invariants: LedgerInvariantStatus } {
  const ledger = {
    service: createLedgerService({ repository: createLedgerRepository(), clock: deps.clock }),
    invariants: createLedgerInvariantStatus(),
  };
  app.decorate('ledger', ledger);
  return ledger;
}
