import {
  CHAT_EVENTS,
  CHAT_MESSAGES,
  CHAT_TYPING_SERVER_GAP_MS,
  chatAttachmentPath,
  type ChatAttachmentKind,
  type ChatHistory,
  type ChatMessage,
  type SendChatMessage,
} from '../../../contracts/chat';
import type { RealtimeEvent } from '../../../contracts/realtime';
import type { ChatSession } from '../../../contracts/sessions';
import type { Clock } from '../../../domain/clock';
import { CHAT_ATTACHMENT_QUOTA, checkAttachmentQuota } from '../../../domain/chat/attachment-quota';
import { AppError } from '../../../domain/errors/app-error';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import type { Database, DbExecutor } from '../../db/client';
import type { RealtimeService } from '../../realtime/realtime.service';
import { prepareAttachment, type PreparedAttachment } from './chat.attachments';
import { createGroupCommit, type Settled } from './group-commit';
import type { ChatMessageRow, ChatRepository, NewChatMessageRow } from './chat.repository';

/**
 * A party's view of a session (404 for anyone else): the chat-sessions service's `get`, which decides
 * who is a party (the coach, or the client by id or by confirmed email).
 */
export type FindSessionForParty = (userId: string, sessionId: string) => Promise<ChatSession>;

export type SendOutcome = { created: boolean; message: ChatMessage };

/** An attachment upload: the message id (made by the sender's browser), its kind and what the query said. */
export type AttachmentUpload = {
  id: string;
  kind: ChatAttachmentKind;
  name?: string | undefined;
  duration_ms?: number | undefined;
};

/** An attachment to serve: its bytes, the type checked on upload, the name and the message type. */
export type AttachmentFile = { bytes: Buffer; mime: string; name: string; kind: ChatAttachmentKind };

const userTopic = (userId: string) => `user:${userId}`;

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

/**
 * Chat messages of a session room (SPEC §3 chat_messages, §7).
 *
 * - send: a text message through `insert` (below): one transaction under the chat_sessions row lock,
 *   idempotent on the sender-made id, gapless seq, chat_message.created on both parties' `user:` topics.
 * - history: the messages after a seq, oldest first, with the latest seq and both read receipts.
 * - markRead: moves the reader's receipt forward (never back) and tells the other party.
 * - sendAttachment: like send, for an image, file or voice message: the bytes are checked (and an image
 *   re-encoded, whatever the kind), held to the quotas and stored under `chat/<sessionId>/<messageId>`
 *   before the message's transaction, which checks the quotas again under the session row lock and the
 *   sender's lock; a retry with the same id answers the message it made without reading the bytes again.
 * - readAttachment: the stored bytes, to the parties only.
 * - typing: "is typing" to the other party's topic, at most one per CHAT_TYPING_SERVER_GAP_MS per person
 *   and session (more are ignored; counted per instance, which is all a hint needs).
 */
export function createChatService(deps: {
  db: Database;
  repository: ChatRepository;
  findSession: FindSessionForParty;
  realtime: Pick<RealtimeService, 'record' | 'recordMany' | 'deliver'>;
  storage: Pick<ObjectStorage, 'put' | 'get' | 'delete'>;
  clock: Clock;
}) {
  const { db, repository, findSession, realtime, storage, clock } = deps;
  /** When each person last passed on "typing" in a session (`<userId>:<sessionId>` -> ms). */
  const lastTyping = new Map<string, number>();

  /** The viewer the chat-sessions service decided ('guest' for someone invited by a guest link). */
  const senderTypeOf = (session: ChatSession, userId: string) =>
    session.viewer ?? (session.coach_id === userId ? ('coach' as const) : ('client' as const));

  /** A retry: the id was used by this sender in this session (its content is the first send's). */
  const sameMessage = (row: ChatMessageRow, sessionId: string, userId: string) =>
    row.sessionId === sessionId && row.senderUserId === userId;

  const idTaken = () => new AppError('CONFLICT', CHAT_MESSAGES.idTaken);

  /** Messages can be sent while the session is active and its end has not passed. */
  const isOn = (status: string, endsAtMs: number, now = clock.now()) =>
    status === 'active' && endsAtMs > now.getTime();

  type InsertValues = Omit<NewChatMessageRow, 'sessionId' | 'seq' | 'senderType' | 'senderUserId' | 'sentAt'>;
  /**
   * `guard`: runs in the insert's transaction under the session row lock, before the row is written (the
   * attachment quotas); throwing refuses the message.
   */
  type PendingInsert = {
    session: ChatSession;
    userId: string;
    values: InsertValues;
    guard?: (tx: DbExecutor) => Promise<void>;
  };

  const sessionNotFound = () => new AppError('NOT_FOUND', 'This session could not be found.');
  const sessionEnded = () => new AppError('CONFLICT', CHAT_MESSAGES.sessionEnded);
  const endOf = (locked: { startTime: Date; durationMinutes: number }) =>
    locked.startTime.getTime() + locked.durationMinutes * 60_000;
  /** Who hears a message: both parties, the sender when they are the client by confirmed email (another
   * account), and the session's guests. */
  const listenersOf = (session: ChatSession, userId: string, guestIds: readonly string[]) =>
    new Set([session.coach_id, session.client_id, userId, ...guestIds].map(userTopic));

  /**
   * One message alone, one transaction of four statements: lock the chat_sessions row (with its guests),
   * insert with the next seq (max + 1 under the lock: gapless) unless the id is taken, record
   * chat_message.created on every listener's topic in one statement, commit; delivered after it commits.
   * A taken id is looked up then: the sender's own retry gets the same message back (nothing new), anyone
   * else's is a conflict; so is a send to a session that is no longer on (unless it is a retry of a
   * message it has).
   */
  async function insertOne({ session, userId, values, guard }: PendingInsert): Promise<SendOutcome> {
    const sessionId = session.id;
    const outcome = await db.transaction(async (tx) => {
      const locked = await repository.lockSession(tx, sessionId);
      if (!locked) throw sessionNotFound();
      /** A message already made with this id (read after the lock: a concurrent retry has committed). */
      const retried = async (orElse: () => AppError) => {
        const existing = await repository.findMessage(tx, values.id);
        if (!existing || !sameMessage(existing, sessionId, userId)) throw existing ? idTaken() : orElse();
        return { created: false, row: existing, events: [] as RealtimeEvent[] };
      };
      const now = clock.now();
      if (!isOn(locked.status, endOf(locked), now)) return retried(sessionEnded);
      if (guard) {
        // A message already made with this id is answered as it is, whatever the guard would say now.
        if (await repository.findMessage(tx, values.id)) return retried(idTaken);
        await guard(tx);
      }
      const row = await repository.insertNext(tx, {
        ...values,
        sessionId,
        senderType: senderTypeOf(session, userId),
        senderUserId: userId,
        sentAt: now,
      });
      // The id is taken: this sender's retry, or another message's id (a conflict).
      if (!row) return retried(idTaken);
      const message = toChatMessage(row);
      const events = await realtime.recordMany(
        tx,
        [...listenersOf(session, userId, locked.guestIds)].map((topic) => ({
          topic,
          type: CHAT_EVENTS.messageCreated,
          payload: { message },
        })),
      );
      return { created: true, row, events };
    });
    await realtime.deliver(outcome.events);
    return { created: outcome.created, message: toChatMessage(outcome.row) };
  }

  /**
   * Several messages (of any sessions, distinct ids) in one transaction of five statements, with the same
   * rules as insertOne: lock their sessions (in id order), read the messages already made with their
   * ids, insert the new ones with their sessions' next seqs (in submission order), record every
   * chat_message.created in one statement, commit, then deliver all in order. Throws (rolls back) only
   * when an id was taken by another session meanwhile; the group commit then sends each alone.
   */
  async function insertMany(items: readonly PendingInsert[]): Promise<Settled<SendOutcome>[]> {
    const { outcomes, events } = await db.transaction(async (tx) => {
      const sessionIds = [...new Set(items.map((item) => item.session.id))];
      const locked = new Map((await repository.lockSessions(tx, sessionIds)).map((row) => [row.id, row]));
      const existing = new Map(
        (
          await repository.findMessages(
            tx,
            items.map((item) => item.values.id),
          )
        ).map((row) => [row.id, row]),
      );
      const now = clock.now();
      const settled: Settled<SendOutcome>[] = [];
      const fresh: { index: number; values: Omit<NewChatMessageRow, 'seq'>; offset: number }[] = [];
      const offsets = new Map<string, number>();
      items.forEach(({ session, userId, values }, index) => {
        const lockedSession = locked.get(session.id);
        const found = existing.get(values.id);
        if (!lockedSession) settled[index] = { ok: false, error: sessionNotFound() };
        else if (found)
          settled[index] = sameMessage(found, session.id, userId)
            ? { ok: true, value: { created: false, message: toChatMessage(found) } }
            : { ok: false, error: idTaken() };
        else if (!isOn(lockedSession.status, endOf(lockedSession), now))
          settled[index] = { ok: false, error: sessionEnded() };
        else {
          const offset = (offsets.get(session.id) ?? 0) + 1;
          offsets.set(session.id, offset);
          fresh.push({
            index,
            offset,
            values: {
              ...values,
              sessionId: session.id,
              senderType: senderTypeOf(session, userId),
              senderUserId: userId,
              sentAt: now,
            },
          });
        }
      });
      const rows = new Map((await repository.insertNextMany(tx, fresh)).map((row) => [row.id, row]));
      if (rows.size !== fresh.length) throw new Error('chat group commit: a message id was taken meanwhile');
      const inputs: { topic: string; type: string; payload: Record<string, unknown> }[] = [];
      for (const { index, values } of fresh) {
        const item = items[index]!;
        const message = toChatMessage(rows.get(values.id)!);
        settled[index] = { ok: true, value: { created: true, message } };
        for (const topic of listenersOf(item.session, item.userId, locked.get(item.session.id)!.guestIds))
          inputs.push({ topic, type: CHAT_EVENTS.messageCreated, payload: { message } });
      }
      return { outcomes: settled, events: await realtime.recordMany(tx, inputs) };
    });
    await realtime.deliver(events);
    return outcomes;
  }

  /**
   * The attachment quotas (domain/chat/attachment-quota.ts) for `size` more stored bytes: 413 when the
   * session's space (the person's share, or everyone's) is used up, 429 with Retry-After when the
   * person's budget for the last 24 hours is.
   */
  async function checkQuota(executor: DbExecutor, sessionId: string, userId: string, size: number) {
    const now = clock.now();
    const since = new Date(now.getTime() - CHAT_ATTACHMENT_QUOTA.dayMs);
    const usage = await repository.attachmentUsage(executor, { sessionId, userId, since });
    let verdict = checkAttachmentQuota(usage, size);
    if (!verdict.ok && verdict.limit === 'day')
      verdict = checkAttachmentQuota(usage, size, {
        now,
        recentSends: await repository.recentAttachmentSends(executor, userId, since),
      });
    if (verdict.ok) return;
    if (verdict.status === 429)
      throw new AppError('RATE_LIMITED', verdict.message, { retryAfterSeconds: verdict.retryAfterSeconds });
    throw new AppError('PAYLOAD_TOO_LARGE', verdict.message);
  }

  /** Sends made while others are being written share their next transaction (group commit). */
  const sends = createGroupCommit<PendingInsert, SendOutcome>({
    one: insertOne,
    many: insertMany,
    keyOf: (item) => item.values.id,
  });

  /** A message (text or attachment) into its session: created, or the one its id already made. */
  const insert = (session: ChatSession, userId: string, values: InsertValues): Promise<SendOutcome> =>
    sends.submit({ session, userId, values });

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
      // Receipts are the two parties' (a guest's reads are not stored, see markRead).
      for (const read of reads) {
        if (read.userId === session.coach_id) coach = Math.max(coach, read.lastReadSeq);
        else client = Math.max(client, read.lastReadSeq);
      }
      return { messages: rows.map(toChatMessage), last_seq: lastSeq, reads: { coach, client } };
    },

    /** POST /api/sessions/:id/messages: created (201) or the message this id already made (200). */
    async send(userId: string, sessionId: string, input: SendChatMessage): Promise<SendOutcome> {
      const session = await findSession(userId, sessionId);
      return insert(session, userId, {
        id: input.id,
        messageContent: input.content.trim(),
        messageType: 'text',
      });
    },

    /**
     * POST /api/sessions/:id/attachments: an image, file or voice message in one go. A retry with an id this
     * sender already used answers that message (nothing is read, stored or sent again).
     */
    async sendAttachment(
      userId: string,
      sessionId: string,
      upload: AttachmentUpload,
      bytes: Buffer,
    ): Promise<SendOutcome> {
      const session = await findSession(userId, sessionId);
      const existing = await repository.findMessage(db, upload.id);
      if (existing) {
        if (!sameMessage(existing, sessionId, userId)) throw idTaken();
        return { created: false, message: toChatMessage(existing) };
      }
      if (!isOn(session.status, Date.parse(session.ends_at)))
        throw new AppError('CONFLICT', CHAT_MESSAGES.sessionEnded);
      const prepared: PreparedAttachment = await prepareAttachment({
        kind: upload.kind,
        bytes,
        name: upload.name,
        durationMs: upload.duration_ms,
      });
      const size = prepared.bytes.length;
      // Before anything is stored; checked again under the locks when the message is written.
      await checkQuota(db, sessionId, userId, size);
      const key = attachmentKey(sessionId, upload.id);
      await storage.put(key, prepared.bytes, prepared.mime);
      try {
        // Alone, not in a group commit: its quota check holds the sender's lock until it commits.
        return await insertOne({
          session,
          userId,
          values: {
            id: upload.id,
            messageContent: '',
            messageType: upload.kind,
            attachmentKey: key,
            attachmentName: prepared.name,
            attachmentMime: prepared.mime,
            attachmentSize: size,
            attachmentDurationMs: prepared.durationMs,
          },
          guard: async (tx) => {
            await repository.lockAttachmentSender(tx, userId);
            await checkQuota(tx, sessionId, userId, size);
          },
        });
      } catch (error) {
        // Refused (the session ended meanwhile, the id is someone else's): no message owns the object.
        const owner = await repository.findMessage(db, upload.id).catch(() => undefined);
        if (owner?.attachmentKey !== key) await storage.delete(key).catch(() => false);
        throw error;
      }
    },

    /** GET /api/sessions/:id/messages/:messageId/attachment: for the parties only (404 otherwise). */
    async readAttachment(userId: string, sessionId: string, messageId: string): Promise<AttachmentFile> {
      await findSession(userId, sessionId);
      const row = await repository.findMessage(db, messageId);
      if (
        !row ||
        row.sessionId !== sessionId ||
        !row.attachmentKey ||
        !row.attachmentMime ||
        row.messageType === 'text'
      )
        throw new AppError('NOT_FOUND', CHAT_MESSAGES.attachmentNotFound);
      const stored = await storage.get(row.attachmentKey);
      if (!stored) throw new AppError('NOT_FOUND', CHAT_MESSAGES.attachmentNotFound);
      return {
        bytes: stored.bytes,
        mime: row.attachmentMime,
        name: row.attachmentName ?? row.messageType,
        kind: row.messageType,
      };
    },

    /**
     * POST /api/sessions/:id/typing: tells the other party the person is typing (an active session only).
     * Answers whether it was passed on (false: within CHAT_TYPING_SERVER_GAP_MS of the last one).
     */
    async typing(userId: string, sessionId: string): Promise<boolean> {
      const session = await findSession(userId, sessionId);
      const now = clock.now();
      if (!isOn(session.status, Date.parse(session.ends_at), now))
        throw new AppError('CONFLICT', CHAT_MESSAGES.sessionEnded);
      // "Is typing" names the other party; a guest's typing is not passed on.
      if (session.viewer === 'guest') return false;
      const slot = `${userId}:${sessionId}`;
      const last = lastTyping.get(slot);
      if (last !== undefined && now.getTime() - last < CHAT_TYPING_SERVER_GAP_MS) return false;
      lastTyping.set(slot, now.getTime());
      if (lastTyping.size > 10_000)
        for (const [other, at] of lastTyping)
          if (now.getTime() - at >= CHAT_TYPING_SERVER_GAP_MS) lastTyping.delete(other);
      const other = senderTypeOf(session, userId) === 'coach' ? session.client_id : session.coach_id;
      const event = await db.transaction((tx) =>
        realtime.record(tx, {
          topic: userTopic(other),
          type: CHAT_EVENTS.typing,
          payload: { session_id: sessionId, user_id: userId, at: now.toISOString() },
        }),
      );
      await realtime.deliver([event]);
      return true;
    },

    /**
     * POST /api/sessions/:id/read: the reader has read up to `seq` (capped at the latest message). Only a
     * move forward is stored and announced, to the other party's topic.
     */
    async markRead(userId: string, sessionId: string, seq: number): Promise<void> {
      const session = await findSession(userId, sessionId);
      // Read receipts are between the coach and the client: a guest's reading is not recorded.
      if (session.viewer === 'guest') return;
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
