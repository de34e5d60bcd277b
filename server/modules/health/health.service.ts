import type { Clock } from '#domain/clock';
import type { HealthResponse } from '#contracts/health';
import type { HealthRepository } from './health.repository';

type Checks = HealthResponse['checks'];
type DatabaseChecks = Omit<Checks, 'ledger'>;

/**
 * The database is asked at most once per CHECK_INTERVAL_MS, however many load balancers and probes
 * call: concurrent callers share one check, later ones reuse its answer until it is a second old.
 */
const CHECK_INTERVAL_MS = 1000;

export function createHealthService(deps: {
  repository: HealthRepository;
  clock: Clock;
  startedAt: Date;
  version: string;
  expectedMigrationMillis: number;
  /** The ledger invariant job's latest result (in memory, read on every call); absent = unchecked. */
  ledgerInvariants?: () => Checks['ledger'];
}) {
  let last: { at: number; checks: DatabaseChecks } | undefined;
  let inFlight: Promise<DatabaseChecks> | undefined;

  async function runChecks(): Promise<DatabaseChecks> {
    try {
      const latest = await deps.repository.findLatestAppliedMigrationMillis();
      return {
        database: 'ok',
        migrations: latest !== null && latest >= deps.expectedMigrationMillis ? 'current' : 'pending',
      };
    } catch {
      return { database: 'unreachable', migrations: 'unknown' };
    }
  }

  async function currentChecks(): Promise<DatabaseChecks> {
    const now = deps.clock.now().getTime();
    if (last && now - last.at < CHECK_INTERVAL_MS) return last.checks;
    inFlight ??= runChecks().then((checks) => {
      last = { at: deps.clock.now().getTime(), checks };
      inFlight = undefined;
      return checks;
    });
    return inFlight;
  }

  return {
    async getHealth(): Promise<HealthResponse> {
      const checks: Checks = {
        ...(await currentChecks()),
        ledger: deps.ledgerInvariants?.() ?? 'unchecked',
      };
      return {
        status:
          checks.database === 'ok' && checks.migrations === 'current' && checks.ledger !== 'broken'
            ? 'ok'
            : 'degraded',
        checks,
        version: deps.version,
        uptimeSeconds: Math.round((deps.clock.now().getTime() - deps.startedAt.getTime()) / 1000),
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
