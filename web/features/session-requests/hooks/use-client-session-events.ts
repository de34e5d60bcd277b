import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  requestEventPayloadSchema,
  sessionCreatedPayloadSchema,
  sessionEventPayloadSchema,
  SESSION_EVENTS,
  SESSION_MESSAGES,
} from '#contracts/sessions';
import { useToast } from '#web/components/toast';
import { onUserEvent } from '#web/lib/realtime/user-events';
import { claimSessionToast, isWaitingRoomOpen, JOIN_DELAY_MS } from '../lib/session-toasts';

const declinedToasted = new Set<string>();

/**
 * SPEC §4 "Client side of requests", client-wide (mounted while the active role is client):
 * - a request of theirs accepted -> 'Request Accepted!' and /session/{id} after 1 s (a waiting room on
 *   screen for that request does this itself);
 * - a new active chat session for them -> 'Session Ready!' and join after 1 s, unless they are on the
 *   waiting room of its request (not for a booked session: its parties join it themselves);
 * - 'session_created' -> 'Session Started!' unless that session already had one of these toasts;
 * - declined -> the destructive 'Request Declined'.
 * One toast per session id in total. The lasting notifications of these changes (session_rejected,
 * session_cancelled, session_accepted, and coach_message for the coach's note) are written by the
 * server with the change and reach the notification stack from there, not from here.
 */
export function useClientSessionEvents({ userId }: { userId: string }) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const latest = useRef({ pathname, navigate });
  useEffect(() => {
    latest.current = { pathname, navigate };
  });

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const inSession = (sessionId: string) => latest.current.pathname === `/session/${sessionId}`;
    const joinSoon = (sessionId: string) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!inSession(sessionId)) void latest.current.navigate(`/session/${sessionId}`);
      }, JOIN_DELAY_MS);
      timers.add(timer);
    };

    const offRequest = onUserEvent(SESSION_EVENTS.requestUpdated, (event) => {
      const parsed = requestEventPayloadSchema.safeParse(event.payload);
      if (!parsed.success) return;
      const { request } = parsed.data;
      if (request.client_id !== userId) return;
      if (request.status === 'accepted' && request.session_id && !isWaitingRoomOpen(request.id)) {
        if (claimSessionToast(request.session_id)) {
          toast({
            title: SESSION_MESSAGES.accepted,
            description: `Joining your session with ${request.coach_name || SESSION_MESSAGES.coachNameFallback}…`,
          });
          joinSoon(request.session_id);
        }
      }
      if (request.status === 'declined') {
        if (!declinedToasted.has(request.id)) {
          declinedToasted.add(request.id);
          toast({
            title: SESSION_MESSAGES.declined,
            description: 'The amount held for it is back in your wallet.',
            variant: 'destructive',
          });
        }
      }
    });

    const offSession = onUserEvent(SESSION_EVENTS.sessionUpdated, (event) => {
      const parsed = sessionEventPayloadSchema.safeParse(event.payload);
      if (!parsed.success) return;
      const { session } = parsed.data;
      // New: active and the client has not joined it yet.
      if (session.client_id !== userId || session.status !== 'active' || session.client_present) return;
      // A booked session is joined by its parties themselves (Join, the countdown), never pulled into.
      if (session.booking_id !== null) return;
      if (session.request_id && isWaitingRoomOpen(session.request_id)) return;
      if (inSession(session.id)) return;
      if (!claimSessionToast(session.id)) return;
      toast({ title: SESSION_MESSAGES.sessionReady, description: 'Joining your session…' });
      joinSoon(session.id);
    });

    const offCreated = onUserEvent(SESSION_EVENTS.sessionCreated, (event) => {
      const parsed = sessionCreatedPayloadSchema.safeParse(event.payload);
      if (!parsed.success) return;
      const { sessionId, clientId, message } = parsed.data;
      if (clientId !== userId || inSession(sessionId)) return;
      if (!claimSessionToast(sessionId)) return;
      toast({ title: SESSION_MESSAGES.sessionStarted, ...(message ? { description: message } : {}) });
    });

    return () => {
      offRequest();
      offSession();
      offCreated();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [toast, userId]);
}
