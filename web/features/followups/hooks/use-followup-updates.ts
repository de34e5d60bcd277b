import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FOLLOWUP_EVENTS, followupEventPayloadSchema } from '#contracts/followups';
import { onUserEventOf } from '#web/lib/realtime/on-user-event-of';
import { onUserResync } from '#web/lib/realtime/user-events';
import { followupsQueryKey } from '../api/followups';

/**
 * Keeps an open follow-up screen current: a 'session_followup.created' event for this session (on
 * the person's own topic) or a resync (events may have been missed) reads the follow-ups again.
 */
export function useFollowupUpdates(sessionId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: followupsQueryKey(sessionId) });
    const offEvent = onUserEventOf(FOLLOWUP_EVENTS.created, followupEventPayloadSchema, ({ followup }) => {
      if (followup.session_id === sessionId) reload();
    });
    const offResync = onUserResync(reload);
    return () => {
      offEvent();
      offResync();
    };
  }, [queryClient, sessionId]);
}
