import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INACTIVITY, inactivityPhase, watchInactivity } from './inactivity';

const MINUTE = 60_000;

describe('inactivityPhase', () => {
  it('is active before 25 minutes, a warning from 25, expired at 30', () => {
    expect(inactivityPhase(0, 0)).toEqual({ phase: 'active', nextChangeInMs: 25 * MINUTE });
    expect(inactivityPhase(0, 25 * MINUTE - 1)).toEqual({ phase: 'active', nextChangeInMs: 1 });
    expect(inactivityPhase(0, 25 * MINUTE)).toEqual({ phase: 'warning', nextChangeInMs: 5 * MINUTE });
    expect(inactivityPhase(0, 30 * MINUTE)).toEqual({ phase: 'expired', nextChangeInMs: 0 });
  });
});

describe('watchInactivity', () => {
  let watcher: ReturnType<typeof watchInactivity> | undefined;
  const onPhase = vi.fn();
  const onTimeout = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-01T09:00:00Z') });
    onPhase.mockReset();
    onTimeout.mockReset();
  });

  afterEach(() => {
    watcher?.stop();
    vi.useRealTimers();
  });

  const start = () => (watcher = watchInactivity({ onPhase, onTimeout }));

  it('warns at 25 minutes and times out once at 30', () => {
    start();
    expect(window.localStorage.getItem(INACTIVITY.storageKey)).toBe(String(Date.now()));
    vi.advanceTimersByTime(25 * MINUTE - 1);
    expect(onPhase).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onPhase).toHaveBeenLastCalledWith('warning');
    vi.advanceTimersByTime(5 * MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60 * MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it.each(['pointerdown', 'keydown', 'scroll', 'touchstart', 'focus'])('%s counts as activity', (type) => {
    start();
    vi.advanceTimersByTime(20 * MINUTE);
    window.dispatchEvent(new Event(type));
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onPhase).not.toHaveBeenCalled();
    vi.advanceTimersByTime(15 * MINUTE);
    expect(onPhase).toHaveBeenLastCalledWith('warning');
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('activity in another tab (the shared localStorage time) counts, and closes an open prompt', () => {
    start();
    vi.advanceTimersByTime(26 * MINUTE);
    expect(onPhase).toHaveBeenLastCalledWith('warning');
    window.localStorage.setItem(INACTIVITY.storageKey, String(Date.now()));
    window.dispatchEvent(new StorageEvent('storage', { key: INACTIVITY.storageKey }));
    expect(onPhase).toHaveBeenLastCalledWith('active');
    vi.advanceTimersByTime(24 * MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('other tabs activity is seen even without a storage event, when the timer fires', () => {
    start();
    vi.advanceTimersByTime(10 * MINUTE);
    window.localStorage.setItem(INACTIVITY.storageKey, String(Date.now()));
    vi.advanceTimersByTime(15 * MINUTE);
    expect(onPhase).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onPhase).toHaveBeenLastCalledWith('warning');
  });

  it('while the prompt is open, a passing mouse does not count', () => {
    start();
    vi.advanceTimersByTime(25 * MINUTE);
    expect(onPhase).toHaveBeenLastCalledWith('warning');
    window.dispatchEvent(new Event('pointermove'));
    window.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(5 * MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('"Stay signed in" counts as activity and closes the prompt', () => {
    const current = start();
    vi.advanceTimersByTime(29 * MINUTE);
    expect(onPhase).toHaveBeenLastCalledWith('warning');
    current.staySignedIn();
    expect(window.localStorage.getItem(INACTIVITY.storageKey)).toBe(String(Date.now()));
    expect(onPhase).toHaveBeenLastCalledWith('active');
    vi.advanceTimersByTime(24 * MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(6 * MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('a timer that ran late (a sleeping laptop) signs out at once when the tab is visible again', () => {
    start();
    vi.setSystemTime(Date.now() + 45 * MINUTE);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('stop() ends the watching', () => {
    start().stop();
    vi.advanceTimersByTime(60 * MINUTE);
    expect(onPhase).not.toHaveBeenCalled();
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
