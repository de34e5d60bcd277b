import { describe, expect, it } from 'vitest';
import { createManualClock } from '#domain/clock';
import { createHealthService } from './health.service';

function setup(answers: (number | null | Error)[]) {
  const clock = createManualClock('2026-11-21T09:00:00Z');
  let calls = 0;
  const repository = {
    findLatestAppliedMigrationMillis: async () => {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      if (answer instanceof Error) throw answer;
      return answer ?? null;
    },
  };
  const service = createHealthService({
    repository,
    clock,
    startedAt: clock.now(),
    version: '1.0.0',
    expectedMigrationMillis: 100,
  });
  return { service, clock, calls: () => calls };
}

describe('health service', () => {
  it('is ok when the newest migration is applied, degraded when one is pending or the database is down', async () => {
    expect((await setup([100]).service.getHealth()).status).toBe('ok');
    expect(await setup([99]).service.getHealth()).toMatchObject({
      status: 'degraded',
      checks: { migrations: 'pending' },
    });
    expect(await setup([null]).service.getHealth()).toMatchObject({
      status: 'degraded',
      checks: { migrations: 'pending' },
    });
    expect(await setup([new Error('down')]).service.getHealth()).toMatchObject({
      status: 'degraded',
      checks: { database: 'unreachable', migrations: 'unknown' },
    });
  });

  it('is degraded while the ledger invariant job reports a broken ledger, read fresh on every call', async () => {
    const clock = createManualClock('2026-11-21T09:00:00Z');
    let ledger: 'ok' | 'broken' | 'unchecked' = 'unchecked';
    const service = createHealthService({
      repository: { findLatestAppliedMigrationMillis: async () => 100 },
      clock,
      startedAt: clock.now(),
      version: '1.0.0',
      expectedMigrationMillis: 100,
      ledgerInvariants: () => ledger,
    });
    expect(await service.getHealth()).toMatchObject({ status: 'ok', checks: { ledger: 'unchecked' } });
    ledger = 'broken';
    expect(await service.getHealth()).toMatchObject({ status: 'degraded', checks: { ledger: 'broken' } });
    ledger = 'ok';
    expect(await service.getHealth()).toMatchObject({ status: 'ok', checks: { ledger: 'ok' } });
  });

  it('asks the database at most once a second, sharing one check between concurrent callers', async () => {
    const { service, clock, calls } = setup([new Error('down'), 100]);
    const concurrent = await Promise.all([service.getHealth(), service.getHealth(), service.getHealth()]);
    expect(concurrent.map((health) => health.status)).toEqual(['degraded', 'degraded', 'degraded']);
    expect(calls()).toBe(1);

    clock.advance(999);
    expect((await service.getHealth()).status).toBe('degraded');
    expect(calls()).toBe(1);

    clock.advance(1);
    const later = await service.getHealth();
    expect(later.status).toBe('ok');
    expect(later.uptimeSeconds).toBe(1);
    expect(calls()).toBe(2);
  });
});
