import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeSnapshot } from './realtime-client';
import { FALLBACK_POLL_MS, PAUSED_AFTER_MS, useLiveUpdates, usePolling } from './use-live-updates';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const at = (connection: RealtimeSnapshot['connection'], reason?: string): RealtimeSnapshot =>
  reason === undefined ? { connection, topicCount: 1 } : { connection, topicCount: 1, reason };

describe('useLiveUpdates', () => {
  it('says nothing while connecting briefly, then "paused" after a few seconds away, until it connects', () => {
    const { result, rerender } = renderHook(({ snapshot }) => useLiveUpdates(snapshot), {
      initialProps: { snapshot: at('connecting') },
    });
    expect(result.current.paused).toBe(false);
    act(() => vi.advanceTimersByTime(PAUSED_AFTER_MS - 1));
    expect(result.current.paused).toBe(false);
    // Still away (now retrying): the clock does not start over.
    rerender({ snapshot: at('reconnecting') });
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.paused).toBe(true);
    rerender({ snapshot: at('connected') });
    expect(result.current.paused).toBe(false);
  });

  it('passes the server reason along', () => {
    const why = 'This address (http://127.0.0.1:3000) is not allowed to receive live updates.';
    const { result } = renderHook(() => useLiveUpdates(at('reconnecting', why)));
    act(() => vi.advanceTimersByTime(PAUSED_AFTER_MS));
    expect(result.current).toEqual({ paused: true, reason: why });
  });

  it('a tab that holds no topic (signed out) is never paused', () => {
    const { result } = renderHook(() => useLiveUpdates({ connection: 'idle', topicCount: 0 }));
    act(() => vi.advanceTimersByTime(PAUSED_AFTER_MS * 3));
    expect(result.current.paused).toBe(false);
  });
});

describe('usePolling', () => {
  it('polls at once and every interval while active, and stops when it is not', () => {
    const poll = vi.fn();
    const { rerender } = renderHook(({ active }) => usePolling(active, poll), {
      initialProps: { active: false },
    });
    act(() => vi.advanceTimersByTime(FALLBACK_POLL_MS * 2));
    expect(poll).not.toHaveBeenCalled();
    rerender({ active: true });
    expect(poll).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(FALLBACK_POLL_MS * 2));
    expect(poll).toHaveBeenCalledTimes(3);
    rerender({ active: false });
    act(() => vi.advanceTimersByTime(FALLBACK_POLL_MS * 2));
    expect(poll).toHaveBeenCalledTimes(3);
  });
});
