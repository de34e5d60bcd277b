import { assertNever } from '../assert-never';
import { lookUpTransition, type TransitionResult, type TransitionTable } from './transition-table';

/**
 * A chat session (text, audio or video) once a request is accepted: active until the coach ends it or
 * its time runs out (start time + duration, which more time bought extends), then completed for good.
 * Persisted with a compare-and-set on `status = 'active'` under the session's row lock.
 */
export const SESSION_STATUSES = ['active', 'completed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** end: the coach ends it; time_up: the timer job finds it ran out; extend: more time is added. */
export const SESSION_EVENTS = ['end', 'time_up', 'extend'] as const;
export type SessionEvent = (typeof SESSION_EVENTS)[number];

/** Who completed a session, recorded with it. */
export type SessionCompletedBy = 'coach' | 'timer';

export const SESSION_TRANSITIONS = {
  active: { end: 'completed', time_up: 'completed', extend: 'active' },
  completed: {},
} as const satisfies TransitionTable<SessionStatus, SessionEvent>;

export type SessionRefusal = { reason: 'over'; status: SessionStatus };

export type SessionTransition = TransitionResult<SessionStatus, SessionRefusal>;

export function transition(status: SessionStatus, event: SessionEvent): SessionTransition {
  return lookUpTransition(SESSION_TRANSITIONS, status, event, (from) => ({ reason: 'over', status: from }));
}

/** Who a completing event records as having completed the session. */
export function completedByOf(event: 'end' | 'time_up'): SessionCompletedBy {
  switch (event) {
    case 'end':
      return 'coach';
    case 'time_up':
      return 'timer';
    default:
      return assertNever(event, 'session event');
  }
}

/** Live: active and its time not yet up. Only a live session takes presence changes and more time. */
export const isSessionLive = (status: SessionStatus, endsAt: Date, now: Date): boolean =>
  transition(status, 'extend').ok && endsAt.getTime() > now.getTime();

/** What a party sees: an active session whose time is up is completed (the job settles it in seconds). */
export const shownSessionStatus = (status: SessionStatus, endsAt: Date, now: Date): SessionStatus =>
  status === 'active' && endsAt.getTime() <= now.getTime() ? 'completed' : status;
