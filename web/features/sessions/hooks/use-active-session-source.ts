import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ActiveSessionSource } from '#web/lib/active-session';
import { activeSessionQueryKey, activeSessionQueryOptions } from '../api/sessions';
import { createActiveSessionStore, toActiveSession } from '../lib/active-session-store';
import { useSessionUpdates } from './use-session-updates';

/**
 * The signed-in person's live session for the SPEC §2 redirect: GET /api/sessions/active on mount,
 * and again on every 'chat_session.updated' event and on resync. An event is applied at once (SPEC §4:
 * "a realtime update replaces the local copy and clears the active session if completed") and then
 * confirmed by the refetch.
 */
export function useActiveSessionSource(): ActiveSessionSource {
  const queryClient = useQueryClient();
  const [store] = useState(createActiveSessionStore);
  const { data, dataUpdatedAt } = useQuery(activeSessionQueryOptions());

  // Every answer wins over what an event said before it (even an answer equal to the last one).
  useEffect(() => {
    if (data) store.set(toActiveSession(data.session));
  }, [data, dataUpdatedAt, store]);

  useSessionUpdates(
    (session) => {
      const current = store.source.getSnapshot();
      if (session.status === 'active') store.set(toActiveSession(session));
      else if (current?.id === session.id) store.set(null);
      void queryClient.invalidateQueries({ queryKey: activeSessionQueryKey });
    },
    () => void queryClient.invalidateQueries({ queryKey: activeSessionQueryKey }),
  );

  return store.source;
}
