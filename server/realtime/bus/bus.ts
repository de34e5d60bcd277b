import type { RealtimeEvent } from '#contracts/realtime';

/**
 * Carries recorded events to every app instance (docs/decisions/003-realtime.md). Each instance
 * subscribes once and emits what it receives to its own sockets. Delivery is best effort: an event
 * lost here is still in realtime_events and reaches the tab on its next resubscribe.
 */
export type RealtimeBus = {
  /**
   * Hands committed events to the bus, to go out in this order without waiting for a database or pool
   * connection; never throws (the bus logs what it could not send).
   */
  publish(events: readonly RealtimeEvent[]): void;
  /**
   * Starts listening; `handler` receives every event published by any instance, this one included, in
   * seq order per topic (topic-order.ts).
   */
  subscribe(handler: (event: RealtimeEvent) => void): Promise<void>;
  /**
   * A topic's last committed seq, read when a tab subscribed: events of a topic this instance has not
   * seen yet are then kept in order from there (topic-order.ts) instead of passed on as they come.
   */
  seen(topic: string, seq: number): void;
  close(): Promise<void>;
};

/** A warning or error from the bus (a dropped connection, a bad message), for the app's log. */
export type BusLogger = {
  warn: (details: Record<string, unknown>, message: string) => void;
  error: (details: Record<string, unknown>, message: string) => void;
};
