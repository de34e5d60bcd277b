import { useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  coachPresenceEventSchema,
  PRESENCE_CHECK_MS,
  PRESENCE_EVENT,
  PRESENCE_MESSAGES,
  type Presence,
} from '#contracts/presence';
import { SESSION_EVENTS } from '#contracts/sessions';
import { useToast } from '#web/components/toast';
import { ActiveSessionContext } from '#web/lib/active-session';
import { useRealtimeBroadcast } from '#web/lib/realtime/use-realtime-topic';
import { onUserEvent } from '#web/lib/realtime/user-events';
import { presenceQueryKey, presenceQueryOptions, setPresence } from '../api/presence';
import { useConfirmPresence, usePresence } from '../hooks/use-presence';
import { needsFirstConfirmation, shouldAskStillOnline } from '../lib/presence-check';
import { reloadPage } from '../lib/reload-page';
import { StillOnlineDialog } from './still-online-dialog';

/** The live session from the signed-in layout's ActiveSessionProvider (null: none). */
function useActiveSession() {
  const source = useContext(ActiveSessionContext);
  return useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot);
}

/** A chat_session.updated event about an active session this coach runs. */
function startsSession(payload: Record<string, unknown>, userId: string) {
  const session = payload.session as { status?: unknown; coach_id?: unknown } | undefined;
  return session?.status === 'active' && session.coach_id === userId;
}

/**
 * SPEC §4 presence check for the signed-in coach: every PRESENCE_CHECK_MS (60 s), when online, not in
 * a session and last confirmed 2 h ago or more (Date.now(), so the browser clock decides), asks "Are
 * you still online?" with a 30 s countdown. At zero, or "Go offline": offline, then the page reloads.
 * "Yes, I'm online" confirms. The dialog closes when a session starts. A coach online without any
 * confirmation gets one recorded.
 */
export function PresenceCheck({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const presence = usePresence(userId);
  const confirm = useConfirmPresence(userId);
  const activeSession = useActiveSession();
  const [asking, setAsking] = useState(false);
  const [answering, setAnswering] = useState(false);

  const inSession = activeSession !== null || presence.data?.is_busy === true;
  const latest = useRef({ inSession, asking });
  useEffect(() => {
    latest.current = { inSession, asking };
  });

  // SPEC §4: "If no confirmation exists, one is recorded when the coach is online."
  const firstRecorded = useRef(false);
  const { mutate: confirmNow } = confirm;
  useEffect(() => {
    if (firstRecorded.current || !needsFirstConfirmation(presence.data)) return;
    firstRecorded.current = true;
    confirmNow();
  }, [presence.data, confirmNow]);

  // The check every 60 s: the cached status first; before asking, the server's (busy, other tabs).
  useEffect(() => {
    const timer = setInterval(() => {
      if (latest.current.asking) return;
      const cached = queryClient.getQueryData<Presence>(presenceQueryKey(userId));
      // Not loaded yet (a slow first load): the server's answer below decides, so no check is skipped.
      if (cached !== undefined && !shouldAskStillOnline(cached, Date.now(), latest.current.inSession)) return;
      void queryClient
        .fetchQuery({ ...presenceQueryOptions(userId), staleTime: 0 })
        .then((fresh) => {
          if (shouldAskStillOnline(fresh, Date.now(), latest.current.inSession)) setAsking(true);
        })
        .catch(() => undefined);
    }, PRESENCE_CHECK_MS);
    return () => clearInterval(timer);
  }, [queryClient, userId]);

  // A session started: the question no longer applies.
  const activeSource = useContext(ActiveSessionContext);
  useEffect(
    () =>
      activeSource.subscribe(() => {
        if (activeSource.getSnapshot() !== null) setAsking(false);
      }),
    [activeSource],
  );
  useEffect(
    () =>
      onUserEvent(SESSION_EVENTS.sessionUpdated, (event) => {
        if (!startsSession(event.payload, userId)) return;
        setAsking(false);
        void queryClient.invalidateQueries({ queryKey: presenceQueryKey(userId) });
      }),
    [queryClient, userId],
  );
  // This coach's presence changed elsewhere (another tab, a session starting or ending).
  useRealtimeBroadcast(PRESENCE_EVENT, (event) => {
    const parsed = coachPresenceEventSchema.safeParse(event.payload);
    if (!parsed.success || parsed.data.coach_id !== userId) return;
    if (parsed.data.is_busy) setAsking(false);
    void queryClient.invalidateQueries({ queryKey: presenceQueryKey(userId) });
  });

  async function goOffline() {
    setAnswering(true);
    try {
      await setPresence(false);
    } catch {
      // Reloading shows the real state either way; the next check asks again if still online.
    }
    reloadPage();
  }

  function stillOnline() {
    setAnswering(true);
    confirm.mutate(undefined, {
      onSuccess: () => setAsking(false),
      onError: () => toast({ title: PRESENCE_MESSAGES.updateFailed, variant: 'destructive' }),
      onSettled: () => setAnswering(false),
    });
  }

  return (
    <StillOnlineDialog
      open={asking && !inSession}
      busy={answering}
      onConfirm={stillOnline}
      onGoOffline={() => void goOffline()}
      onTimeout={() => void goOffline()}
    />
  );
}
