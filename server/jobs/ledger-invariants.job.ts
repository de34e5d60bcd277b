import type { Database } from '../db/client';
import type { InvariantReport, LedgerInvariantStatus, LedgerService } from '../modules/ledger/ledger.service';
import { describeErrorForLog } from '../plugins/log-safety';
import { createIntervalJob } from './interval-job';

/** The ledger invariants are checked at start-up and then every hour. */
export const LEDGER_INVARIANTS_INTERVAL_MS = 60 * 60_000;

/** The pino methods the job uses; Fastify's `app.log` fits. */
export type InvariantsJobLogger = {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  fatal(fields: object, message: string): void;
};

export type LedgerInvariantsJobDeps = {
  db: Database;
  ledger: LedgerService;
  status: LedgerInvariantStatus;
  logger: InvariantsJobLogger;
  intervalMs?: number;
};

/**
 * Checks the ledger invariants (LedgerService.checkInvariants) once now and then on an interval. A
 * broken invariant is logged at fatal level with what was found and turns GET /api/health red
 * (through `status`) until a later check passes. A check that cannot run (database down) is a
 * warning and leaves the last result in place: health already reports the database itself.
 */
export function createLedgerInvariantsJob(deps: LedgerInvariantsJobDeps) {
  const intervalMs = deps.intervalMs ?? LEDGER_INVARIANTS_INTERVAL_MS;

  async function check(): Promise<InvariantReport | undefined> {
    try {
      const report = await deps.ledger.checkInvariants(deps.db);
      deps.status.record(report);
      if (report.ok) deps.logger.info({ checkedAt: report.checkedAt }, 'Ledger invariants hold');
      else
        deps.logger.fatal(
          { alert: 'LEDGER_INVARIANT_BROKEN', ...report },
          'LEDGER INVARIANT BROKEN: money may have been lost, doubled or invented; /api/health is degraded',
        );
      return report;
    } catch (error) {
      deps.logger.warn({ err: describeErrorForLog(error) }, 'Ledger invariant check could not run');
      return undefined;
    }
  }

  /** runOnce(): undefined when the check could not run. start() and stop() as every job. */
  return createIntervalJob(check, intervalMs);
}

export type LedgerInvariantsJob = ReturnType<typeof createLedgerInvariantsJob>;
