import { createSessionRequestsCreate } from './session-requests.create';
import { createSessionRequestsExpiry } from './session-requests.expiry';
import { createSessionRequestsReads } from './session-requests.reads';
import { createSessionRequestsRespond } from './session-requests.respond';
import { createSessionRequestsShared, type SessionRequestsDeps } from './session-requests.shared';

export {
  ALTERNATIVES_LIMIT,
  EXPIRE_BATCH_SIZE,
  toSessionRequest,
  type AcceptedRequest,
  type SessionsPort,
  type CreateSessionRequestInput,
  type Outcome,
  type SessionRequestsDeps,
  type SessionRequestsLogger,
} from './session-requests.shared';

/**
 * Session requests (SPEC §3/§4). A client asks a coach; the quoted price is
 * held from the client's wallet (money_holds reference ('session_request', id)) in the same transaction
 * as the insert. The coach accepts (a chat session is created, the hold stays until the session is
 * completed), declines (hold released), the client cancels (released), or it expires at expires_at
 * (released by expireDue). Every status change is a compare-and-set on `status = 'pending'` in ONE
 * transaction with its money and its realtime events (SESSION_EVENTS on each party's `user:<id>`), so
 * of racing accepts, cancels, declines and expiries exactly one wins; the others get 409 CONFLICT with
 * the current status. Events are delivered after commit (route()'s emit, or realtime.transaction in jobs).
 */
export function createSessionRequestsService(deps: SessionRequestsDeps) {
  const shared = createSessionRequestsShared(deps);
  return {
    ...createSessionRequestsCreate(deps, shared),
    ...createSessionRequestsReads(deps),
    ...createSessionRequestsRespond(deps, shared),
    ...createSessionRequestsExpiry(deps, shared),
  };
}

export type SessionRequestsService = ReturnType<typeof createSessionRequestsService>;
