import { CHAT_MESSAGES, type SendChatMessage } from '#contracts/chat';
import { CHAT_ATTACHMENT_QUOTA, checkAttachmentQuota } from '#domain/chat/attachment-quota';
import { AppError } from '#domain/errors/app-error';
import type { DbExecutor } from '#server/db/client';
import {
  prepareAttachment,
  storeAttachment,
  type AttachmentFile,
  type AttachmentUpload,
  type PreparedAttachment,
} from '../uploads/uploads.attachments';
import type { ChatWriter } from './chat.insert';
import { createSenderParties } from './chat.parties';
import {
  attachmentKey,
  idTaken,
  isOn,
  sameMessage,
  toChatMessage,
  type ChatDeps,
  type SendOutcome,
} from './chat.shared';

/** Sending a text or an attachment, and serving an attachment to the parties. */
export function createChatSend(deps: ChatDeps, writer: ChatWriter) {
  const { db, repository, findSession, storage, clock } = deps;
  const { insertText, insertOne } = writer;
  const sessionPartiesFor = createSenderParties(findSession, clock);

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

  return {
    /** POST /api/sessions/:id/messages: created (201) or the message this id already made (200). */
    async send(userId: string, sessionId: string, input: SendChatMessage): Promise<SendOutcome> {
      const session = await sessionPartiesFor(userId, sessionId);
      return insertText(session, userId, { id: input.id, messageContent: input.content.trim() });
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
      if (!isOn(session.status, Date.parse(session.ends_at), clock.now()))
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
      // Refused (the session ended meanwhile, the id is someone else's): no message owns the object.
      const isOwned = async () => (await repository.findMessage(db, upload.id))?.attachmentKey === key;
      return storeAttachment(storage, { key, prepared, isOwned }, () =>
        // Alone, not in a group commit: its quota check holds the sender's lock until it commits.
        insertOne({
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
        }),
      );
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
  };
}
