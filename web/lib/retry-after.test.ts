import { describe, expect, it } from 'vitest';
import { describeRetryAfter } from './retry-after';

describe('describeRetryAfter', () => {
  it.each([
    [undefined, null],
    [0, 'You can try again now.'],
    [45, 'You can try again in 45 seconds.'],
    [60, 'You can try again in 1 minute.'],
    [61, 'You can try again in 2 minutes.'],
    [300, 'You can try again in 5 minutes.'],
    [3600, 'You can try again in 1 hour.'],
    [7200, 'You can try again in 2 hours.'],
  ])('%s seconds: %s', (seconds, text) => {
    expect(describeRetryAfter(seconds)).toBe(text);
  });
});
