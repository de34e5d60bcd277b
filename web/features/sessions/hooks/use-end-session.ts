import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { SESSION_END_REFRESH_MS, type ChatSession } from '#contracts/sessions';
import { errorText } from '#web/components/form-error';
import { useToast } from '#web/components/toast';
import { sessionEndingMarks } from '#web/lib/active-session';
import { ApiError } from '#web/lib/api-client';
import { activeSessionQueryKey, endSession, sessionListsKey, sessionQueryKey } from '../api/sessions';

/**
 * The coach ends a session (SPEC §4): optimistic — the session is marked as being ended (so the
 * SPEC §2 redirect never sends anyone back into it) and shown completed at once; if the server
 * refuses, the screen goes back to what it was with a toast saying why. Either way the lists, the
 * session and the live-session source are refreshed SESSION_END_REFRESH_MS later.
 */
export function useEndSession(sessionId: string) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [ending, setEnding] = useState(false);

  const end = useCallback(async () => {
    const key = sessionQueryKey(sessionId);
    const previous = queryClient.getQueryData<ChatSession>(key);
    if (!previous || previous.status !== 'active') return;
    setEnding(true);
    sessionEndingMarks.mark(sessionId);
    await queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData<ChatSession>(key, {
      ...previous,
      status: 'completed',
      end_time: new Date().toISOString(),
      completed_by: 'coach',
    });
    try {
      const ended = await endSession(sessionId);
      if (ended) queryClient.setQueryData<ChatSession>(key, ended);
    } catch (error) {
      // 409: it was already completed (the timer got there first) — nothing to undo.
      if (!(error instanceof ApiError && error.status === 409)) {
        queryClient.setQueryData<ChatSession>(key, previous);
        sessionEndingMarks.clear(sessionId);
        toast({
          title: 'The session could not be ended',
          description: errorText(error),
          variant: 'destructive',
        });
      }
    } finally {
      setEnding(false);
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: sessionListsKey });
        void queryClient.invalidateQueries({ queryKey: activeSessionQueryKey });
        void queryClient.invalidateQueries({ queryKey: key });
      }, SESSION_END_REFRESH_MS);
    }
  }, [queryClient, sessionId, toast]);

  return { end, ending };
}
