import { randomUUID } from 'node:crypto';
import { CHAT_TYPING_SERVER_GAP_MS } from '#contracts/chat';
import {
  CONVERSATIONS_PAGE_SIZE,
  MESSAGE_EVENTS,
  MESSAGE_TEXTS,
  MESSAGES_PAGE_SIZE,
  type Conversation,
  type ConversationsPage,
  type MessagesPage,
  type SendMessageInput,
  type StartConversationInput,
} from '#contracts/messages';
import type { RealtimeEvent } from '#contracts/realtime';
import { AppError } from '#domain/errors/app-error';
import type { DbExecutor } from '#server/db/client';
import { createRecentGate } from '#server/lib/recent-gate';
import { decodeTimeCursor, encodeTimeCursor } from '#server/lib/time-cursor';
import {
  notFound,
  partyTopics,
  readOf,
  toConversation,
  toMessage,
  userTopic,
  type MessagesDeps,
  type MessagesShared,
} from './messages.shared';
import { createTextSends, type TextSend, type TextSent } from './messages.texts';

const STALE_CURSOR = 'This page of conversations is out of date. Please reload the list.';

/**
 * A coach's and a client's conversation (contracts/messages.ts).
 *
 * - start: a client with a coach (anyone holding the coach role), a coach with a client who has asked
 *   them for a session or had one; the pair's one conversation, made on first use (201) or found (200).
 * - send: under the conversation's row lock, the next seq, the message and both parties' event; a
 *   retried id answers the message already sent (200), an id used by another message 409.
 * - Only the two parties reach a conversation: anyone else gets 404, as for one that does not exist.
 */
export function createConversationUseCases(deps: MessagesDeps, shared: MessagesShared) {
  const { db, repository, realtime, clock } = deps;
  /** One "typing" per person and conversation per CHAT_TYPING_SERVER_GAP_MS. */
  const typingGate = createRecentGate(CHAT_TYPING_SERVER_GAP_MS);

  /**
   * A text send the one statement (messages.texts.ts) did not write: under the conversation's row lock,
   * the block check, the id's retry check, then the append with its alert and notification.
   */
  async function sendInTransaction({
    userId,
    conversationId: id,
    input,
  }: TextSend): Promise<TextSent & { events: RealtimeEvent[] }> {
    return db.transaction(async (tx) => {
      const { conversation, senderType } = await shared.lockToSend(tx, id, userId);
      const sent = await shared.retried(tx, {
        id: input.id,
        conversationId: id,
        senderUserId: userId,
        content: input.content,
      });
      if (sent) return { message: sent, created: false, events: [] };
      const { message, events } = await shared.appendAndRecord(tx, conversation, {
        id: input.id,
        senderType,
        senderUserId: userId,
        content: input.content,
        isAutomated: false,
      });
      return { message, created: true, events };
    });
  }
  const textSends = createTextSends(deps, sendInTransaction);

  /**
   * The conversation of a coach and a client with an account, made when they have none (two first
   * tries at once: one insert wins, the other finds its row).
   */
  async function conversationOfPair(
    executor: DbExecutor,
    coachId: string,
    clientId: string,
  ): Promise<{ id: string; created: boolean }> {
    const existing = await repository.findIdOfPair(executor, coachId, clientId);
    if (existing) return { id: existing, created: false };
    const client = await repository.clientIdentity(executor, clientId);
    if (!client) throw new AppError('NOT_FOUND', MESSAGE_TEXTS.clientNotFound);
    const now = clock.now();
    const insertedId = await repository.insertIfNew(executor, {
      coachId,
      clientId,
      clientName: client.fullName?.trim() || client.email?.split('@')[0] || 'Client',
      clientEmail: client.email && client.emailConfirmedAt ? client.email : null,
      createdAt: now,
      updatedAt: now,
    });
    const id = insertedId ?? (await repository.findIdOfPair(executor, coachId, clientId));
    if (!id) throw new Error('inquiry conversation neither inserted nor found');
    return { id, created: insertedId !== undefined };
  }

  return {
    async list(
      userId: string,
      query: { cursor?: string | undefined; q?: string | undefined; archived?: boolean | undefined },
    ): Promise<ConversationsPage> {
      const cursor = query.cursor ? decodeTimeCursor(query.cursor, STALE_CURSOR) : null;
      const filter = { cursor, q: query.q || null, archived: query.archived ?? false };
      const [rows, unreadTotal] = await Promise.all([
        repository.listForParty(db, userId, filter, CONVERSATIONS_PAGE_SIZE + 1),
        repository.unreadTotal(db, userId),
      ]);
      const page = rows.slice(0, CONVERSATIONS_PAGE_SIZE);
      const last = page.at(-1)?.conversation;
      return {
        conversations: page.map((row) => toConversation(row, userId)),
        next_cursor:
          rows.length > CONVERSATIONS_PAGE_SIZE && last?.lastMessageAt
            ? encodeTimeCursor({ at: last.lastMessageAt, id: last.id })
            : null,
        unread_total: unreadTotal,
      };
    },

    get: shared.view,

    async start(
      userId: string,
      input: StartConversationInput,
    ): Promise<{ conversation: Conversation; created: boolean }> {
      const coachId = 'coach_id' in input ? input.coach_id : userId;
      const clientId = 'client_id' in input ? input.client_id : userId;
      if (coachId === clientId) throw new AppError('VALIDATION_ERROR', MESSAGE_TEXTS.ownConversation);
      if ('coach_id' in input) {
        if (!(await repository.isCoach(db, coachId)))
          throw new AppError('NOT_FOUND', MESSAGE_TEXTS.coachNotFound);
      } else if (
        !(await repository.isCoach(db, userId)) ||
        !(await repository.haveMet(db, coachId, clientId))
      )
        throw new AppError('NOT_FOUND', MESSAGE_TEXTS.clientNotFound);

      await shared.refuseIfBlocked(db, userId, userId === coachId ? clientId : coachId);
      const made = await conversationOfPair(db, coachId, clientId);
      return { conversation: await shared.view(userId, made.id), created: made.created };
    },

    /** The caller archives the conversation (their side only) or brings it back to their list. */
    async update(userId: string, id: string, input: { archived: boolean }): Promise<Conversation> {
      const changed = await repository.setArchived(db, id, userId, input.archived ? clock.now() : null);
      if (!changed) throw notFound();
      return shared.view(userId, id);
    },

    async messages(
      userId: string,
      id: string,
      query: { before_seq?: number | undefined },
    ): Promise<MessagesPage> {
      if (!(await repository.findForParty(db, id, userId))) throw notFound();
      const page = await repository.page(db, id, query.before_seq ?? null, MESSAGES_PAGE_SIZE);
      return { messages: page.messages.map(toMessage), has_more: page.hasMore };
    },

    /** A text message; its events are delivered by the time it answers. */
    send: (userId: string, id: string, input: SendMessageInput): Promise<TextSent> =>
      textSends.send({ userId, conversationId: id, input }),

    /**
     * For another module's transaction: a coach's message to a client with an account, in their
     * conversation (made if new) — the coach's note after a declined, cancelled or expired request, so
     * it has one home. Answers the events to deliver after that transaction commits.
     */
    async sendWithin(
      tx: DbExecutor,
      input: { coachId: string; clientId: string; content: string },
    ): Promise<RealtimeEvent[]> {
      const { id } = await conversationOfPair(tx, input.coachId, input.clientId);
      const conversation = await repository.lockForParty(tx, id, input.coachId);
      if (!conversation) throw new Error('inquiry conversation vanished inside its transaction');
      const { events } = await shared.appendAndRecord(tx, conversation, {
        id: randomUUID(),
        senderType: 'coach',
        senderUserId: input.coachId,
        content: input.content,
        isAutomated: false,
      });
      return events;
    },

    /**
     * "Is typing" to the other party's open tabs (not stored): at most one per person and conversation
     * per CHAT_TYPING_SERVER_GAP_MS; a visitor has no tab to tell.
     */
    async typing(userId: string, id: string): Promise<void> {
      const found = await repository.findForParty(db, id, userId);
      if (!found) throw notFound();
      const now = clock.now();
      const other =
        found.conversation.coachId === userId ? found.conversation.clientId : found.conversation.coachId;
      if (!other || !typingGate.pass(`${userId}:${id}`, now.getTime())) return;
      await realtime.publish({
        topic: userTopic(other),
        type: MESSAGE_EVENTS.typing,
        payload: { conversation_id: id, user_id: userId, at: now.toISOString() },
      });
    },

    async markRead(userId: string, id: string, seq: number): Promise<RealtimeEvent[]> {
      return db.transaction(async (tx) => {
        const before = await repository.lockForParty(tx, id, userId);
        if (!before) throw notFound();
        const after = await repository.markRead(tx, id, userId, seq);
        if (!after) throw notFound();
        if (after.coachReadSeq === before.coachReadSeq && after.clientReadSeq === before.clientReadSeq)
          return [];
        const payload = { conversation_id: id, read: readOf(after) };
        const events = await realtime.recordMany(
          tx,
          partyTopics(after).map((topic) => ({ topic, type: MESSAGE_EVENTS.read, payload })),
        );
        // A client who has read the conversation to its end has seen what its coach_message told them.
        const readToEnd = after.clientId === userId && after.clientReadSeq === after.lastSeq;
        if (!readToEnd) return events;
        return [
          ...events,
          ...(await deps.notifications.readLinked(tx, userId, 'coach_message', `/chat/${id}`)),
        ];
      });
    },
  };
}
