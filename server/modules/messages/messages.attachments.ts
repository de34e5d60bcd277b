import { ATTACHMENT_MESSAGES, type AttachmentKind } from '#contracts/attachments';
import { MESSAGE_ATTACHMENT_QUOTA, MESSAGE_ATTACHMENT_TEXTS, type InquiryMessage } from '#contracts/messages';
import type { RealtimeEvent } from '#contracts/realtime';
import { AppError } from '#domain/errors/app-error';
import { checkRollingBudget } from '#domain/messages/attachment-quota';
import type { DbExecutor } from '#server/db/client';
import {
  prepareAttachment,
  storeAttachment,
  type AttachmentFile,
  type AttachmentUpload,
} from '../uploads/uploads.attachments';
import { notFound, type MessagesDeps, type MessagesShared } from './messages.shared';

/** Where an attachment is stored: private (never served by the public uploads route). */
export const attachmentKey = (conversationId: string, messageId: string) =>
  `messages/${conversationId}/${messageId}`;

const attachmentNotFound = () => new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.attachmentNotFound);

/**
 * The session chat's attachments in a conversation between sessions (contracts/messages.ts): an image,
 * file or voice note as one message, prepared, stored and served by the one shared piece
 * (server/modules/uploads/uploads.attachments.ts), written through the append every message takes.
 *
 * - sendAttachment: a party (404 for anyone else) who is not blocked either way (403, as for a text);
 *   a retry of an id this sender used in this conversation answers that message without reading the
 *   bytes again (200), another message's id 409. The bytes are checked (an image re-encoded, whatever the
 *   kind), held to the day's budgets (MESSAGE_ATTACHMENT_QUOTA: 429 with Retry-After) and stored under
 *   `messages/<conversationId>/<messageId>` before the message's transaction, which checks the block, the
 *   id and the budgets again under the conversation's row lock and the sender's lock.
 * - readAttachment: the stored bytes, to the two parties only (404 otherwise, as for none).
 */
export function createAttachmentUseCases(deps: MessagesDeps, shared: MessagesShared) {
  const { db, repository, attachments, storage, clock } = deps;

  /** The day's budgets for `size` more bytes: this conversation's, then all of the sender's. */
  async function checkQuota(executor: DbExecutor, conversationId: string, userId: string, size: number) {
    const now = clock.now();
    const { dayMs, perConversationPerDayBytes, perDayBytes } = MESSAGE_ATTACHMENT_QUOTA;
    const since = new Date(now.getTime() - dayMs);
    const usage = await attachments.usage(executor, { conversationId, userId, since });
    const budgets = [
      {
        used: usage.conversationBytes,
        budget: perConversationPerDayBytes,
        scope: conversationId,
        text: MESSAGE_ATTACHMENT_TEXTS.conversationDay,
      },
      { used: usage.allBytes, budget: perDayBytes, scope: null, text: MESSAGE_ATTACHMENT_TEXTS.day },
    ];
    for (const { used, budget, scope, text } of budgets) {
      if (used + size <= budget) continue;
      const sends = await attachments.recentSends(executor, userId, since, scope);
      const verdict = checkRollingBudget({ sends, size, budget, windowMs: dayMs, now });
      if (verdict.ok) continue;
      throw new AppError('RATE_LIMITED', text(verdict.retryAfterSeconds), {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
  }

  /** The other party of a conversation the caller is a party to (404 for anyone else). */
  async function otherOf(conversationId: string, userId: string) {
    const found = await repository.findForParty(db, conversationId, userId);
    if (!found) throw notFound();
    const { coachId, clientId } = found.conversation;
    return coachId === userId ? clientId : coachId;
  }

  return {
    /** POST /api/conversations/:id/attachments: created (201), or the message this id already made (200). */
    async sendAttachment(
      userId: string,
      conversationId: string,
      upload: AttachmentUpload,
      bytes: Buffer,
    ): Promise<{ message: InquiryMessage; created: boolean; events: RealtimeEvent[] }> {
      const kind: AttachmentKind = upload.kind;
      await shared.refuseIfBlocked(db, userId, await otherOf(conversationId, userId));
      const retry = { id: upload.id, conversationId, senderUserId: userId, content: '', type: kind };
      const earlier = await shared.retried(db, retry);
      if (earlier) return { message: earlier, created: false, events: [] };

      const prepared = await prepareAttachment({
        kind,
        bytes,
        name: upload.name,
        durationMs: upload.duration_ms,
      });
      const size = prepared.bytes.length;
      // Before anything is stored; checked again under the locks when the message is written.
      await checkQuota(db, conversationId, userId, size);
      const key = attachmentKey(conversationId, upload.id);
      const isOwned = async () => (await repository.findMessage(db, upload.id))?.attachmentKey === key;
      return storeAttachment(storage, { key, prepared, isOwned }, () =>
        db.transaction(async (tx) => {
          const { conversation, senderType } = await shared.lockToSend(tx, conversationId, userId);
          // A retry of the same id that won meanwhile: its message (and the object it owns).
          const sent = await shared.retried(tx, retry);
          if (sent) return { message: sent, created: false, events: [] };
          await attachments.lockSender(tx, userId);
          await checkQuota(tx, conversationId, userId, size);
          const { message, events } = await shared.appendAndRecord(tx, conversation, {
            id: upload.id,
            senderType,
            senderUserId: userId,
            content: '',
            isAutomated: false,
            attachment: {
              kind,
              key,
              name: prepared.name,
              mime: prepared.mime,
              size,
              durationMs: prepared.durationMs,
            },
          });
          return { message, created: true, events };
        }),
      );
    },

    /** GET /api/conversations/:id/messages/:messageId/attachment: for the two parties only (404 otherwise). */
    async readAttachment(userId: string, conversationId: string, messageId: string): Promise<AttachmentFile> {
      await otherOf(conversationId, userId);
      const row = await repository.findMessage(db, messageId);
      if (
        !row ||
        row.conversationId !== conversationId ||
        row.messageType === 'text' ||
        !row.attachmentKey ||
        !row.attachmentMime
      )
        throw attachmentNotFound();
      const stored = await storage.get(row.attachmentKey);
      if (!stored) throw attachmentNotFound();
      return {
        bytes: stored.bytes,
        mime: row.attachmentMime,
        name: row.attachmentName ?? row.messageType,
        kind: row.messageType,
      };
    },
  };
}
