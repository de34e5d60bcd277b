import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

const NOW = Date.parse('2026-11-21T15:00:00.000Z');
const ago = (ms: number) => NOW - ms;

describe('timeAgo', () => {
  it('says minutes and hours under a day', () => {
    expect(timeAgo(ago(20_000), NOW, 'UTC')).toBe('Just now');
    expect(timeAgo(ago(5 * 60_000), NOW, 'UTC')).toBe('5 min ago');
    expect(timeAgo(ago(3 * 3_600_000 + 60_000), NOW, 'UTC')).toBe('3 h ago');
  });

  it('names the day and time beyond a day', () => {
    expect(timeAgo('2026-11-20T09:05:00.000Z', NOW, 'UTC')).toBe('Yesterday, 9:05 AM');
    expect(timeAgo('2026-11-02T09:05:00.000Z', NOW, 'UTC')).toBe('Nov 2, 9:05 AM');
    expect(timeAgo('2025-11-02T09:05:00.000Z', NOW, 'UTC')).toBe('Nov 2, 2025, 9:05 AM');
  });
});
