import { assertNever } from '../assert-never';
import { lookUpTransition, type TransitionResult, type TransitionTable } from './transition-table';

/**
 * A request that waits for the coach's answer: a client's session request, and a client's request for
 * more time in a live session (session extension). Both live the same life, so they share one machine:
 * pending until the coach accepts or declines, the client cancels or it expires; every other status is
 * final. Persisted with a compare-and-set on `status = 'pending'` in the repositories, so of racing
 * events exactly one applies; the loser is told why from `refusalMessage`.
 */
export const REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_EVENTS = ['accept', 'decline', 'cancel', 'expire'] as const;
export type RequestEvent = (typeof REQUEST_EVENTS)[number];

/** The transition table: the status each event leads to, from each status (absent = refused). */
export const REQUEST_TRANSITIONS = {
  pending: { accept: 'accepted', decline: 'declined', cancel: 'cancelled', expire: 'expired' },
  accepted: {},
  declined: {},
  cancelled: {},
  expired: {},
} as const satisfies TransitionTable<RequestStatus, RequestEvent>;

/** Why an event cannot apply: the request already left `pending` (its status says how). */
export type RequestRefusal = { reason: 'already_answered'; status: RequestStatus };

export type RequestTransition = TransitionResult<RequestStatus, RequestRefusal>;

export function transition(status: RequestStatus, event: RequestEvent): RequestTransition {
  return lookUpTransition(REQUEST_TRANSITIONS, status, event, (from) => ({
    reason: 'already_answered',
    status: from,
  }));
}

/** What a party sees: a pending request past its expiry is expired (the job settles it within seconds). */
export const shownRequestStatus = (
  row: { status: RequestStatus; expiresAt: Date },
  now: Date,
): RequestStatus =>
  row.status === 'pending' && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status;

/** What is asked for, as the refusals name it. */
export type RequestSubject = 'request' | 'request for more time';

/**
 * The message of a 409 for an event that lost a race, from the request's current (shown) status.
 * `pending` is the rare loser that found it still pending (a race with a lock).
 */
export function refusalMessage(status: RequestStatus, subject: RequestSubject = 'request'): string {
  switch (status) {
    case 'pending':
      return `This ${subject} is still waiting for an answer.`;
    case 'accepted':
      return `This ${subject} was already accepted.`;
    case 'declined':
      return `This ${subject} was already declined.`;
    case 'cancelled':
      return `The client cancelled this ${subject}.`;
    case 'expired':
      return `This ${subject} expired before it was answered.`;
    default:
      return assertNever(status, 'request status');
  }
}

/** After a decline, cancel or expiry (never while pending or once accepted) the coach may write once. */
export function canCoachMessage(status: RequestStatus): boolean {
  switch (status) {
    case 'declined':
    case 'cancelled':
    case 'expired':
      return true;
    case 'pending':
    case 'accepted':
      return false;
    default:
      return assertNever(status, 'request status');
  }
}
