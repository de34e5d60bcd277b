import { randomUUID } from 'node:crypto';
import {
  CONVERSATIONS_PAGE_SIZE,
  MESSAGE_EVENTS,
  MESSAGE_TEXTS,
  MESSAGES_PAGE_SIZE,
  SAFETY_TEXTS,
  type BlockedPerson,
  type Conversation,
  type ConversationsPage,
  type InquiryMessage,
  type MessagesPage,
  type ReportInput,
  type SendMessageInput,
  type StartConversationInput,
} from '#contracts/messages';
import { NOTIFICATION_TEXTS } from '#contracts/notifications';
import type { RealtimeEvent } from '#contracts/realtime';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { Database, DbExecutor } from '#server/db/client';
import { describeErrorForLog } from '#server/plugins/log-safety';
import { decodeTimeCursor, encodeTimeCursor } from '#server/lib/time-cursor';
import type { RealtimeService } from '#server/realtime/realtime.service';
import { emailTime, renderEmail } from '../outbox/email-templates';
import type { ActiveAdmin, AdminService } from '../admin/admin.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { OutboxService } from '../outbox/outbox.service';
import type {
  ConversationRow,
  ConversationViewRow,
  InquiryMessageRow,
  MessagesRepository,
} from './messages.repository';

const userTopic = (userId: string) => `user:${userId}`;

/** At most one alert email per conversation and side in this time (SPEC §7 coach_inquiry_alert). */
export const MESSAGE_ALERT_GAP_MS = 15 * 60_000;
/** An alert shows the start of the message, never all of it. */
export const MESSAGE_PREVIEW_MAX = 120;
const previewOf = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= MESSAGE_PREVIEW_MAX ? line : `${line.slice(0, MESSAGE_PREVIEW_MAX - 1).trimEnd()}…`;
};
const notFound = () => new AppError('NOT_FOUND', MESSAGE_TEXTS.notFound);

function toMessage(row: InquiryMessageRow): InquiryMessage {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    seq: row.seq,
    sender_type: row.senderType,
    sender_user_id: row.senderUserId,
    content: row.messageContent,
    is_automated: row.isAutomated,
    created_at: row.createdAt.toISOString(),
  };
}

const readOf = (row: ConversationRow) => ({ coach_seq: row.coachReadSeq, client_seq: row.clientReadSeq });

/** The conversation as `userId` (one of its parties) lists it. */
function toConversation(view: ConversationViewRow, userId: string): Conversation {
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

const STALE_CURSOR = 'This page of conversations is out of date. Please reload the list.';

/**
 * Conversations between a coach and a client (contracts/messages.ts).
 *
 * - start: a client with a coach (anyone holding the coach role), a coach with a client who has asked
 *   them for a session or had one; the pair's one conversation, made on first use (201) or found (200).
 * - send: under the conversation's row lock, the next seq, the message and both parties' event; a
 *   retried id answers the message already sent (200), an id used by another message 409.
 * - Only the two parties reach a conversation: anyone else gets 404, as for one that does not exist.
 */
export function createMessagesService(deps: {
  db: Database;
  repository: MessagesRepository;
  realtime: Pick<RealtimeService, 'recordMany' | 'hasOpenTab'>;
  outbox: Pick<OutboxService, 'enqueue'>;
  admin: Pick<AdminService, 'logActivity'>;
  /** A coach's message is a client's notification (coach_message, SPEC §8 'View Message'). */
  notifications: Pick<NotificationsService, 'notify' | 'hasUnread'>;
  clock: Clock;
  publicUrl: string;
  logger: { error(fields: object, message: string): void };
}) {
  const { db, repository, realtime, clock } = deps;

  /**
   * SPEC §7 coach_inquiry_alert (and client_message_alert for a client): the other side has no open tab
   * and was not emailed about this conversation in the last MESSAGE_ALERT_GAP_MS — a preview of the
   * message, when, and the way to the conversation; queued in a savepoint (a failure is only logged).
   * Runs under the conversation's row lock, so two messages at once send one email.
   */
  async function alertIfAway(tx: DbExecutor, conversation: ConversationRow, message: InquiryMessageRow) {
    const to = message.senderType === 'coach' ? 'client' : 'coach';
    const recipientId = to === 'coach' ? conversation.coachId : conversation.clientId;
    const alertedAt = to === 'coach' ? conversation.coachAlertedAt : conversation.clientAlertedAt;
    const now = message.createdAt;
    if (!recipientId) return; // a visitor's answer by email comes with visitor inquiries
    if (alertedAt && now.getTime() - alertedAt.getTime() < MESSAGE_ALERT_GAP_MS) return;
    if (await realtime.hasOpenTab(recipientId, tx)) return;
    const [recipient, sender] = await Promise.all([
      repository.contactOf(tx, recipientId),
      repository.contactOf(tx, message.senderUserId ?? recipientId),
    ]);
    if (!recipient?.email) return;
    const clientName =
      (to === 'client' ? recipient.fullName : sender?.fullName)?.trim() || conversation.clientName;
    const coachName = (to === 'coach' ? recipient.fullName : sender?.fullName)?.trim() || 'Your coach';
    const data = {
      coachName,
      clientName,
      messageContent: previewOf(message.messageContent),
      messageTime: emailTime(now),
      chatUrl: `${deps.publicUrl}/chat/${conversation.id}`,
    };
    const template = to === 'coach' ? 'coach_inquiry_alert' : 'client_message_alert';
    await repository.markAlerted(tx, conversation.id, to, now);
    try {
      await tx.transaction(async (savepoint) => {
        await deps.outbox.enqueue(savepoint, {
          channel: 'email',
          recipient: recipient.email ?? '',
          template,
          ...renderEmail(template, data),
          data: { ...data, conversationId: conversation.id },
        });
      });
    } catch (error) {
      deps.logger.error(
        { err: describeErrorForLog(error), email: template },
        'messages: the alert email could not be queued (the message is sent without it)',
      );
    }
  }

  async function view(userId: string, id: string): Promise<Conversation> {
    const found = await repository.findForParty(db, id, userId);
    if (!found) throw notFound();
    return toConversation(found, userId);
  }

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

  /** Appends under the conversation's lock and records both parties' event (delivered after commit). */
  async function appendAndRecord(
    tx: DbExecutor,
    conversation: ConversationRow,
    message: {
      id: string;
      senderType: 'coach' | 'client';
      senderUserId: string;
      content: string;
      isAutomated: boolean;
    },
  ): Promise<{ message: InquiryMessage; events: RealtimeEvent[] }> {
    const appended = await repository.append(tx, conversation, {
      id: message.id,
      senderType: message.senderType,
      senderUserId: message.senderUserId,
      messageContent: message.content,
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
      message: previewOf(message.messageContent),
      actorId: conversation.coachId,
      actorName: coachName,
      actionText: NOTIFICATION_TEXTS.coachMessage.action,
      actionUrl,
    });
  }

  /** 403 with a clear message when either of the two blocked the other (no silent drop). */
  async function refuseIfBlocked(executor: DbExecutor, me: string, other: string | null) {
    if (!other) return;
    const blocks = await repository.blocksBetween(executor, me, other);
    if (blocks.includes('a')) throw new AppError('FORBIDDEN', SAFETY_TEXTS.blockedByYou);
    if (blocks.includes('b')) throw new AppError('FORBIDDEN', SAFETY_TEXTS.blockedByOther);
  }

  /** Both parties' topics (a visitor has none), each event recorded in the writing transaction. */
  const partyTopics = (row: ConversationRow) =>
    [row.coachId, row.clientId].flatMap((id) => (id ? [userTopic(id)] : []));

  return {
    async list(userId: string, query: { cursor?: string | undefined }): Promise<ConversationsPage> {
      const cursor = query.cursor ? decodeTimeCursor(query.cursor, STALE_CURSOR) : null;
      const [rows, unreadTotal] = await Promise.all([
        repository.listForParty(db, userId, cursor, CONVERSATIONS_PAGE_SIZE + 1),
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

    get: view,

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

      await refuseIfBlocked(db, userId, userId === coachId ? clientId : coachId);
      const made = await conversationOfPair(db, coachId, clientId);
      return { conversation: await view(userId, made.id), created: made.created };
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

    async send(
      userId: string,
      id: string,
      input: SendMessageInput,
    ): Promise<{ message: InquiryMessage; created: boolean; events: RealtimeEvent[] }> {
      return db.transaction(async (tx) => {
        const conversation = await repository.lockForParty(tx, id, userId);
        if (!conversation) throw notFound();
        const senderType = conversation.coachId === userId ? 'coach' : 'client';
        await refuseIfBlocked(
          tx,
          userId,
          senderType === 'coach' ? conversation.clientId : conversation.coachId,
        );
        // Under the lock, a retry of the same message finds it (its first try committed or not at all).
        const sent = await repository.findMessage(tx, input.id);
        if (sent) {
          const same =
            sent.conversationId === id &&
            sent.senderUserId === userId &&
            sent.messageContent === input.content;
          if (!same) throw new AppError('CONFLICT', MESSAGE_TEXTS.idTaken);
          return { message: toMessage(sent), created: false, events: [] };
        }
        const { message, events } = await appendAndRecord(tx, conversation, {
          id: input.id,
          senderType,
          senderUserId: userId,
          content: input.content,
          isAutomated: false,
        });
        return { message, created: true, events };
      });
    },

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
      const { events } = await appendAndRecord(tx, conversation, {
        id: randomUUID(),
        senderType: 'coach',
        senderUserId: input.coachId,
        content: input.content,
        isAutomated: false,
      });
      return events;
    },

    /** The people `userId` blocked, newest first. */
    async blocked(userId: string): Promise<{ blocked: BlockedPerson[] }> {
      const rows = await repository.blockedBy(db, userId);
      return {
        blocked: rows.map((row) => ({
          user_id: row.userId,
          name: row.fullName?.trim() || 'Wellspring member',
          avatar_url: row.avatarUrl,
          blocked_at: row.createdAt.toISOString(),
        })),
      };
    },

    /** Blocks someone the caller shares a conversation, request or session with (404 otherwise). */
    async block(userId: string, otherId: string): Promise<{ blocked: BlockedPerson; created: boolean }> {
      if (otherId === userId) throw new AppError('VALIDATION_ERROR', SAFETY_TEXTS.ownBlock);
      if (!(await repository.shareHistory(db, userId, otherId)))
        throw new AppError('NOT_FOUND', SAFETY_TEXTS.blockNotFound);
      const created = await repository.block(db, userId, otherId, clock.now());
      const blocked = (await this.blocked(userId)).blocked.find((person) => person.user_id === otherId);
      if (!blocked) throw new Error('a block vanished right after it was written');
      return { blocked, created };
    },

    async unblock(userId: string, otherId: string): Promise<void> {
      await repository.unblock(db, userId, otherId);
    },

    /** A party reports the conversation or one of its messages; kept for the moderators. */
    async report(userId: string, id: string, input: ReportInput) {
      const found = await repository.findForParty(db, id, userId);
      if (!found) throw notFound();
      const conversation = found.conversation;
      if (input.message_id) {
        const message = await repository.findMessage(db, input.message_id);
        if (message?.conversationId !== id)
          throw new AppError('NOT_FOUND', 'This message could not be found.');
      }
      const row = await repository.insertReport(db, {
        reporterId: userId,
        conversationId: id,
        messageId: input.message_id ?? null,
        reportedUserId: conversation.coachId === userId ? conversation.clientId : conversation.coachId,
        reason: input.reason,
        details: input.details || null,
        createdAt: clock.now(),
      });
      return {
        report: { id: row.id, reason: row.reason, created_at: row.createdAt.toISOString() },
        message: SAFETY_TEXTS.reported,
      };
    },

    /** For moderators (view_user_reports): the newest reports; the view is audit-logged. */
    async listReports(admin: ActiveAdmin, requestId: string) {
      await deps.admin.logActivity(db, admin, {
        actionType: 'view_message_reports',
        targetType: 'message_reports',
        requestId,
      });
      const rows = await repository.listReports(db, 200);
      return {
        reports: rows.map(({ report, message }) => ({
          id: report.id,
          reason: report.reason,
          details: report.details,
          created_at: report.createdAt.toISOString(),
          conversation_id: report.conversationId,
          reporter_id: report.reporterId,
          reported_user_id: report.reportedUserId,
          message: message ? toMessage(message) : null,
        })),
      };
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
        return realtime.recordMany(
          tx,
          partyTopics(after).map((topic) => ({ topic, type: MESSAGE_EVENTS.read, payload })),
        );
      });
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
