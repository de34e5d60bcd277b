import { useEffect, useRef } from 'react';
import { SESSION_EVENTS, sessionEventPayloadSchema, type ChatSession } from '#contracts/sessions';
import { onUserEventOf } from '#web/lib/realtime/on-user-event-of';
import { onUserResync } from '#web/lib/realtime/user-events';

/**
 * 'chat_session.updated' events on the person's own topic (web/lib/realtime/user-events.ts), with the
 * payload checked against the contract, and the resync signal (events may have been missed: refetch).
 * The latest callbacks are used without re-registering.
 */
export function useSessionUpdates(onSession: (session: ChatSession) => void, onResync: () => void) {
  const latest = useRef({ onSession, onResync });
  useEffect(() => {
    latest.current = { onSession, onResync };
  });
  useEffect(() => {
    const offEvent = onUserEventOf(SESSION_EVENTS.sessionUpdated, sessionEventPayloadSchema, ({ session }) =>
      latest.current.onSession(session),
    );
    const offResync = onUserResync(() => latest.current.onResync());
    return () => {
      offEvent();
      offResync();
    };
  }, []);
}
