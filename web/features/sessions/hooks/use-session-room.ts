import { useEffect } from 'react';
import { SESSION_ROOM_COMMANDS } from '#contracts/session-room';
import { useRealtimeClient } from '#web/lib/realtime/use-realtime-topic';

/** A join the server did not answer (or failed on its side) is sent again after this long, a few times. */
export const JOIN_RETRY_MS = 2_000;
const JOIN_ATTEMPTS = 3;

/**
 * Holds the session's room open while `active`: joins on every (re)connect of the
 * tab's socket and leaves when the screen goes. The server derives coach_present / client_present
 * from who has the room open, starts the timer when both are, and announces changes as
 * chat_session.updated (which the session screen already applies). A join that got no answer in time
 * or an internal error is tried again (joining twice is harmless); a refusal (the session is not theirs,
 * or over) is final.
 */
export function useSessionRoom(sessionId: string, active: boolean) {
  const realtime = useRealtimeClient();
  useEffect(() => {
    if (!active) return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const join = (attempt: number) => {
      clearTimeout(retry);
      void realtime.command(SESSION_ROOM_COMMANDS.join, { session_id: sessionId }).then((reply) => {
        if (reply.ok || reply.error.code !== 'INTERNAL_ERROR' || attempt >= JOIN_ATTEMPTS) return;
        if (realtime.getSnapshot().connection !== 'connected') return; // sent again by onConnected
        retry = setTimeout(() => join(attempt + 1), JOIN_RETRY_MS);
      });
    };
    const off = realtime.onConnected(() => join(1));
    return () => {
      off();
      clearTimeout(retry);
      retry = undefined;
      void realtime.command(SESSION_ROOM_COMMANDS.leave, { session_id: sessionId });
    };
  }, [realtime, sessionId, active]);
}
