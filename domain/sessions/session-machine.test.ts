import { describe, expect, it } from 'vitest';
import {
  completedByOf,
  isSessionLive,
  SESSION_EVENTS,
  shownSessionStatus,
  transition,
} from './session-machine';

describe('session machine', () => {
  it('completes an active session when the coach ends it or its time is up; more time keeps it active', () => {
    expect(transition('active', 'end')).toEqual({ ok: true, to: 'completed' });
    expect(transition('active', 'time_up')).toEqual({ ok: true, to: 'completed' });
    expect(transition('active', 'extend')).toEqual({ ok: true, to: 'active' });
  });

  it('refuses every event once completed', () => {
    for (const event of SESSION_EVENTS)
      expect(transition('completed', event)).toEqual({
        ok: false,
        refusal: { reason: 'over', status: 'completed' },
      });
  });

  it('records who completed it', () => {
    expect(completedByOf('end')).toBe('coach');
    expect(completedByOf('time_up')).toBe('timer');
  });

  it('is live while active and before its end; shows completed once its time is up', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const later = new Date('2026-03-01T10:00:01Z');
    expect(isSessionLive('active', later, now)).toBe(true);
    expect(isSessionLive('active', now, now)).toBe(false);
    expect(isSessionLive('completed', later, now)).toBe(false);
    expect(shownSessionStatus('active', now, now)).toBe('completed');
    expect(shownSessionStatus('active', later, now)).toBe('active');
    expect(shownSessionStatus('completed', later, now)).toBe('completed');
  });
});
