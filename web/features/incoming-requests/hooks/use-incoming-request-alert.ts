import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  REQUEST_ALERT_MS,
  REQUEST_RING_REPEAT_MS,
  REQUEST_SAFETY_NET_MS,
  SESSION_EVENTS,
  requestEventPayloadSchema,
  type SessionRequest,
} from '#contracts/sessions';
import { errorText } from '#web/components/form-error';
import { onUserEventOf } from '#web/lib/realtime/on-user-event-of';
import { onUserResync } from '#web/lib/realtime/user-events';
import { acceptRequest, declineRequest, fetchPendingRequest, fetchRequest } from '../api/incoming-requests';
import { alertReducer, initialAlertState } from '../lib/alert-state';

/** SPEC §4: the alert is skipped on /session/{id}. */
export const isSessionPath = (pathname: string) => /^\/session\/[^/]+/.test(pathname);

/**
 * The coach's incoming-request alert (SPEC §4 "Coach alert banner", §9 timings):
 * - 'session_request.created' events offer a request; 'session_request.updated' events keep it current
 *   (a cancel turns the banner orange, an expiry or an answer from another tab closes it);
 * - a safety-net GET /api/session-requests/pending 1 s after load, and again after a resync;
 * - while a request rings: `ring()` at once and every 2 s (unless muted), auto-dismiss after 180 s;
 * - never shown on /session/{id}: requests wait in line until the coach leaves it.
 */
export function useIncomingRequestAlert({ ring, muted }: { ring: () => void; muted: boolean }) {
  const [state, dispatch] = useReducer(alertReducer, initialAlertState);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const onSessionPage = isSessionPath(pathname);
  const canShow = useRef(!onSessionPage);
  useEffect(() => {
    canShow.current = !onSessionPage;
  }, [onSessionPage]);

  const offer = useCallback((request: SessionRequest) => {
    dispatch({ type: 'offer', request, canShow: canShow.current, now: Date.now() });
  }, []);

  // Realtime: new requests and their changes.
  useEffect(() => {
    const offCreated = onUserEventOf(
      SESSION_EVENTS.requestCreated,
      requestEventPayloadSchema,
      ({ request }) => offer(request),
    );
    const offUpdated = onUserEventOf(
      SESSION_EVENTS.requestUpdated,
      requestEventPayloadSchema,
      ({ request }) => dispatch({ type: 'update', request }),
    );
    return () => {
      offCreated();
      offUpdated();
    };
  }, [offer]);

  // The safety net: what may have rung before this tab listened (or while it was cut off).
  useEffect(() => {
    let stopped = false;
    const check = () => {
      fetchPendingRequest().then(
        (request) => {
          if (request && !stopped) offer(request);
        },
        () => undefined, // The next event or resync tries again; nothing to tell the coach.
      );
    };
    const timer = setTimeout(check, REQUEST_SAFETY_NET_MS);
    const offResync = onUserResync(check);
    return () => {
      stopped = true;
      clearTimeout(timer);
      offResync();
    };
  }, [offer]);

  // One at a time: when the banner is free (and allowed here), the next one in line shows.
  const { alert, queue } = state;
  useEffect(() => {
    if (!alert && queue.length > 0 && !onSessionPage) dispatch({ type: 'next', now: Date.now() });
  }, [alert, queue, onSessionPage]);

  // While it rings: the sound every 2 s, and the 180 s auto-dismiss.
  const ringingId = alert?.phase === 'incoming' ? alert.request.id : null;
  const shownAt = alert?.shownAt ?? 0;
  const ringRef = useRef(ring);
  useEffect(() => {
    ringRef.current = ring;
  }, [ring]);
  useEffect(() => {
    if (!ringingId || onSessionPage || muted) return;
    ringRef.current();
    const handle = setInterval(() => ringRef.current(), REQUEST_RING_REPEAT_MS);
    return () => clearInterval(handle);
  }, [ringingId, onSessionPage, muted]);
  useEffect(() => {
    if (!ringingId) return;
    const handle = setTimeout(
      () => dispatch({ type: 'timed-out', id: ringingId }),
      Math.max(0, shownAt + REQUEST_ALERT_MS - Date.now()),
    );
    return () => clearTimeout(handle);
  }, [ringingId, shownAt]);

  /** After a failed answer: read the request again, so a cancel or an expiry shows as what it is. */
  const refresh = useCallback((id: string) => {
    fetchRequest(id).then(
      (request) => {
        if (request) dispatch({ type: 'update', request });
      },
      () => undefined,
    );
  }, []);

  /** The request being accepted and the room's address, until the screen shows the room. */
  const opening = useRef<{ id: string; pathname: string } | null>(null);
  const accept = useCallback(
    async (id: string) => {
      dispatch({ type: 'accepting', id });
      let sessionId: string;
      try {
        sessionId = (await acceptRequest(id)).session.id;
      } catch (error) {
        dispatch({ type: 'accept-failed', id, error: errorText(error) });
        refresh(id);
        return;
      }
      // "Accepting…" stays until the room is open (the router first loads the room's code): the
      // effect below ends it once the screen shows that address.
      opening.current = { id, pathname: `/session/${encodeURIComponent(sessionId)}` };
      void navigate(opening.current.pathname);
    },
    [navigate, refresh],
  );
  useEffect(() => {
    if (opening.current?.pathname !== pathname) return;
    dispatch({ type: 'accepted', id: opening.current.id });
    opening.current = null;
  }, [pathname]);

  const decline = useCallback(
    async (id: string) => {
      dispatch({ type: 'declining', id });
      try {
        await declineRequest(id);
        dispatch({ type: 'declined', id });
      } catch (error) {
        dispatch({ type: 'decline-failed', id, error: errorText(error) });
        refresh(id);
      }
    },
    [refresh],
  );

  const close = useCallback((id: string) => dispatch({ type: 'close', id }), []);

  return { alert: onSessionPage ? null : alert, accept, decline, close };
}
