import { useEffect, useRef } from 'react';
import { useTrueAfter } from '#web/lib/use-true-after';
import type { RealtimeSnapshot } from './realtime-client';

/** How long the socket may be away (connecting or reconnecting) before the tab says so. */
export const PAUSED_AFTER_MS = 4_000;
/** While live updates are paused, how often the few things that must not be missed are read again. */
export const FALLBACK_POLL_MS = 5_000;

export type LiveUpdates = { paused: boolean; reason: string | undefined };

/**
 * live updates never fail silently. They are "paused" once the tab wants its socket
 * (it holds a topic) and has not had it connected for PAUSED_AFTER_MS — a refused handshake, a blocked
 * or dropped connection —, and no longer as soon as it connects. `reason` is the server's own words
 * when it refused (e.g. an Origin it does not know).
 */
export function useLiveUpdates(snapshot: RealtimeSnapshot): LiveUpdates {
  const away = snapshot.topicCount > 0 && snapshot.connection !== 'connected';
  // Connected again: the next time away waits its few seconds anew.
  return { paused: useTrueAfter(away, PAUSED_AFTER_MS), reason: snapshot.reason };
}

/**
 * While `active`: runs `poll` at once and then every `intervalMs` (the latest `poll` is used). The
 * fallback for live updates: e.g. the person's resync handlers, which re-read an online coach's
 * incoming request and a waiting client's request status. Kept going in a background tab: a coach's
 * tab must still ring.
 */
export function usePolling(active: boolean, poll: () => void, intervalMs = FALLBACK_POLL_MS) {
  const latest = useRef(poll);
  useEffect(() => {
    latest.current = poll;
  });
  useEffect(() => {
    if (!active) return;
    latest.current();
    const timer = setInterval(() => latest.current(), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
}
