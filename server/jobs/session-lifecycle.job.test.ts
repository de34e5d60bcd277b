import { afterEach, describe, expect, it, vi } from 'vitest';
import { createManualClock } from '#domain/clock';
import { createSessionLifecycleJob, SESSION_LIFECYCLE_INTERVAL_MS } from './session-lifecycle.job';

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

describe('session lifecycle job', () => {
  it("expires requests and completes sessions at the clock's now, and logs what it did", async () => {
    const clock = createManualClock('2026-11-21T09:00:00Z');
    const log = logger();
    const calls: string[] = [];
    const job = createSessionLifecycleJob({
      expireDue: async (now) => {
        calls.push(`expire ${now.toISOString()}`);
        return 2;
      },
      completeDue: async (now) => {
        calls.push(`complete ${now.toISOString()}`);
        return 1;
      },
      clock,
      logger: log,
    });
    // A run in progress is shared, not doubled.
    const [first, second] = await Promise.all([job.runOnce(), job.runOnce()]);
    expect(first).toEqual({ expired: 2, completed: 1 });
    expect(second).toBe(first);
    expect(calls).toEqual(['expire 2026-11-21T09:00:00.000Z', 'complete 2026-11-21T09:00:00.000Z']);

    clock.advance(180_000);
    await job.runOnce();
    expect(calls.slice(2)).toEqual(['expire 2026-11-21T09:03:00.000Z', 'complete 2026-11-21T09:03:00.000Z']);
    expect(log.lines).toEqual([
      {
        level: 'info',
        fields: { expired: 2, completed: 1 },
        message: 'Session requests expired / sessions completed',
      },
      {
        level: 'info',
        fields: { expired: 2, completed: 1 },
        message: 'Session requests expired / sessions completed',
      },
    ]);
  });

  it('with closeMissedBookings, closes missed bookings after completing sessions; its failure is a warning', async () => {
    const clock = createManualClock('2026-11-23T16:00:00Z');
    const log = logger();
    const calls: string[] = [];
    let fail = false;
    const job = createSessionLifecycleJob({
      expireDue: async () => 0,
      completeDue: async () => {
        calls.push('complete');
        return 0;
      },
      closeMissedBookings: async (now) => {
        calls.push(`close missed ${now.toISOString()}`);
        if (fail) throw new Error('database unreachable');
        return 3;
      },
      clock,
      logger: log,
    });
    expect(await job.runOnce()).toEqual({ expired: 0, completed: 0, bookingsMissed: 3 });
    expect(calls).toEqual(['complete', 'close missed 2026-11-23T16:00:00.000Z']);
    expect(log.lines).toEqual([
      {
        level: 'info',
        fields: { bookingsMissed: 3 },
        message: 'Booked sessions never opened closed as coach no-shows',
      },
    ]);
    fail = true;
    expect(await job.runOnce()).toEqual({ expired: 0, completed: 0, bookingsMissed: undefined });
    expect(log.lines.at(-1)).toMatchObject({
      level: 'warn',
      message: 'Session lifecycle could not close missed bookings',
    });
  });

  it('says nothing when nothing was due; a failing half is a warning and the other half still runs', async () => {
    const log = logger();
    let expireCalls = 0;
    let completeCalls = 0;
    const job = createSessionLifecycleJob({
      expireDue: async () => {
        expireCalls += 1;
        if (expireCalls === 2) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        return 0;
      },
      completeDue: async () => {
        completeCalls += 1;
        if (completeCalls === 3) throw new Error('deadlock detected');
        return 0;
      },
      clock: createManualClock(),
      logger: log,
    });
    expect(await job.runOnce()).toEqual({ expired: 0, completed: 0 });
    expect(log.lines).toEqual([]);
    expect(await job.runOnce()).toEqual({ expired: undefined, completed: 0 });
    expect(await job.runOnce()).toEqual({ expired: 0, completed: undefined });
    expect(completeCalls).toBe(3);
    expect(log.lines.map((line) => [line.level, line.message])).toEqual([
      ['warn', 'Session lifecycle could not expire requests'],
      ['warn', 'Session lifecycle could not complete sessions'],
    ]);
    expect(log.lines[0]?.fields).toMatchObject({
      err: { type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
    });
    expect(await job.runOnce()).toEqual({ expired: 0, completed: 0 });
  });

  it('with expireExtensions, expires unanswered asks for more time between the two, and logs them', async () => {
    const log = logger();
    const calls: string[] = [];
    const job = createSessionLifecycleJob({
      expireDue: async () => {
        calls.push('expire requests');
        return 0;
      },
      expireExtensions: async (now) => {
        calls.push(`expire extensions ${now.toISOString()}`);
        if (calls.length > 3) throw new Error('deadlock detected');
        return 3;
      },
      completeDue: async () => {
        calls.push('complete');
        return 0;
      },
      clock: createManualClock('2026-11-21T09:00:00Z'),
      logger: log,
    });
    expect(await job.runOnce()).toEqual({ expired: 0, extensionsExpired: 3, completed: 0 });
    expect(calls).toEqual(['expire requests', 'expire extensions 2026-11-21T09:00:00.000Z', 'complete']);
    expect(log.lines).toEqual([
      { level: 'info', fields: { extensionsExpired: 3 }, message: 'Requests for more session time expired' },
    ]);
    // A failure is a warning; the sessions still complete.
    expect(await job.runOnce()).toEqual({ expired: 0, extensionsExpired: undefined, completed: 0 });
    expect(calls.at(-1)).toBe('complete');
    expect(log.lines.at(-1)).toMatchObject({
      level: 'warn',
      message: 'Session lifecycle could not expire session extensions',
    });
  });

  it('runs at start, then every 2 s, until stopped', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const job = createSessionLifecycleJob({
      expireDue: async () => 0,
      completeDue: async () => {
        runs += 1;
        return 0;
      },
      clock: createManualClock(),
      logger: logger(),
    });
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(SESSION_LIFECYCLE_INTERVAL_MS - 1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    expect(SESSION_LIFECYCLE_INTERVAL_MS).toBe(2_000);
    await job.stop();
    await vi.advanceTimersByTimeAsync(5 * SESSION_LIFECYCLE_INTERVAL_MS);
    expect(runs).toBe(2);
  });
});
