import type { RealtimeEvent } from '../../../contracts/realtime';

/**
 * Carries recorded events to every app instance (docs/decisions/003-realtime.md). Each instance
 * subscribes once and emits what it receives to its own sockets. Delivery is best effort: an event
 * lost here is still in realtime_events and reaches the tab on its next resubscribe.
 */
export type RealtimeBus = {
  publish(event: RealtimeEvent): Promise<void>;
  /** Starts listening; `handler` receives every event published by any instance, this one included. */
  subscribe(handler: (event: RealtimeEvent) => void): Promise<void>;
  close(): Promise<void>;
};

/** A warning or error from the bus (a dropped connection, a bad message), for the app's log. */
export type BusLogger = {
  warn: (details: Record<string, unknown>, message: string) => void;
  error: (details: Record<string, unknown>, message: string) => void;
};
