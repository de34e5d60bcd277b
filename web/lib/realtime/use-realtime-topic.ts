import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { RealtimeEvent } from '#contracts/realtime';
import { useAuthClient } from '../auth/use-auth';
import type { RealtimeClient, RealtimeSnapshot } from './realtime-client';
import { realtimeClientFor } from './realtime-for-auth';

/** The tab's realtime client (one socket per tab). */
export function useRealtimeClient(): RealtimeClient {
  return realtimeClientFor(useAuthClient());
}

/** Connection state and number of topics held, re-rendered when either changes. */
export function useRealtimeSnapshot(): RealtimeSnapshot {
  const client = useRealtimeClient();
  return useSyncExternalStore(client.onChange, client.getSnapshot, client.getSnapshot);
}

/**
 * Holds `topic` (e.g. `user:<id>`) while the component is mounted; null holds nothing. Events arrive
 * in seq order, each once. `onResync` runs when events may have been missed (after a long disconnect
 * or a gap that did not fill): refetch the snapshot, e.g. invalidate the queries the topic updates.
 * The latest callbacks are used without resubscribing.
 */
export function useRealtimeTopic(
  topic: string | null,
  onEvent: (event: RealtimeEvent) => void,
  options: { onResync?: () => void } = {},
) {
  const client = useRealtimeClient();
  const latest = useRef({ onEvent, onResync: options.onResync });
  useEffect(() => {
    latest.current = { onEvent, onResync: options.onResync };
  });
  useEffect(() => {
    if (!topic) return;
    return client.subscribe(topic, {
      onEvent: (event) => latest.current.onEvent(event),
      onResync: () => latest.current.onResync?.(),
    });
  }, [client, topic]);
}

/**
 * Runs `onEvent` for public broadcast events of `type` (e.g. PRESENCE_EVENT) while mounted. They are
 * not replayed: show data fetched over HTTP and let these events patch it.
 */
export function useRealtimeBroadcast(type: string, onEvent: (event: RealtimeEvent) => void) {
  const client = useRealtimeClient();
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(
    () =>
      client.onBroadcast((event) => {
        if (event.type === type) latest.current(event);
      }),
    [client, type],
  );
}
