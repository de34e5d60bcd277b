import type { RealtimeEvent } from '#contracts/realtime';

/**
 * The hook point for events on the signed-in person's own topic `user:<id>` (held by the signed-in
 * layout). Features register a handler for an event type (e.g. 'session_created', the request and
 * session events) and a resync handler that refetches what those events update (e.g. invalidates their
 * queries). A handler that stores an event's state in a query uses applyLiveSnapshot (live-snapshot.ts).
 */
type UserEventHandler = (event: RealtimeEvent) => void;

const handlers = new Map<string, Set<UserEventHandler>>();
const resyncHandlers = new Set<() => void>();

/** Runs `handler` for every event of `type` on the person's topic; returns the unregister function. */
export function onUserEvent(type: string, handler: UserEventHandler): () => void {
  const forType = handlers.get(type) ?? new Set<UserEventHandler>();
  forType.add(handler);
  handlers.set(type, forType);
  return () => {
    forType.delete(handler);
    if (forType.size === 0 && handlers.get(type) === forType) handlers.delete(type);
  };
}

/** Runs `handler` when events on the person's topic may have been missed (refetch snapshots there). */
export function onUserResync(handler: () => void): () => void {
  resyncHandlers.add(handler);
  return () => {
    resyncHandlers.delete(handler);
  };
}

export function dispatchUserEvent(event: RealtimeEvent) {
  for (const handler of [...(handlers.get(event.type) ?? [])]) {
    try {
      handler(event);
    } catch (error) {
      console.error(`A handler of the realtime event ${event.type} failed`, error);
    }
  }
}

export function dispatchUserResync() {
  for (const handler of [...resyncHandlers]) {
    try {
      handler();
    } catch (error) {
      console.error('A realtime resync handler failed', error);
    }
  }
}

/** The topic of a person's own events. */
export const userTopic = (userId: string) => `user:${userId}`;
