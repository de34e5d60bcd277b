import { describe, expect, it } from 'vitest';
import { createManualClock } from '#domain/clock';
import { createReviewVisibilityJob } from './review-visibility.job';

function logger() {
  const lines: { level: 'info' | 'warn'; message: string }[] = [];
  return {
    lines,
    info: (_fields: object, message: string) => lines.push({ level: 'info', message }),
    warn: (_fields: object, message: string) => lines.push({ level: 'warn', message }),
  };
}

describe('review visibility job', () => {
  it("counts at the clock's now and logs what it counted; a failure is a warning, not a crash", async () => {
    const clock = createManualClock('2026-11-21T09:00:00Z');
    const log = logger();
    const asked: string[] = [];
    let fail = false;
    let due = 2;
    const job = createReviewVisibilityJob({
      countDueVisible: async (now) => {
        asked.push(now.toISOString());
        if (fail) throw new Error('database down');
        return due;
      },
      clock,
      logger: log,
    });
    expect(await job.runOnce()).toBe(2);
    expect(asked).toEqual(['2026-11-21T09:00:00.000Z']);
    expect(log.lines).toEqual([{ level: 'info', message: 'Reviews made visible and counted' }]);
    due = 0;
    expect(await job.runOnce()).toBe(0);
    expect(log.lines).toHaveLength(1);
    fail = true;
    expect(await job.runOnce()).toBeUndefined();
    expect(log.lines.at(-1)).toEqual({ level: 'warn', message: 'Review visibility could not run' });
  });
});
