import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  requestEventPayloadSchema,
  sessionEventPayloadSchema,
  SESSION_EVENTS,
  SESSION_MESSAGES,
} from '#contracts/sessions';
import { useToast } from '#web/components/toast';
import { onUserEvent, onUserResync } from '#web/lib/realtime/user-events';
import { sessionRequestQueryKey, sessionRequestQueryOptions, storeRequest } from '../api/session-requests';
import { coachNameOf } from '../lib/display';
import { claimSessionToast, JOIN_DELAY_MS } from '../lib/session-toasts';

/**
 * Once the request is accepted (its event, its new session's event, or a resync read), the toast and
 * the way into the session after a short pause. Returns the session being joined, if any.
 */
export function useJoinOnAccept(requestId: string): string | null {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [joining, setJoining] = useState<string | null>(null);
  const joinTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latestNavigate = useRef(navigate);
  useEffect(() => {
    latestNavigate.current = navigate;
  });

  useEffect(() => {
    const join = (sessionId: string, coachName: string) => {
      if (joinTimer.current !== null) return;
      if (claimSessionToast(sessionId))
        toast({ title: SESSION_MESSAGES.accepted, description: `Joining your session with ${coachName}…` });
      setJoining(sessionId);
      joinTimer.current = setTimeout(() => {
        void latestNavigate.current(`/session/${sessionId}`);
      }, JOIN_DELAY_MS);
    };
    const offRequest = onUserEvent(SESSION_EVENTS.requestUpdated, (event) => {
      const parsed = requestEventPayloadSchema.safeParse(event.payload);
      if (!parsed.success || parsed.data.request.id !== requestId) return;
      const next = parsed.data.request;
      storeRequest(queryClient, next);
      if (next.status === 'accepted' && next.session_id) join(next.session_id, coachNameOf(next));
    });
    // The new session may tell first (its events come before the request's): it names its request.
    const offSession = onUserEvent(SESSION_EVENTS.sessionUpdated, (event) => {
      const parsed = sessionEventPayloadSchema.safeParse(event.payload);
      if (!parsed.success) return;
      const { session } = parsed.data;
      if (session.request_id !== requestId || session.status !== 'active') return;
      join(session.id, session.coach_name || SESSION_MESSAGES.coachNameFallback);
      void queryClient.invalidateQueries({ queryKey: sessionRequestQueryKey(requestId), exact: true });
    });
    // After missed events, and every few seconds while live updates are paused: read the request again;
    // accepted while this screen waited, the client joins just as the event would have taken them.
    const offResync = onUserResync(() => {
      const waited =
        queryClient.getQueryData(sessionRequestQueryOptions(requestId).queryKey)?.status === 'pending';
      void queryClient.fetchQuery(sessionRequestQueryOptions(requestId)).then(
        (next) => {
          if (waited && next.status === 'accepted' && next.session_id)
            join(next.session_id, coachNameOf(next));
        },
        () => undefined,
      );
    });
    return () => {
      offRequest();
      offSession();
      offResync();
      if (joinTimer.current !== null) clearTimeout(joinTimer.current);
      joinTimer.current = null;
    };
  }, [queryClient, requestId, toast]);
  return joining;
}
