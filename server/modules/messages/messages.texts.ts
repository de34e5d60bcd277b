import { randomUUID } from 'node:crypto';
import { MESSAGE_EVENTS, type InquiryMessage, type SendMessageInput } from '#contracts/messages';
import { NOTIFICATION_EVENTS, NOTIFICATION_TEXTS } from '#contracts/notifications';
import type { RealtimeEvent } from '#contracts/realtime';
import { createGroupCommit, type Settled } from '#server/lib/group-commit';
import { isUniqueViolation } from '#server/lib/row-queries';
import { CONNECTION_STALE_MS } from '#server/realtime/realtime.service';
import { toNotification } from '../notifications/notifications.service';
import { MESSAGE_ALERT_GAP_MS, previewOf, type MessagesDeps } from './messages.shared';
import type { TextsRepository } from './messages.texts.repository';

/** Stands for the coach's name in a notification built before the statement reads it. */
const NAME_MARK = '\u0001coach\u0001';

export type TextSend = { userId: string; conversationId: string; input: SendMessageInput };
/** A send's answer: its message, and whether this send made it (its events are delivered by then). */
export type TextSent = { message: InquiryMessage; created: boolean };

/**
 * A text message from a party with an account (POST /api/conversations/:id/messages), in the common case
 * one statement (texts.appendTexts), and sends that come together share it (group commit, at most one
 * per conversation in a batch). A send the statement did not write — a retry, a block, another writer
 * first, an alert to send, not a party — takes `inTransaction` (the conversation's
 * lock, then each check and write in turn), which answers it or says why.
 */
export function createTextSends(
  deps: Pick<MessagesDeps, 'db' | 'realtime' | 'clock'> & { texts: TextsRepository },
  inTransaction: (send: TextSend) => Promise<TextSent & { events: RealtimeEvent[] }>,
) {
  const { db, realtime, clock, texts } = deps;

  /**
   * The transaction path, its events delivered as soon as it commits: a send's events never wait for
   * other sends (a later message of the conversation, written meanwhile, must not be delivered first).
   */
  async function sendInTransaction(send: TextSend): Promise<TextSent> {
    const { events, ...sent } = await inTransaction(send);
    await realtime.deliver(events);
    return sent;
  }

  /** The sends written in one statement, by message id (undefined: another writer's id got there first). */
  async function appendTogether(sends: readonly TextSend[]): Promise<Map<string, TextSent> | undefined> {
    const sentAt = clock.now();
    const createdAt = sentAt.toISOString();
    const messages = sends.map(({ userId, conversationId, input }) => {
      const placeholder: InquiryMessage = {
        id: input.id,
        conversation_id: conversationId,
        seq: 0,
        sender_type: 'client',
        sender_user_id: userId,
        content: input.content,
        type: 'text',
        is_automated: false,
        created_at: createdAt,
      };
      // Added only when the sender is the conversation's coach and the client has none unread.
      const notification = toNotification({
        id: randomUUID(),
        userId: '',
        type: 'coach_message',
        title: NOTIFICATION_TEXTS.coachMessage.title(NAME_MARK),
        message: previewOf({ messageType: 'text', messageContent: input.content }),
        actorId: userId,
        actorName: NAME_MARK,
        actionText: NOTIFICATION_TEXTS.coachMessage.action,
        actionUrl: `/chat/${conversationId}`,
        createdAt: sentAt,
        readAt: null,
        dismissedAt: null,
      });
      return {
        id: input.id,
        conversationId,
        senderUserId: userId,
        content: input.content,
        placeholder,
        notification,
      };
    });
    let written: Awaited<ReturnType<TextsRepository['appendTexts']>>;
    try {
      written = await texts.appendTexts(db, {
        messages: messages.map((message) => ({ ...message, payload: { message: message.placeholder } })),
        sentAt,
        nameMark: NAME_MARK,
        coachFallback: NOTIFICATION_TEXTS.coachFallback,
        notificationEventType: NOTIFICATION_EVENTS.created,
        alertedSince: new Date(sentAt.getTime() - MESSAGE_ALERT_GAP_MS),
        openSince: new Date(sentAt.getTime() - CONNECTION_STALE_MS),
        eventType: MESSAGE_EVENTS.created,
        recording: (events, at) => realtime.recordingCtes({ input: events, createdAt: at }),
      });
    } catch (error) {
      // A message id committed by another writer after this statement's snapshot: nothing was written.
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
    const sent = new Map<string, TextSent>();
    const events: RealtimeEvent[] = [];
    for (const { id, placeholder } of messages) {
      const made = written.get(id);
      if (!made) continue;
      const message = { ...placeholder, seq: made.seq, sender_type: made.senderType };
      sent.set(id, { message, created: true });
      for (const { notification, ...event } of made.events)
        events.push(
          notification
            ? {
                ...event,
                type: NOTIFICATION_EVENTS.created,
                payload: { notification },
                created_at: createdAt,
              }
            : { ...event, type: MESSAGE_EVENTS.created, payload: { message }, created_at: createdAt },
        );
    }
    // Delivered now, before the batch's other sends take the transaction path: a later message of one
    // of these conversations must not be delivered first.
    await realtime.deliver(events);
    return sent;
  }

  async function sendOne(send: TextSend): Promise<TextSent> {
    return (await appendTogether([send]))?.get(send.input.id) ?? sendInTransaction(send);
  }

  async function sendMany(sends: readonly TextSend[]): Promise<Settled<TextSent>[]> {
    const written = await appendTogether(sends);
    if (!written)
      throw new Error('messages group commit: a message id was taken meanwhile; sending each alone');
    // Those it did not write take the transaction path side by side (distinct conversations).
    return Promise.all(
      sends.map(async (send): Promise<Settled<TextSent>> => {
        const made = written.get(send.input.id);
        if (made) return { ok: true, value: made };
        return sendInTransaction(send).then(
          (value) => ({ ok: true, value }),
          (error: unknown) => ({ ok: false, error }),
        );
      }),
    );
  }

  const sends = createGroupCommit<TextSend, TextSent>({
    one: sendOne,
    many: sendMany,
    keyOf: (send) => send.conversationId,
  });

  return { send: (send: TextSend) => sends.submit(send) };
}
