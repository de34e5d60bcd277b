import type { RealtimeEvent } from '#contracts/realtime';
import type { DbExecutor } from '#server/db/client';

/** The session being completed, as the completion hooks see it. */
export type CompletingSession = { id: string; coachId: string; clientId: string };

/** What a settling hook captured on top of the session's own payment, and the events it recorded. */
export type SettledExtras = { amount: number; coachAmount: number; events: RealtimeEvent[] };

/**
 * Runs in the completing transaction (under the session's row lock) before the session's own payment
 * is captured: settles what was bought on top of it (the session-extensions module: accepted asks
 * captured, pending ones released). `amount` is the cents it captured, `coachAmount` the coach's
 * share of them (added to the earnings).
 */
export type SessionSettlingHandler = (
  tx: DbExecutor,
  session: CompletingSession,
  now: Date,
) => Promise<SettledExtras>;

/**
 * Runs in the completing transaction once the session is marked completed (e.g. the reviews module
 * refreshes coach_stats and client_coach_stats). A failure rolls the completion back with it.
 */
export type SessionCompletedHandler = (tx: DbExecutor, session: CompletingSession) => Promise<void>;

/**
 * The in-transaction hooks of a session's completion, owned by sessions so that the modules that
 * build on a session (extensions, reviews) subscribe to it instead of being called up into. Handlers
 * are registered at wiring time and run in registration order, inside the completing transaction,
 * exactly once per completion.
 */
export function createSessionCompletionHooks() {
  const settling: SessionSettlingHandler[] = [];
  const completed: SessionCompletedHandler[] = [];
  return {
    /** Subscribes to the settling step (before the session's own capture). */
    onSessionSettling(handler: SessionSettlingHandler): void {
      settling.push(handler);
    },
    /** Subscribes to the completed step (after the session's compare-and-set to completed). */
    onSessionCompleted(handler: SessionCompletedHandler): void {
      completed.push(handler);
    },
    /** Runs every settling handler in order; their amounts add up, their events in order. */
    async settle(tx: DbExecutor, session: CompletingSession, now: Date): Promise<SettledExtras> {
      const total: SettledExtras = { amount: 0, coachAmount: 0, events: [] };
      for (const handler of settling) {
        const settled = await handler(tx, session, now);
        total.amount += settled.amount;
        total.coachAmount += settled.coachAmount;
        total.events.push(...settled.events);
      }
      return total;
    },
    /** Runs every completed handler in order. */
    async completed(tx: DbExecutor, session: CompletingSession): Promise<void> {
      for (const handler of completed) await handler(tx, session);
    },
  };
}

export type SessionCompletionHooks = ReturnType<typeof createSessionCompletionHooks>;
