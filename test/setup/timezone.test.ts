import { describe, expect, it } from 'vitest';

// vitest.config.ts pins TZ=UTC for every project, whatever the machine's zone (try TZ=Asia/Tokyo npx vitest run).
describe('the test clock zone', () => {
  it('is UTC for Date and for Intl', () => {
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(0);
    expect(new Date(2026, 6, 1).toISOString()).toBe('2026-07-01T00:00:00.000Z');
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('UTC');
  });
});
