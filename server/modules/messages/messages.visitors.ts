import {
  INQUIRY_LIMITS,
  INQUIRY_TEXTS,
  MESSAGE_EVENTS,
  type Conversation,
  type VisitorInquiryInput,
} from '#contracts/messages';
import type { RealtimeEvent } from '#contracts/realtime';
import { AppError } from '#domain/errors/app-error';
import { notFound, userTopic, type MessagesDeps, type MessagesShared } from './messages.shared';

type VisitorInquiry = Omit<VisitorInquiryInput, 'email'> & { email: string };

/**
 * A visitor without an account writes to a coach from their page or website (name, email): one
 * conversation per coach and address, answered in the app and by email (messages.shared alertIfAway:
 * inquiry_answer with a link to continue). The account that confirms the address claims it.
 */
export function createVisitorUseCases(deps: MessagesDeps, shared: MessagesShared) {
  const { db, repository, clock } = deps;

  return {
    /**
     * The visitor's message (202 with what happens next). A filled honeypot field gets the same answer
     * and stores nothing; a retried id answers again without a second message; more than
     * INQUIRY_LIMITS.perEmail from one address is refused (429), counted in the database so every
     * instance agrees (the per-IP limit is the route's).
     */
    async inquire(
      coachId: string,
      input: VisitorInquiry,
    ): Promise<{ message: string; events: RealtimeEvent[] }> {
      const coach = (await repository.isCoach(db, coachId))
        ? await repository.contactOf(db, coachId)
        : undefined;
      if (!coach) throw new AppError('NOT_FOUND', INQUIRY_TEXTS.coachNotFound);
      const answer = INQUIRY_TEXTS.sent(coach.fullName?.trim() || 'The coach', input.email);
      if (input.website) return { message: answer, events: [] };

      return db.transaction(async (tx) => {
        const now = clock.now();
        const id =
          (await repository.findVisitorConversation(tx, coachId, input.email)) ??
          (await repository.insertIfNew(tx, {
            coachId,
            clientId: null,
            clientName: input.name,
            clientEmail: input.email,
            createdAt: now,
            updatedAt: now,
          })) ??
          (await repository.findVisitorConversation(tx, coachId, input.email));
        const conversation = id ? await repository.lock(tx, id) : undefined;
        if (!conversation) throw new Error('visitor conversation neither inserted nor found');
        const sent = await shared.retried(tx, {
          id: input.id,
          conversationId: conversation.id,
          senderUserId: null,
          content: input.content,
        });
        if (sent) return { message: answer, events: [] };
        const since = new Date(now.getTime() - INQUIRY_LIMITS.perEmail.windowMs);
        if ((await repository.visitorMessagesSince(tx, input.email, since)) >= INQUIRY_LIMITS.perEmail.max)
          throw new AppError('RATE_LIMITED', INQUIRY_TEXTS.tooMany);
        const { events } = await shared.appendAndRecord(tx, conversation, {
          id: input.id,
          senderType: 'client',
          senderUserId: null,
          content: input.content,
          isAutomated: false,
        });
        return { message: answer, events };
      });
    },

    /**
     * The answer email's link, opened signed in: the visitor's conversation becomes the account's when
     * the account's confirmed address is the one it was sent from — or joins the conversation the
     * account already has with the coach. Opened again by its owner, it answers the conversation.
     */
    async claim(
      userId: string,
      id: string,
    ): Promise<{ conversation: Conversation; events: RealtimeEvent[] }> {
      const claimed = await db.transaction(async (tx) => {
        const conversation = await repository.lock(tx, id);
        if (!conversation) throw notFound();
        if (conversation.clientId === userId || conversation.coachId === userId)
          return { id: conversation.id, events: [] };
        if (conversation.clientId !== null) throw notFound();
        const me = await repository.clientIdentity(tx, userId);
        if (me?.email?.toLowerCase() !== conversation.clientEmail?.toLowerCase())
          throw new AppError('FORBIDDEN', INQUIRY_TEXTS.otherEmail);
        if (!me?.emailConfirmedAt) throw new AppError('FORBIDDEN', INQUIRY_TEXTS.unconfirmed);
        const existing = await repository.findIdOfPair(tx, conversation.coachId, userId);
        const target = existing ? await repository.lock(tx, existing) : undefined;
        if (target) await repository.mergeInto(tx, conversation, target, userId);
        else await repository.claim(tx, conversation.id, userId);
        const finalId = target?.id ?? conversation.id;
        // Both sides' open screens read it again (the coach's header: a client now, not a visitor).
        const payload = { conversation_id: finalId, replaces: target ? conversation.id : null };
        const events = await deps.realtime.recordMany(
          tx,
          [conversation.coachId, userId].map((party) => ({
            topic: userTopic(party),
            type: MESSAGE_EVENTS.updated,
            payload,
          })),
        );
        return { id: finalId, events };
      });
      return { conversation: await shared.view(userId, claimed.id), events: claimed.events };
    },
  };
}
