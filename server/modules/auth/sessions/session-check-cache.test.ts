import { describe, expect, it } from 'vitest';
import { createManualClock } from '#domain/clock';
import type { SessionRow } from '../auth.repository';
import {
  createSessionCheckCache,
  SESSION_CHECK_PUSHED_TTL_MS,
  SESSION_CHECK_TTL_MS,
} from './session-check-cache';

const row = (id: string, aal: 'aal1' | 'aal2' = 'aal1') => ({ id, userId: 'user-1', aal }) as SessionRow;

function setUp(options: { max?: number } = {}) {
  const clock = createManualClock('2026-11-27T09:00:00Z');
  const checks = createSessionCheckCache({ clock }, options);
  /** A read that began just now and ended at once. */
  const remember = (session: SessionRow) => checks.remember(session, checks.beginRead());
  return { clock, checks, remember };
}

describe('the session check cache', () => {
  it('answers a session for one TTL after it was read, then reads it again', () => {
    const { clock, checks, remember } = setUp();
    remember(row('s1'));
    expect(checks.get('s1')?.id).toBe('s1');
    clock.advance(SESSION_CHECK_TTL_MS - 1);
    expect(checks.get('s1')?.id).toBe('s1');
    clock.advance(1);
    expect(checks.get('s1')).toBeUndefined();
    expect(checks.size()).toBe(0);
  });

  it('forgets a session this instance changes, and keeps the row read during the change out', () => {
    const { clock, checks, remember } = setUp();
    remember(row('s1'));
    // Signed out (or raised to aal2): the write forgets it at once.
    checks.changed(['s1']);
    expect(checks.get('s1')).toBeUndefined();
    // A request that read the row before the change committed tries to remember the old row: refused.
    remember(row('s1'));
    expect(checks.get('s1')).toBeUndefined();
    clock.advance(SESSION_CHECK_TTL_MS - 1);
    remember(row('s1'));
    expect(checks.get('s1')).toBeUndefined();
    // A TTL after the change, rows read are the committed ones again: remembered.
    clock.advance(1);
    remember(row('s1', 'aal2'));
    expect(checks.get('s1')?.aal).toBe('aal2');
  });

  it('a change to one session leaves the others remembered', () => {
    const { checks, remember } = setUp();
    remember(row('s1'));
    remember(row('s2'));
    checks.changed(['s1']);
    expect(checks.get('s1')).toBeUndefined();
    expect(checks.get('s2')?.id).toBe('s2');
  });

  it('remembers at most `max` sessions, forgetting the oldest first', () => {
    const { checks, remember } = setUp({ max: 2 });
    remember(row('s1'));
    remember(row('s2'));
    remember(row('s3'));
    expect(checks.size()).toBe(2);
    expect(checks.get('s1')).toBeUndefined();
    expect(checks.get('s2')?.id).toBe('s2');
    expect(checks.get('s3')?.id).toBe('s3');
  });

  it("keeps sessions longer while other instances' changes are pushed, and forgets one when its change is heard", () => {
    const { clock, checks, remember } = setUp();
    checks.setPushed(true);
    remember(row('s1'));
    remember(row('s2'));
    clock.advance(SESSION_CHECK_PUSHED_TTL_MS - 1);
    expect(checks.get('s1')?.id).toBe('s1');
    // Another instance signed s1 out: its commit's notification forgets it here, and only it.
    checks.remoteChanged(['s1']);
    expect(checks.get('s1')).toBeUndefined();
    expect(checks.get('s2')?.id).toBe('s2');
    clock.advance(1);
    expect(checks.get('s2')).toBeUndefined();
  });

  it('does not remember a row whose read began before its change was heard, but one read after it', () => {
    const { checks } = setUp();
    checks.setPushed(true);
    const before = checks.beginRead();
    checks.remoteChanged(['s1']);
    checks.remember(row('s1'), before);
    expect(checks.get('s1')).toBeUndefined();
    const after = checks.beginRead();
    checks.remember(row('s1', 'aal2'), after);
    expect(checks.get('s1')?.aal).toBe('aal2');
    // A change of another session does not hold a read of this one back.
    const third = checks.beginRead();
    checks.remoteChanged(['s2']);
    checks.remember(row('s3'), third);
    expect(checks.get('s3')?.id).toBe('s3');
  });

  it('falls back to the short TTL when changes stop being pushed, and starts afresh when they are again', () => {
    const { clock, checks, remember } = setUp();
    checks.setPushed(true);
    remember(row('s1'));
    // The listener dropped: what it misses is unknown, so nothing is kept past the short TTL.
    checks.setPushed(false);
    clock.advance(SESSION_CHECK_TTL_MS);
    expect(checks.get('s1')).toBeUndefined();
    remember(row('s2'));
    // Listening again: a row read while changes were missed may be stale, so all is forgotten.
    checks.setPushed(true);
    expect(checks.get('s2')).toBeUndefined();
    expect(checks.size()).toBe(0);
  });
});
