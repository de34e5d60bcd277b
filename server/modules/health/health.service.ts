import type { Clock } from '../../../domain/clock';
import type { HealthResponse } from '../../../contracts/health';
import type { HealthRepository } from './health.repository';

export function createHealthService(deps: {
  repository: HealthRepository;
  clock: Clock;
  startedAt: Date;
  version: string;
  expectedMigrationMillis: number;
}) {
  return {
    async getHealth(): Promise<HealthResponse> {
      const uptimeSeconds = Math.round((deps.clock.now().getTime() - deps.startedAt.getTime()) / 1000);
      let latest: number | null;
      try {
        latest = await deps.repository.findLatestAppliedMigrationMillis();
      } catch {
        return {
          status: 'degraded',
          checks: { database: 'unreachable', migrations: 'unknown' },
          version: deps.version,
          uptimeSeconds,
        };
      }
      const migrations = latest !== null && latest >= deps.expectedMigrationMillis ? 'current' : 'pending';
      return {
        status: migrations === 'current' ? 'ok' : 'degraded',
        checks: { database: 'ok', migrations },
        version: deps.version,
        uptimeSeconds,
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
