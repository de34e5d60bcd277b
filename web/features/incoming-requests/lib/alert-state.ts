import type { SessionRequest } from '#contracts/sessions';

/**
 * The coach alert banner's states (SPEC §4 "Coach alert banner"), kept pure so every rule is in one
 * place: one alert at a time (others wait in line), handled request ids ignored, scheduled requests
 * never ring, accept failures unmark the request and show it again, a decline keeps the banner open
 * for a message, a client's cancel turns it into "Client Cancelled Session", expiry closes it.
 */
export type AlertPhase = 'incoming' | 'accepting' | 'declining' | 'declined' | 'cancelled';

export type RequestAlert = {
  request: SessionRequest;
  phase: AlertPhase;
  /** Why the last accept or decline failed, in the server's words. */
  error: string | null;
  /** When it was first shown (epoch ms): the 180 s auto-dismiss counts from here. */
  shownAt: number;
};

export type AlertState = {
  alert: RequestAlert | null;
  /** Pending instant requests waiting for the banner to be free, oldest first. */
  queue: readonly SessionRequest[];
  /** Requests the coach has dealt with (or that ended): never shown again. */
  handled: ReadonlySet<string>;
};

export type AlertAction =
  /** A request from an event or the safety net; `canShow` is false where the banner may not appear. */
  | { type: 'offer'; request: SessionRequest; canShow: boolean; now: number }
  /** The banner is free again (or may appear again): show the next one in line. */
  | { type: 'next'; now: number }
  /** A newer copy of a request (a 'session_request.updated' event or a fresh read). */
  | { type: 'update'; request: SessionRequest }
  | { type: 'accepting' | 'declining'; id: string }
  | { type: 'accept-failed' | 'decline-failed'; id: string; error: string }
  | { type: 'accepted' | 'declined'; id: string }
  /** The coach closed it (after the message, or without one). */
  | { type: 'close'; id: string }
  /** 180 s passed while it was still ringing. */
  | { type: 'timed-out'; id: string };

export const initialAlertState: AlertState = { alert: null, queue: [], handled: new Set() };

const withHandled = (handled: ReadonlySet<string>, id: string) => new Set(handled).add(id);
const withoutHandled = (handled: ReadonlySet<string>, id: string) => {
  const next = new Set(handled);
  next.delete(id);
  return next;
};
const withoutQueued = (queue: readonly SessionRequest[], id: string) => queue.filter((r) => r.id !== id);

/** Only pending instant requests ring (both preferred date and time = scheduled, SPEC §4). */
export const rings = (request: SessionRequest) => request.status === 'pending' && !request.scheduled;

function setPhase(
  state: AlertState,
  id: string,
  from: readonly AlertPhase[],
  change: Partial<RequestAlert>,
): AlertState {
  const { alert } = state;
  if (!alert || alert.request.id !== id || !from.includes(alert.phase)) return state;
  return { ...state, alert: { ...alert, ...change } };
}

export function alertReducer(state: AlertState, action: AlertAction): AlertState {
  switch (action.type) {
    case 'offer': {
      const { request } = action;
      if (!rings(request) || state.handled.has(request.id)) return state;
      if (state.alert?.request.id === request.id) return state;
      if (state.queue.some((queued) => queued.id === request.id))
        return {
          ...state,
          queue: state.queue.map((queued) => (queued.id === request.id ? request : queued)),
        };
      if (!state.alert && action.canShow)
        return { ...state, alert: { request, phase: 'incoming', error: null, shownAt: action.now } };
      return { ...state, queue: [...state.queue, request] };
    }
    case 'next': {
      if (state.alert) return state;
      const queue = state.queue.filter((request) => rings(request) && !state.handled.has(request.id));
      const [first, ...rest] = queue;
      if (!first) return queue.length === state.queue.length ? state : { ...state, queue };
      return {
        ...state,
        queue: rest,
        alert: { request: first, phase: 'incoming', error: null, shownAt: action.now },
      };
    }
    case 'update': {
      const { request } = action;
      const { alert } = state;
      if (alert?.request.id === request.id) {
        if (request.status === 'pending') return { ...state, alert: { ...alert, request } };
        if (request.status === 'cancelled' && ['incoming', 'accepting', 'declining'].includes(alert.phase))
          return {
            ...state,
            handled: withHandled(state.handled, request.id),
            alert: { ...alert, request, phase: 'cancelled', error: null },
          };
        // Accepted or declined elsewhere (another tab), or expired: a ringing banner closes. While
        // this tab's own accept or decline is under way, its answer decides; after a decline or a
        // cancel the message box stays.
        if (alert.phase === 'incoming')
          return { ...state, alert: null, handled: withHandled(state.handled, request.id) };
        // The message was written (in another tab): nothing is left to do here.
        if ((alert.phase === 'declined' || alert.phase === 'cancelled') && request.coach_message !== null)
          return { ...state, alert: null };
        return state;
      }
      if (request.status === 'pending') {
        if (!state.queue.some((queued) => queued.id === request.id)) return state;
        return {
          ...state,
          queue: state.queue.map((queued) => (queued.id === request.id ? request : queued)),
        };
      }
      return {
        ...state,
        queue: withoutQueued(state.queue, request.id),
        handled: withHandled(state.handled, request.id),
      };
    }
    case 'accepting':
      return {
        ...setPhase(state, action.id, ['incoming'], { phase: 'accepting', error: null }),
        handled: withHandled(state.handled, action.id),
      };
    case 'declining':
      return {
        ...setPhase(state, action.id, ['incoming'], { phase: 'declining', error: null }),
        handled: withHandled(state.handled, action.id),
      };
    case 'accept-failed':
    case 'decline-failed': {
      const from: AlertPhase = action.type === 'accept-failed' ? 'accepting' : 'declining';
      const next = setPhase(state, action.id, [from], { phase: 'incoming', error: action.error });
      // Unmarked only when it shows again; a request that ended meanwhile stays handled.
      return next === state ? state : { ...next, handled: withoutHandled(state.handled, action.id) };
    }
    case 'accepted':
      return state.alert?.request.id === action.id ? { ...state, alert: null } : state;
    case 'declined':
      return setPhase(state, action.id, ['declining'], { phase: 'declined', error: null });
    case 'close':
      return {
        ...state,
        alert: state.alert?.request.id === action.id ? null : state.alert,
        queue: withoutQueued(state.queue, action.id),
        handled: withHandled(state.handled, action.id),
      };
    case 'timed-out':
      if (state.alert?.request.id !== action.id || state.alert.phase !== 'incoming') return state;
      return { ...state, alert: null, handled: withHandled(state.handled, action.id) };
  }
}
