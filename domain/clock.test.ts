import { describe, expect, it } from 'vitest';
import { createManualClock } from './clock';

describe('createManualClock', () => {
  it('moves only when told to', () => {
    const clock = createManualClock('2026-01-01T00:00:00Z');
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    clock.advance(180_000);
    expect(clock.now().toISOString()).toBe('2026-01-01T00:03:00.000Z');
    clock.set('2026-02-01T10:00:00Z');
    expect(clock.now().toISOString()).toBe('2026-02-01T10:00:00.000Z');
  });
});
