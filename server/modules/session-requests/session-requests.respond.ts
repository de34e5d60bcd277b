import type { RealtimeEvent } from '#contracts/realtime';
import { type ChatSession, type SessionRequest, SESSION_REQUEST_ERRORS } from '#contracts/sessions';
import { AppError } from '#domain/errors/app-error';
import { REQUEST_TRANSITIONS, shownRequestStatus as shownStatus } from '#domain/sessions/request-machine';
import { renderEmail } from '../outbox/email-templates';
import {
  statusConflict,
  toSessionRequest,
  type Outcome,
  type SessionRequestsDeps,
  type SessionRequestsShared,
} from './session-requests.shared';

/** The answers to a pending request: the coach accepts or declines, the client cancels, the coach's note. */
export function createSessionRequestsRespond(deps: SessionRequestsDeps, shared: SessionRequestsShared) {
  const { db, repository, clock } = deps;
  const { mustView, recordUpdated, releaseMoney, queueEmail, expireRow, tellClient } = shared;

  /** A change by one party (decline, cancel): pending -> declined | cancelled, money back, events to both. */
  async function leave(
    party: { coachId: string } | { clientId: string },
    id: string,
    event: 'decline' | 'cancel',
  ): Promise<Outcome<SessionRequest>> {
    const to = REQUEST_TRANSITIONS.pending[event];
    return db.transaction(async (tx) => {
      const now = clock.now();
      // The change first (it names the party); only a refusal reads the row, to say why.
      const changed = await repository.leavePending(tx, { id, to, now, party });
      if (!changed) {
        const current = await repository.findRow(tx, id);
        const isParty =
          current !== undefined &&
          ('coachId' in party ? current.coachId === party.coachId : current.clientId === party.clientId);
        throw isParty ? statusConflict(current, now) : new AppError('NOT_FOUND');
      }
      await releaseMoney(tx, changed);
      const request = toSessionRequest(changed, now);
      const events = await recordUpdated(tx, request);
      if (event === 'decline') events.push(...(await tellClient(tx, request, 'session_rejected')));
      return { body: request, events };
    });
  }

  return {
    /**
     * POST /:id/accept (the request's coach): in ONE transaction, claim the pending, unexpired request
     * (row lock), create its chat session (sessions module), mark it accepted with the session.
     */
    async accept(
      coachId: string,
      id: string,
    ): Promise<Outcome<{ request: SessionRequest; session: ChatSession }>> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const current = await repository.findRow(tx, id);
        if (!current || current.coachId !== coachId) throw new AppError('NOT_FOUND');
        const claimed = await repository.lockAcceptable(tx, { id, coachId, now });
        if (!claimed) throw statusConflict(await repository.findRow(tx, id), now);
        const created = await deps.chatSessions.createFromRequest(tx, claimed);
        const accepted = await repository.markAccepted(tx, { id, sessionId: created.session.id, now });
        if (!accepted) throw new Error(`Session request ${id} changed while locked`);
        const request = toSessionRequest(accepted, now);
        return {
          body: { request, session: created.session },
          events: [
            ...created.events,
            ...(await recordUpdated(tx, request)),
            ...(await tellClient(tx, request, 'session_accepted')),
          ],
        };
      });
    },

    /** POST /:id/decline (the request's coach): pending -> declined, hold released. */
    decline: (coachId: string, id: string) => leave({ coachId }, id, 'decline'),

    /** POST /:id/cancel (the request's client): pending -> cancelled, hold released. */
    cancel: (clientId: string, id: string) => leave({ clientId }, id, 'cancel'),

    /**
     * POST /:id/message (the request's coach), once, after a decline, cancel or expiry (SPEC §4/§5):
     * stored, requestUpdated to both, and the coach_decline_notification email to the client's
     * confirmed address (queueing failure only logged, SPEC §8).
     */
    async message(coachId: string, id: string, message: string): Promise<Outcome<SessionRequest>> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const current = await repository.findRow(tx, id);
        if (!current || current.coachId !== coachId) throw new AppError('NOT_FOUND');
        const events: RealtimeEvent[] = [];
        // Past its expiry but not yet settled by the job: settle it here first.
        if (shownStatus(current, now) === 'expired' && current.status === 'pending')
          events.push(...(await expireRow(tx, current, now)));
        const written = await repository.setCoachMessage(tx, { id, coachId, message, now });
        if (!written) {
          const after = await repository.findRow(tx, id);
          if (after?.coachMessage != null) throw new AppError('CONFLICT', SESSION_REQUEST_ERRORS.messageSent);
          const status = after ? shownStatus(after, now) : 'pending';
          throw new AppError('CONFLICT', SESSION_REQUEST_ERRORS.messageNotYet, {
            details: [{ path: 'status', message: status }],
          });
        }
        const view = await mustView(tx, id);
        const request = toSessionRequest(view, now);
        events.push(...(await recordUpdated(tx, request)));
        // The same words in the pair's conversation, where the client can answer them.
        if (written.clientId)
          events.push(
            ...(await deps.messages.sendWithin(tx, {
              coachId,
              clientId: written.clientId,
              content: message,
            })),
          );

        const client = await repository.identity(tx, written.clientId);
        const recipient = client?.email && client.emailConfirmedAt ? client.email : null;
        if (recipient) {
          const data = {
            coachMessage: message,
            clientName: written.clientName,
            sessionType: written.format,
            requestStatus: written.status,
            coachName: request.coach_name,
          };
          await queueEmail(tx, 'coach_decline_notification', (executor) =>
            deps.outbox.enqueue(executor, {
              channel: 'email',
              recipient,
              template: 'coach_decline_notification',
              ...renderEmail('coach_decline_notification', data),
              data: { ...data, requestId: id },
            }),
          );
        }
        return { body: request, events };
      });
    },
  };
}
