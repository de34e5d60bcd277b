import { useEffect } from 'react';
import { SESSION_ROOM_COMMANDS } from '../../../../contracts/session-room';
import { useRealtimeClient } from '../../../lib/realtime/use-realtime-topic';

/**
 * Holds the session's room open while `active`: joins on every (re)connect of the
 * tab's socket and leaves when the screen goes. The server derives coach_present / client_present
 * from who has the room open, starts the timer when both are, and announces changes as
 * chat_session.updated (which the session screen already applies).
 */
export function useSessionRoom(sessionId: string, active: boolean) {
  const realtime = useRealtimeClient();
  useEffect(() => {
    if (!active) return;
    const off = realtime.onConnected(() => {
      void realtime.command(SESSION_ROOM_COMMANDS.join, { session_id: sessionId });
    });
    return () => {
      off();
      void realtime.command(SESSION_ROOM_COMMANDS.leave, { session_id: sessionId });
    };
  }, [realtime, sessionId, active]);
}
