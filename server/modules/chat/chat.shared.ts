import { CHAT_MESSAGES, chatAttachmentPath, type ChatMessage } from '#contracts/chat';
import type { ChatSession } from '#contracts/sessions';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { ObjectStorage } from '#server/adapters/storage/object-storage';
import type { Database } from '#server/db/client';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { ChatMessageRow, ChatRepository } from './chat.repository';

/**
 * A party's view of a session (404 for anyone else): the sessions service's `get`, which decides
 * who is a party (the coach, or the client by id or by confirmed email).
 */
export type FindSessionForParty = (userId: string, sessionId: string) => Promise<ChatSession>;

/**
 * What writing a message needs of its session: who its parties are and what the sender is in it. It
 * never changes for a session (its coach and client are fixed, guests are only ever added), so it may be
 * remembered (chat.parties.ts); whether the session is still on is read under its row lock.
 */
export type SessionParties = Pick<ChatSession, 'id' | 'coach_id' | 'client_id' | 'viewer'>;

export type SendOutcome = { created: boolean; message: ChatMessage };

export const userTopic = (userId: string) => `user:${userId}`;

/** Where an attachment is stored: private (never served by the public uploads route). */
export const attachmentKey = (sessionId: string, messageId: string) => `chat/${sessionId}/${messageId}`;

export function toChatMessage(row: ChatMessageRow): ChatMessage {
  const message: ChatMessage = {
    id: row.id,
    session_id: row.sessionId,
    seq: row.seq,
    sender_type: row.senderType,
    sender_user_id: row.senderUserId,
    message_content: row.messageContent,
    message_type: row.messageType,
    sent_at: row.sentAt.toISOString(),
  };
  if (row.attachmentKey && row.attachmentMime && row.attachmentSize)
    message.attachment = {
      name: row.attachmentName ?? row.messageType,
      mime: row.attachmentMime,
      size: row.attachmentSize,
      duration_ms: row.attachmentDurationMs,
      url: chatAttachmentPath(row.sessionId, row.id),
    };
  return message;
}

export type ChatDeps = {
  db: Database;
  repository: ChatRepository;
  findSession: FindSessionForParty;
  realtime: Pick<
    RealtimeService,
    'record' | 'recordMany' | 'recordingCtes' | 'deliver' | 'publish' | 'transaction'
  >;
  storage: Pick<ObjectStorage, 'put' | 'get' | 'delete'>;
  clock: Clock;
};

/** The viewer the sessions service decided ('guest' for someone invited by a guest link). */
export const senderTypeOf = (session: SessionParties, userId: string) =>
  session.viewer ?? (session.coach_id === userId ? ('coach' as const) : ('client' as const));

/** A retry: the id was used by this sender in this session (its content is the first send's). */
export const sameMessage = (row: ChatMessageRow, sessionId: string, userId: string) =>
  row.sessionId === sessionId && row.senderUserId === userId;

export const idTaken = () => new AppError('CONFLICT', CHAT_MESSAGES.idTaken);

/** Messages can be sent while the session is active and its end has not passed. */
export const isOn = (status: string, endsAtMs: number, now: Date) =>
  status === 'active' && endsAtMs > now.getTime();
