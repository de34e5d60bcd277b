import { afterEach, describe, expect, it, vi } from 'vitest';
import { createManualClock } from '#domain/clock';
import { createEarningsReleaseJob, EARNINGS_RELEASE_INTERVAL_MS } from './earnings-release.job';

function logger() {
  const lines: { level: 'info' | 'warn'; fields: object; message: string }[] = [];
  return {
    lines,
    info: (fields: object, message: string) => lines.push({ level: 'info', fields, message }),
    warn: (fields: object, message: string) => lines.push({ level: 'warn', fields, message }),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('earnings release job', () => {
  it('passes the time to release at, shares a run in progress and logs what it released', async () => {
    const clock = createManualClock('2026-11-21T09:00:00Z');
    const log = logger();
    const seen: string[] = [];
    const job = createEarningsReleaseJob({
      releaseDue: async (now) => {
        seen.push(now.toISOString());
        return 3;
      },
      clock,
      logger: log,
    });
    const [first, second] = await Promise.all([job.runOnce(), job.runOnce()]);
    expect([first, second]).toEqual([3, 3]);
    expect(seen).toEqual(['2026-11-21T09:00:00.000Z']);
    expect(await job.runOnce(new Date('2026-12-01T00:00:00Z'))).toBe(3);
    expect(seen).toEqual(['2026-11-21T09:00:00.000Z', '2026-12-01T00:00:00.000Z']);
    expect(log.lines.map((line) => [line.level, line.fields])).toEqual([
      ['info', { released: 3 }],
      ['info', { released: 3 }],
    ]);
  });

  it('says nothing when nothing was due, and a failing run is a warning, not a crash', async () => {
    const log = logger();
    let calls = 0;
    const job = createEarningsReleaseJob({
      releaseDue: async () => {
        calls += 1;
        if (calls === 2) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        return 0;
      },
      clock: createManualClock(),
      logger: log,
    });
    expect(await job.runOnce()).toBe(0);
    expect(await job.runOnce()).toBeUndefined();
    expect(log.lines.map((line) => [line.level, line.message])).toEqual([
      ['warn', 'Coach earnings release could not run'],
    ]);
    expect(await job.runOnce()).toBe(0);
  });

  it('runs at start, then every 10 minutes, until stopped', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const job = createEarningsReleaseJob({
      releaseDue: async () => {
        calls += 1;
        return 0;
      },
      clock: createManualClock(),
      logger: logger(),
    });
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(EARNINGS_RELEASE_INTERVAL_MS);
    expect(calls).toBe(2);
    expect(EARNINGS_RELEASE_INTERVAL_MS).toBe(600_000);
    await job.stop();
    await vi.advanceTimersByTimeAsync(3 * EARNINGS_RELEASE_INTERVAL_MS);
    expect(calls).toBe(2);
  });
});
