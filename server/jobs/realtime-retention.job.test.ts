import { describe, expect, it } from 'vitest';
import { createManualClock } from '#domain/clock';
import { createRealtimeRetentionJob } from './realtime-retention.job';

function logger() {
  const lines: { level: 'info' | 'warn'; message: string }[] = [];
  return {
    lines,
    info: (_fields: object, message: string) => lines.push({ level: 'info', message }),
    warn: (_fields: object, message: string) => lines.push({ level: 'warn', message }),
  };
}

describe('realtime retention job', () => {
  it("prunes at the clock's now and logs what it deleted; a failure is a warning, not a crash", async () => {
    const clock = createManualClock('2026-11-21T09:00:00Z');
    const log = logger();
    const asked: string[] = [];
    let fail = false;
    const job = createRealtimeRetentionJob({
      prune: async (now) => {
        asked.push(now.toISOString());
        if (fail) throw new Error('database down');
        return 3;
      },
      clock,
      logger: log,
    });
    expect(await job.runOnce()).toBe(3);
    expect(asked).toEqual(['2026-11-21T09:00:00.000Z']);
    expect(log.lines).toEqual([{ level: 'info', message: 'Old realtime events deleted' }]);
    fail = true;
    expect(await job.runOnce()).toBeUndefined();
    expect(log.lines.at(-1)).toEqual({ level: 'warn', message: 'Realtime events could not be pruned' });
  });
});
