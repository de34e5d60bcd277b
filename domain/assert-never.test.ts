import { describe, expect, it } from 'vitest';
import { assertNever } from './assert-never';

describe('assertNever', () => {
  it('throws naming the value it was reached with', () => {
    expect(() => assertNever('surprise' as never, 'status')).toThrow('Unexpected status: surprise');
  });
});
