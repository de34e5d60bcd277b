import { describe, expect, it } from 'vitest';
import { createManualClock } from '#domain/clock';
import type { SessionRow } from '../auth.repository';
import { createSessionCheckCache, SESSION_CHECK_TTL_MS } from './session-check-cache';

const row = (id: string, aal: 'aal1' | 'aal2' = 'aal1') => ({ id, userId: 'user-1', aal }) as SessionRow;

function setUp(options: { max?: number } = {}) {
  const clock = createManualClock('2026-11-27T09:00:00Z');
  return { clock, checks: createSessionCheckCache({ clock }, options) };
}

describe('the session check cache', () => {
  it('answers a session for one TTL after it was read, then reads it again', () => {
    const { clock, checks } = setUp();
    checks.remember(row('s1'));
    expect(checks.get('s1')?.id).toBe('s1');
    clock.advance(SESSION_CHECK_TTL_MS - 1);
    expect(checks.get('s1')?.id).toBe('s1');
    clock.advance(1);
    expect(checks.get('s1')).toBeUndefined();
    expect(checks.size()).toBe(0);
  });

  it('forgets a session this instance changes, and keeps the row read during the change out', () => {
    const { clock, checks } = setUp();
    checks.remember(row('s1'));
    // Signed out (or raised to aal2): the write forgets it at once.
    checks.changed(['s1']);
    expect(checks.get('s1')).toBeUndefined();
    // A request that read the row before the change committed tries to remember the old row: refused.
    checks.remember(row('s1'));
    expect(checks.get('s1')).toBeUndefined();
    clock.advance(SESSION_CHECK_TTL_MS - 1);
    checks.remember(row('s1'));
    expect(checks.get('s1')).toBeUndefined();
    // A TTL after the change, rows read are the committed ones again: remembered.
    clock.advance(1);
    checks.remember(row('s1', 'aal2'));
    expect(checks.get('s1')?.aal).toBe('aal2');
  });

  it('a change to one session leaves the others remembered', () => {
    const { checks } = setUp();
    checks.remember(row('s1'));
    checks.remember(row('s2'));
    checks.changed(['s1']);
    expect(checks.get('s1')).toBeUndefined();
    expect(checks.get('s2')?.id).toBe('s2');
  });

  it('remembers at most `max` sessions, forgetting the oldest first', () => {
    const { checks } = setUp({ max: 2 });
    checks.remember(row('s1'));
    checks.remember(row('s2'));
    checks.remember(row('s3'));
    expect(checks.size()).toBe(2);
    expect(checks.get('s1')).toBeUndefined();
    expect(checks.get('s2')?.id).toBe('s2');
    expect(checks.get('s3')?.id).toBe('s3');
  });
});
