import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { lockKey } from '#server/lib/row-queries';
import { inquiryMessages } from '#server/db/schema/index';

/** A sender's attachments in inquiry_messages, for the quotas (contracts/messages.ts MESSAGE_ATTACHMENT_QUOTA). */
export function createAttachmentsRepository() {
  const hasAttachment = sql`${inquiryMessages.attachmentKey} is not null`;
  return {
    /**
     * Serializes one person's attachment sends across all their conversations (the day's budget spans
     * them), for the rest of the transaction. Taken after the conversation's row lock, never before one.
     */
    async lockSender(executor: DbExecutor, userId: string): Promise<void> {
      await lockKey(executor, `inquiry_attachments:${userId}`);
    },

    /** The bytes a person sent as attachments since `since`: in one conversation, and in all of theirs. */
    async usage(
      executor: DbExecutor,
      input: { conversationId: string; userId: string; since: Date },
    ): Promise<{ conversationBytes: number; allBytes: number }> {
      const size = sql`coalesce(${inquiryMessages.attachmentSize}, 0)::bigint`;
      const [row] = await executor
        .select({
          conversationBytes: sql<string>`coalesce(sum(${size}) filter (where ${inquiryMessages.conversationId} = ${input.conversationId}), 0)`,
          allBytes: sql<string>`coalesce(sum(${size}), 0)`,
        })
        .from(inquiryMessages)
        .where(
          and(
            eq(inquiryMessages.senderUserId, input.userId),
            gt(inquiryMessages.createdAt, input.since),
            hasAttachment,
          ),
        );
      return {
        conversationBytes: Number(row?.conversationBytes ?? 0),
        allBytes: Number(row?.allBytes ?? 0),
      };
    },

    /**
     * The person's attachments since `since` (when, and how many bytes), oldest first: in one
     * conversation, or (null) in all of theirs.
     */
    recentSends(executor: DbExecutor, userId: string, since: Date, conversationId: string | null) {
      return executor
        .select({ sentAt: inquiryMessages.createdAt, bytes: sql<number>`${inquiryMessages.attachmentSize}` })
        .from(inquiryMessages)
        .where(
          and(
            eq(inquiryMessages.senderUserId, userId),
            gt(inquiryMessages.createdAt, since),
            hasAttachment,
            conversationId === null ? undefined : eq(inquiryMessages.conversationId, conversationId),
          ),
        )
        .orderBy(asc(inquiryMessages.createdAt));
    },
  };
}

export type AttachmentsRepository = ReturnType<typeof createAttachmentsRepository>;
