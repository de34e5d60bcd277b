import type { AcceptSessionExtensionResponse, SessionExtension } from '#contracts/session-extensions';
import { REQUEST_TRANSITIONS } from '#domain/sessions/request-machine';
import {
  notLive,
  statusConflict,
  type Outcome,
  type SessionExtensionsDeps,
  type SessionExtensionsShared,
} from './session-extensions.shared';

/** The answers to a pending ask: the coach accepts or declines, the client cancels. */
export function createSessionExtensionsRespond(deps: SessionExtensionsDeps, shared: SessionExtensionsShared) {
  const { db, repository, chatSessions, clock } = deps;
  const { recordChange, releaseMoney, requireParty } = shared;

  /**
   * A party's answer that gives the money back (decline, cancel): the session's row (FOR SHARE, the
   * lock order), pending -> declined | cancelled, release, events to both.
   */
  async function leave(
    userId: string,
    side: 'coach' | 'client',
    id: string,
    event: 'decline' | 'cancel',
  ): Promise<Outcome<SessionExtension>> {
    const to = REQUEST_TRANSITIONS.pending[event];
    return db.transaction(async (tx) => {
      const now = clock.now();
      const current = await requireParty(tx, userId, side, id);
      await chatSessions.lockShared(tx, current.sessionId);
      const changed = await repository.leavePending(tx, { id, to, now });
      if (!changed) throw statusConflict(await repository.findRow(tx, id), now);
      await releaseMoney(tx, changed);
      return recordChange(tx, id, now);
    });
  }

  return {
    /**
     * POST /api/session-extensions/:id/accept (the coach), one transaction: the session grows
     * (chatSessions.extend: its row lock first, refused once it is over), then the compare-and-set on
     * the pending, unexpired ask; either failing rolls both back. The hold stays until the session
     * completes and captures it.
     */
    async accept(coachId: string, id: string): Promise<Outcome<AcceptSessionExtensionResponse>> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const current = await requireParty(tx, coachId, 'coach', id);
        const extended = await chatSessions.extend(tx, current.sessionId, {
          minutes: current.minutes,
          price: current.price,
        });
        if (!extended) {
          // The session is over; an ask still pending is settled by the end (or the job) — say which.
          const after = await repository.findRow(tx, id);
          if (after && after.status !== 'pending') throw statusConflict(after, now);
          throw notLive();
        }
        const accepted = await repository.leavePending(tx, {
          id,
          to: REQUEST_TRANSITIONS.pending.accept,
          now,
          unexpiredAt: now,
        });
        if (!accepted) throw statusConflict(await repository.findRow(tx, id), now);
        const change = await recordChange(tx, id, now);
        return {
          body: { extension: change.body, session: extended.session },
          events: [...extended.events, ...change.events],
        };
      });
    },

    /** POST /api/session-extensions/:id/decline (the coach): pending -> declined, hold released. */
    decline: (coachId: string, id: string) => leave(coachId, 'coach', id, 'decline'),

    /** POST /api/session-extensions/:id/cancel (the client): pending -> cancelled, hold released. */
    cancel: (clientId: string, id: string) => leave(clientId, 'client', id, 'cancel'),
  };
}
