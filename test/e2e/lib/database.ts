import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { systemClock } from '#domain/clock';
import { connectDatabase } from '#server/db/client';
import { createEarningsRepository } from '#server/modules/earnings/earnings.repository';
import { createEarningsService } from '#server/modules/earnings/earnings.service';
import { createLedgerRepository } from '#server/modules/ledger/ledger.repository';
import { createLedgerService } from '#server/modules/ledger/ledger.service';
import { createPlatformSettingsRepository } from '#server/modules/platform-settings/platform-settings.repository';
import { createPlatformSettingsService } from '#server/modules/platform-settings/platform-settings.service';

/** Where the e2e server's throwaway embedded PostgreSQL listens (scripts/e2e-server.mjs writes where it lives). */
function e2eDatabaseUrl(): string {
  // One file per e2e port (E2E_PORT), so runs side by side each find their own server.
  const file = path.join('test-results', `e2e-server-${process.env.E2E_PORT ?? '4310'}.json`);
  const { dataDir } = JSON.parse(fs.readFileSync(file, 'utf8')) as { dataDir: string };
  const password = fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  // postmaster.pid: line 4 is the port.
  const port = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/**
 * The e2e server's throwaway embedded PostgreSQL (scripts/e2e-server.mjs writes where it lives), for
 * journeys that must let server time pass — e.g. a request's 180 s — without waiting for it. Use it
 * only to move a row's deadline; everything that follows (the lifecycle job, the events, the screens)
 * runs for real.
 */
export async function withE2eDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Lets a coach's hold days pass: their captured earnings still pending are moved back by
 * `earnings_hold_days` (as if settled that long ago), then the earnings release job's own run
 * (EarningsService.releaseDue, which server/jobs/earnings-release.job.ts runs every 10 minutes) makes
 * them available through the ledger. Answers how many of the coach's captured holds are still pending
 * after the run: 0 once all are available (whichever run released them, this one or the server's).
 */
export async function releaseCoachEarnings(coachId: string): Promise<number> {
  const database = connectDatabase(e2eDatabaseUrl(), { poolSize: 2 });
  try {
    const settings = createPlatformSettingsService({ repository: createPlatformSettingsRepository() });
    const { earningsHoldDays } = await settings.getMoneySettings(database.db);
    await database.pool.query(
      `update money_holds set settled_at = settled_at - make_interval(days => $2)
        where coach_id = $1 and status = 'captured' and earnings_available_at is null`,
      [coachId, earningsHoldDays],
    );
    const earnings = createEarningsService({
      db: database.db,
      repository: createEarningsRepository(),
      ledger: createLedgerService({ repository: createLedgerRepository(), clock: systemClock }),
      settings,
      clock: systemClock,
    });
    await earnings.releaseDue(systemClock.now());
    const pending = await database.pool.query<{ count: number }>(
      `select count(*)::int as count from money_holds
        where coach_id = $1 and status = 'captured' and earnings_available_at is null`,
      [coachId],
    );
    return pending.rows[0]!.count;
  } finally {
    await database.close();
  }
}
