/** Time is injected everywhere so timers can be tested without waiting. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at `start` and only moves when told to. */
export function createManualClock(start: Date | string = '2026-01-01T00:00:00Z') {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
    set: (at: Date | string) => {
      current = new Date(at).getTime();
    },
  };
}
