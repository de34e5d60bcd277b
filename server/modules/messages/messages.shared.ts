import type { AttachmentKind } from '#contracts/attachments';
import {
  MESSAGE_EVENTS,
  MESSAGE_TEXTS,
  SAFETY_TEXTS,
  conversationAttachmentPath,
  messageSummary,
  type Conversation,
  type InquiryMessage,
} from '#contracts/messages';
import { NOTIFICATION_TEXTS } from '#contracts/notifications';
import type { RealtimeEvent } from '#contracts/realtime';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { ObjectStorage } from '#server/adapters/storage/object-storage';
import type { Database, DbExecutor } from '#server/db/client';
import { describeErrorForLog } from '#server/plugins/log-safety';
import type { RealtimeService } from '#server/realtime/realtime.service';
import {
  emailTime,
  renderEmail,
  type EmailTemplate,
  type EmailTemplateData,
} from '../outbox/email-templates';
import type { AdminService } from '../admin/admin.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { OutboxService } from '../outbox/outbox.service';
import type {
  ConversationRow,
  ConversationViewRow,
  InquiryMessageRow,
  MessagesRepository,
} from './messages.repository';
import type { AttachmentsRepository } from './messages.attachments.repository';
import type { SafetyRepository } from './messages.safety.repository';
import type { TextsRepository } from './messages.texts.repository';

export const userTopic = (userId: string) => `user:${userId}`;

/** At most one alert email per conversation and side in this time (SPEC §7 coach_inquiry_alert). */
export const MESSAGE_ALERT_GAP_MS = 15 * 60_000;
/** An alert shows the start of the message, never all of it. */
export const MESSAGE_PREVIEW_MAX = 120;
/** An alert's or notification's one line of a message ("Sent a picture" for an attachment). */
export const previewOf = (row: Pick<InquiryMessageRow, 'messageType' | 'messageContent'>) => {
  const line = messageSummary({ type: row.messageType, content: row.messageContent })
    .replace(/\s+/g, ' ')
    .trim();
  return line.length <= MESSAGE_PREVIEW_MAX ? line : `${line.slice(0, MESSAGE_PREVIEW_MAX - 1).trimEnd()}…`;
};
export const notFound = () => new AppError('NOT_FOUND', MESSAGE_TEXTS.notFound);

export function toMessage(row: InquiryMessageRow): InquiryMessage {
  const message: InquiryMessage = {
    id: row.id,
    conversation_id: row.conversationId,
    seq: row.seq,
    sender_type: row.senderType,
    sender_user_id: row.senderUserId,
    content: row.messageContent,
    type: row.messageType,
    is_automated: row.isAutomated,
    created_at: row.createdAt.toISOString(),
  };
  if (row.messageType !== 'text' && row.attachmentKey && row.attachmentMime && row.attachmentSize)
    message.attachment = {
      name: row.attachmentName ?? row.messageType,
      mime: row.attachmentMime,
      size: row.attachmentSize,
      duration_ms: row.attachmentDurationMs,
      url: conversationAttachmentPath(row.conversationId, row.id),
    };
  return message;
}

/** An image, file or voice note stored for a message (uploads.attachments.ts prepared it). */
export type StoredAttachment = {
  kind: AttachmentKind;
  key: string;
  name: string;
  mime: string;
  size: number;
  durationMs: number | null;
};

export const readOf = (row: ConversationRow) => ({
  coach_seq: row.coachReadSeq,
  client_seq: row.clientReadSeq,
});

/** The conversation as `userId` (one of its parties) lists it. */
export function toConversation(view: ConversationViewRow, userId: string): Conversation {
  const row = view.conversation;
  const role = row.coachId === userId ? 'coach' : 'client';
  return {
    id: row.id,
    role,
    coach: {
      user_id: row.coachId,
      name: view.coach?.fullName?.trim() || 'Coach',
      avatar_url: view.coach?.avatarUrl ?? null,
      username: view.coach?.username ?? null,
    },
    client: {
      user_id: row.clientId,
      name: view.client?.fullName?.trim() || row.clientName,
      avatar_url: view.client?.avatarUrl ?? null,
      username: null,
    },
    status: (role === 'coach' ? row.coachArchivedAt : row.clientArchivedAt) ? 'archived' : 'open',
    last_message: view.lastMessage ? toMessage(view.lastMessage) : null,
    last_message_at: row.lastMessageAt?.toISOString() ?? null,
    unread_count: row.lastSeq - (role === 'coach' ? row.coachReadSeq : row.clientReadSeq),
    read: readOf(row),
  };
}

/** Both parties' topics (a visitor has none), each event recorded in the writing transaction. */
export const partyTopics = (row: ConversationRow) =>
  [row.coachId, row.clientId].flatMap((id) => (id ? [userTopic(id)] : []));

export type MessagesDeps = {
  db: Database;
  repository: MessagesRepository;
  safety: SafetyRepository;
  attachments: AttachmentsRepository;
  /** The common case of a text message in one statement (messages.texts.ts). */
  texts: TextsRepository;
  /** Where attachments are kept (private objects, `messages/<conversationId>/<messageId>`). */
  storage: Pick<ObjectStorage, 'put' | 'get' | 'delete'>;
  realtime: Pick<RealtimeService, 'recordMany' | 'recordingCtes' | 'deliver' | 'publish' | 'hasOpenTab'>;
  outbox: Pick<OutboxService, 'enqueue'>;
  admin: Pick<AdminService, 'logActivity'>;
  /** A coach's message is a client's notification (coach_message, SPEC §8 'View Message'). */
  notifications: Pick<NotificationsService, 'notify' | 'hasUnread' | 'readLinked'>;
  clock: Clock;
  publicUrl: string;
  logger: { error(fields: object, message: string): void };
};

/** What the messages use cases share: the append that every new message goes through, and its alerts. */
export function createMessagesShared(deps: MessagesDeps) {
  const { repository, realtime, clock } = deps;

  /** Queues an email in a savepoint: a failure is logged and the message is sent without it. */
  async function queueAlert<T extends EmailTemplate>(
    tx: DbExecutor,
    recipient: string,
    template: T,
    data: EmailTemplateData[T],
    conversationId: string,
  ) {
    try {
      await tx.transaction(async (savepoint) => {
        await deps.outbox.enqueue(savepoint, {
          channel: 'email',
          recipient,
          template,
          ...renderEmail(template, data),
          data: { ...data, conversationId },
        });
      });
    } catch (error) {
      deps.logger.error(
        { err: describeErrorForLog(error), email: template },
        'messages: the alert email could not be queued (the message is sent without it)',
      );
    }
  }

  /**
   * SPEC §7 coach_inquiry_alert (and client_message_alert for a client, inquiry_answer for a visitor):
   * the other side has no open tab and was not emailed about this conversation in the last
   * MESSAGE_ALERT_GAP_MS — a preview of the message, when, and the way to the conversation. Runs under
   * the conversation's row lock, so two messages at once send one email.
   */
  async function alertIfAway(tx: DbExecutor, conversation: ConversationRow, message: InquiryMessageRow) {
    const to = message.senderType === 'coach' ? 'client' : 'coach';
    const recipientId = to === 'coach' ? conversation.coachId : conversation.clientId;
    const alertedAt = to === 'coach' ? conversation.coachAlertedAt : conversation.clientAlertedAt;
    const now = message.createdAt;
    if (alertedAt && now.getTime() - alertedAt.getTime() < MESSAGE_ALERT_GAP_MS) return;
    if (recipientId && (await realtime.hasOpenTab(recipientId, tx))) return;
    const [recipient, sender] = await Promise.all([
      recipientId ? repository.contactOf(tx, recipientId) : undefined,
      message.senderUserId ? repository.contactOf(tx, message.senderUserId) : undefined,
    ]);
    const messageContent = previewOf(message);
    const messageTime = emailTime(now);
    const coachName = (to === 'coach' ? recipient?.fullName : sender?.fullName)?.trim() || 'Your coach';
    if (!recipientId) {
      // A visitor: the answer goes to the address they wrote from, with the way to continue.
      if (!conversation.clientEmail) return;
      await repository.markAlerted(tx, conversation.id, to, now);
      await queueAlert(
        tx,
        conversation.clientEmail,
        'inquiry_answer',
        {
          visitorName: conversation.clientName,
          coachName,
          messageContent,
          messageTime,
          continueUrl: `${deps.publicUrl}/chat?inquiry=${conversation.id}`,
        },
        conversation.id,
      );
      return;
    }
    if (!recipient?.email) return;
    const clientName =
      (to === 'client' ? recipient.fullName : sender?.fullName)?.trim() || conversation.clientName;
    const data = {
      coachName,
      clientName,
      messageContent,
      messageTime,
      chatUrl: `${deps.publicUrl}/chat/${conversation.id}`,
    };
    await repository.markAlerted(tx, conversation.id, to, now);
    await queueAlert(
      tx,
      recipient.email,
      to === 'coach' ? 'coach_inquiry_alert' : 'client_message_alert',
      data,
      conversation.id,
    );
  }

  /**
   * A coach's message to a client with an account: a coach_message notification linking to the
   * conversation — one while it is unread (a second message adds none until the client read it).
   */
  async function tellClientOfCoachMessage(
    tx: DbExecutor,
    conversation: ConversationRow,
    message: InquiryMessageRow,
  ): Promise<RealtimeEvent[]> {
    if (message.senderType !== 'coach' || !conversation.clientId) return [];
    const actionUrl = `/chat/${conversation.id}`;
    if (await deps.notifications.hasUnread(tx, conversation.clientId, 'coach_message', actionUrl)) return [];
    const coach = await repository.contactOf(tx, conversation.coachId);
    const coachName = coach?.fullName?.trim() || NOTIFICATION_TEXTS.coachFallback;
    return deps.notifications.notify(tx, {
      userId: conversation.clientId,
      type: 'coach_message',
      title: NOTIFICATION_TEXTS.coachMessage.title(coachName),
      message: previewOf(message),
      actorId: conversation.coachId,
      actorName: coachName,
      actionText: NOTIFICATION_TEXTS.coachMessage.action,
      actionUrl,
    });
  }

  const shared = {
    /**
     * Appends under the conversation's lock (the caller holds it), alerts the other side if away, and
     * records both parties' event (delivered after commit).
     */
    async appendAndRecord(
      tx: DbExecutor,
      conversation: ConversationRow,
      message: {
        id: string;
        senderType: 'coach' | 'client';
        senderUserId: string | null;
        content: string;
        isAutomated: boolean;
        /** An image, file or voice message (from a party with an account); absent: text. */
        attachment?: StoredAttachment;
      },
    ): Promise<{ message: InquiryMessage; events: RealtimeEvent[] }> {
      const { attachment } = message;
      const appended = await repository.append(tx, conversation, {
        id: message.id,
        senderType: message.senderType,
        senderUserId: message.senderUserId,
        messageContent: message.content,
        messageType: attachment?.kind ?? 'text',
        attachmentKey: attachment?.key ?? null,
        attachmentName: attachment?.name ?? null,
        attachmentMime: attachment?.mime ?? null,
        attachmentSize: attachment?.size ?? null,
        attachmentDurationMs: attachment?.durationMs ?? null,
        isAutomated: message.isAutomated,
        createdAt: clock.now(),
      });
      const sent = toMessage(appended.message);
      await alertIfAway(tx, conversation, appended.message);
      const told = await tellClientOfCoachMessage(tx, conversation, appended.message);
      const events = await realtime.recordMany(
        tx,
        partyTopics(appended.conversation).map((topic) => ({
          topic,
          type: MESSAGE_EVENTS.created,
          payload: { message: sent },
        })),
      );
      return { message: sent, events: [...events, ...told] };
    },

    /**
     * A message id already used: the same message again (a retry) answers it; anything else 409.
     * Checked under the conversation's lock (its first try committed or not at all).
     */
    async retried(
      executor: DbExecutor,
      input: {
        id: string;
        conversationId: string;
        senderUserId: string | null;
        content: string;
        /** An attachment's kind (its bytes are not compared: the id names the upload); absent: text. */
        type?: InquiryMessage['type'];
      },
    ): Promise<InquiryMessage | undefined> {
      const sent = await repository.findMessage(executor, input.id);
      if (!sent) return undefined;
      const same =
        sent.conversationId === input.conversationId &&
        sent.senderUserId === input.senderUserId &&
        sent.messageContent === input.content &&
        sent.messageType === (input.type ?? 'text');
      if (!same) throw new AppError('CONFLICT', MESSAGE_TEXTS.idTaken);
      return toMessage(sent);
    },

    /** 403 with a clear message when either of the two blocked the other (no silent drop). */
    async refuseIfBlocked(executor: DbExecutor, me: string, other: string | null) {
      if (!other) return;
      const blocks = await deps.safety.blocksBetween(executor, me, other);
      if (blocks.includes('a')) throw new AppError('FORBIDDEN', SAFETY_TEXTS.blockedByYou);
      if (blocks.includes('b')) throw new AppError('FORBIDDEN', SAFETY_TEXTS.blockedByOther);
    },

    /**
     * A party's send, under the conversation's row lock: the conversation and the sender's side; 404 for
     * anyone else, 403 when either of the two blocked the other.
     */
    async lockToSend(tx: DbExecutor, id: string, userId: string) {
      const conversation = await repository.lockForParty(tx, id, userId);
      if (!conversation) throw notFound();
      const senderType: 'coach' | 'client' = conversation.coachId === userId ? 'coach' : 'client';
      await shared.refuseIfBlocked(
        tx,
        userId,
        senderType === 'coach' ? conversation.clientId : conversation.coachId,
      );
      return { conversation, senderType };
    },

    async view(userId: string, id: string): Promise<Conversation> {
      const found = await repository.findForParty(deps.db, id, userId);
      if (!found) throw notFound();
      return toConversation(found, userId);
    },
  };
  return shared;
}

export type MessagesShared = ReturnType<typeof createMessagesShared>;
