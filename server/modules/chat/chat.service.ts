import {
  CHAT_EVENTS,
  CHAT_MESSAGES,
  type ChatHistory,
  type ChatMessage,
  type SendChatMessage,
} from '../../../contracts/chat';
import type { RealtimeEvent } from '../../../contracts/realtime';
import type { ChatSession } from '../../../contracts/sessions';
import type { Clock } from '../../../domain/clock';
import { AppError } from '../../../domain/errors/app-error';
import type { Database } from '../../db/client';
import type { RealtimeService } from '../../realtime/realtime.service';
import type { ChatMessageRow, ChatRepository } from './chat.repository';

/**
 * A party's view of a session (404 for anyone else): the chat-sessions service's `get`, which decides
 * who is a party (the coach, or the client by id or by confirmed email).
 */
export type FindSessionForParty = (userId: string, sessionId: string) => Promise<ChatSession>;

export type SendOutcome = { created: boolean; message: ChatMessage };

const userTopic = (userId: string) => `user:${userId}`;

export function toChatMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    session_id: row.sessionId,
    seq: row.seq,
    sender_type: row.senderType,
    sender_user_id: row.senderUserId,
    message_content: row.messageContent,
    message_type: row.messageType,
    sent_at: row.sentAt.toISOString(),
  };
}

/**
 * Chat messages of a session room (issue #7 point 1; SPEC §3 chat_messages, §7).
 *
 * - send: one transaction that locks the chat_sessions row, finds a message already sent with that id
 *   (a retry: the same message back, nothing new), checks the session is still on, takes the next seq
 *   (max + 1 under the lock: gapless) and records chat_message.created on both parties' `user:` topics;
 *   delivered after it commits.
 * - history: the messages after a seq, oldest first, with the latest seq and both read receipts.
 * - markRead: moves the reader's receipt forward (never back) and tells the other party.
 */
export function createChatService(deps: {
  db: Database;
  repository: ChatRepository;
  findSession: FindSessionForParty;
  realtime: Pick<RealtimeService, 'record' | 'deliver'>;
  clock: Clock;
}) {
  const { db, repository, findSession, realtime, clock } = deps;

  const senderTypeOf = (session: ChatSession, userId: string) =>
    session.coach_id === userId ? ('coach' as const) : ('client' as const);

  /** A retry: the id was used by this sender in this session (its content is the first send's). */
  const sameMessage = (row: ChatMessageRow, sessionId: string, userId: string) =>
    row.sessionId === sessionId && row.senderUserId === userId;

  const idTaken = () => new AppError('CONFLICT', CHAT_MESSAGES.idTaken);

  return {
    async history(
      userId: string,
      sessionId: string,
      query: { after_seq: number; limit: number },
    ): Promise<ChatHistory> {
      const session = await findSession(userId, sessionId);
      const [rows, lastSeq, reads] = await Promise.all([
        repository.listAfter(db, sessionId, query.after_seq, query.limit),
        repository.lastSeq(db, sessionId),
        repository.reads(db, sessionId),
      ]);
      let coach = 0;
      let client = 0;
      for (const read of reads) {
        if (read.userId === session.coach_id) coach = Math.max(coach, read.lastReadSeq);
        else client = Math.max(client, read.lastReadSeq);
      }
      return { messages: rows.map(toChatMessage), last_seq: lastSeq, reads: { coach, client } };
    },

    /** POST /api/sessions/:id/messages: created (201) or the message this id already made (200). */
    async send(userId: string, sessionId: string, input: SendChatMessage): Promise<SendOutcome> {
      const session = await findSession(userId, sessionId);
      const content = input.content.trim();
      const outcome = await db.transaction(async (tx) => {
        const locked = await repository.lockSession(tx, sessionId);
        if (!locked) throw new AppError('NOT_FOUND', 'This session could not be found.');
        const existing = await repository.findMessage(tx, input.id);
        if (existing) {
          if (!sameMessage(existing, sessionId, userId)) throw idTaken();
          return { created: false, row: existing, events: [] as RealtimeEvent[] };
        }
        const now = clock.now();
        const endsAt = locked.startTime.getTime() + locked.durationMinutes * 60_000;
        if (locked.status !== 'active' || endsAt <= now.getTime())
          throw new AppError('CONFLICT', CHAT_MESSAGES.sessionEnded);
        const seq = (await repository.lastSeq(tx, sessionId)) + 1;
        const row = await repository.insertMessage(tx, {
          id: input.id,
          sessionId,
          seq,
          senderType: senderTypeOf(session, userId),
          senderUserId: userId,
          messageContent: content,
          messageType: 'text',
          sentAt: now,
        });
        // Another session's message took this id between the lookup and the insert.
        if (!row) throw idTaken();
        const message = toChatMessage(row);
        // Both parties, and the sender when they are the client by confirmed email (another account).
        const topics = new Set([session.coach_id, session.client_id, userId].map(userTopic));
        const events: RealtimeEvent[] = [];
        for (const topic of topics)
          events.push(
            await realtime.record(tx, { topic, type: CHAT_EVENTS.messageCreated, payload: { message } }),
          );
        return { created: true, row, events };
      });
      await realtime.deliver(outcome.events);
      return { created: outcome.created, message: toChatMessage(outcome.row) };
    },

    /**
     * POST /api/sessions/:id/read: the reader has read up to `seq` (capped at the latest message). Only a
     * move forward is stored and announced, to the other party's topic.
     */
    async markRead(userId: string, sessionId: string, seq: number): Promise<void> {
      const session = await findSession(userId, sessionId);
      const events = await db.transaction(async (tx) => {
        const upTo = Math.min(seq, await repository.lastSeq(tx, sessionId));
        if (upTo <= 0) return [];
        const moved = await repository.advanceRead(tx, { sessionId, userId, seq: upTo, now: clock.now() });
        if (!moved) return [];
        const other = senderTypeOf(session, userId) === 'coach' ? session.client_id : session.coach_id;
        return [
          await realtime.record(tx, {
            topic: userTopic(other),
            type: CHAT_EVENTS.messageRead,
            payload: { session_id: sessionId, user_id: userId, seq: upTo },
          }),
        ];
      });
      await realtime.deliver(events);
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
