import { createSessionCompletionHooks } from './sessions.hooks';
import { createSessionsEnding } from './sessions.ending';
import { createSessionsLive } from './sessions.live';
import { createSessionsReads } from './sessions.reads';
import { createSessionsShared, type SessionsDeps } from './sessions.shared';

export {
  COMPLETE_BATCH_SIZE,
  SESSION_CREATED_MESSAGE,
  SESSION_REQUEST_HOLD_TYPE,
  toChatSession,
  type AcceptedRequest,
  type BookedSession,
  BOOKING_HOLD_TYPE,
  type AnnouncePresence,
  type SessionsDeps,
  type SessionsLogger,
  type EndOutcome,
} from './sessions.shared';

/**
 * Chat sessions (SPEC §3/§4/§6/§7/§9).
 *
 * - createFromRequest: the accept transaction of session-requests calls it: the active session row,
 *   its realtime events and the coach's presence change, all in the caller's transaction.
 * - end (the coach) and completeDue (the lifecycle job, at start_time + duration on the server's clock):
 *   one transaction each that locks the session row, captures the request's hold (coach floor 95 %) and
 *   compare-and-sets active -> completed; of an end racing the job, or two instances of the job, exactly
 *   one completes the session and captures, the other sees it completed (409 for the coach).
 * - Reads: lists (coach 5 per page, client 20; clients by id or by their confirmed email), the live
 *   session for the active-session redirect, one session for its parties (404 for anyone else).
 */
export function createSessionsService(deps: SessionsDeps) {
  const shared = createSessionsShared(deps);
  // Modules built on a session (extensions, reviews) subscribe here when they are wired.
  const completion = createSessionCompletionHooks();
  return {
    /** Subscribes to the completing transaction, before the session's own capture (see the hooks file). */
    onSessionSettling: completion.onSessionSettling,
    /** Subscribes to the completing transaction, once the session is completed (see the hooks file). */
    onSessionCompleted: completion.onSessionCompleted,
    ...createSessionsLive(deps, shared),
    ...createSessionsReads(deps, shared),
    ...createSessionsEnding(deps, shared, completion),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
