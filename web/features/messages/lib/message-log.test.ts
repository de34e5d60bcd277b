import { describe, expect, it } from 'vitest';
import { conversation, inquiryMessage, messagesPage, ownMessage } from '#web/test/fixtures/messages';
import {
  mergeMessages,
  readReceiptOf,
  withEarlierPage,
  withNewestPage,
  withRead,
  type MessageLog,
} from './message-log';

const seqs = (log: MessageLog) => log.messages.map((message) => message.seq);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => inquiryMessage(from + index));

describe('the message log', () => {
  it('merges by id and orders by seq: a POST answer and its event make one message', () => {
    const merged = mergeMessages(
      [inquiryMessage(1), inquiryMessage(3)],
      [inquiryMessage(2), inquiryMessage(3)],
    );
    expect(merged.map((message) => message.seq)).toEqual([1, 2, 3]);
  });

  it('takes the first newest page as it is', () => {
    expect(withNewestPage(undefined, messagesPage(range(51, 100), true))).toEqual({
      messages: range(51, 100),
      hasMore: true,
    });
  });

  it('keeps older pages that join the newest page, and newer messages events brought', () => {
    const held: MessageLog = { messages: [...range(1, 60), inquiryMessage(75)], hasMore: false };
    const next = withNewestPage(held, messagesPage(range(11, 60), true));
    expect(seqs(next)).toEqual([...Array.from({ length: 60 }, (_, index) => index + 1), 75]);
    expect(next.hasMore).toBe(false);
  });

  it('drops older messages that a gap separates from the newest page (Load earlier reads them again)', () => {
    const held: MessageLog = { messages: range(1, 20), hasMore: false };
    const next = withNewestPage(held, messagesPage(range(71, 120), true));
    expect(seqs(next)[0]).toBe(71);
    expect(next.messages).toHaveLength(50);
    expect(next.hasMore).toBe(true);
  });

  it('puts an earlier page in front', () => {
    const next = withEarlierPage({ messages: range(51, 100), hasMore: true }, messagesPage(range(1, 50)));
    expect(seqs(next)).toHaveLength(100);
    expect(next.hasMore).toBe(false);
  });

  it('shows "Read" under the caller’s last message once the other side read up to it', () => {
    const messages = [inquiryMessage(1), ownMessage(2), ownMessage(3), inquiryMessage(4)];
    expect(readReceiptOf(messages, conversation({ read: { coach_seq: 2, client_seq: 4 } }))).toBeNull();
    expect(readReceiptOf(messages, conversation({ read: { coach_seq: 3, client_seq: 4 } }))).toBe(
      messages[2]!.id,
    );
    // The coach's side of the same conversation.
    expect(
      readReceiptOf(messages, conversation({ role: 'coach', read: { coach_seq: 4, client_seq: 4 } })),
    ).toBe(messages[3]!.id);
  });

  it('moves reads only forward, and the unread count with the caller’s own', () => {
    const held = conversation({
      last_message: inquiryMessage(5),
      unread_count: 3,
      read: { coach_seq: 5, client_seq: 2 },
    });
    expect(withRead(held, { coach_seq: 1, client_seq: 4 })).toMatchObject({
      read: { coach_seq: 5, client_seq: 4 },
      unread_count: 1,
    });
    expect(withRead(held, { coach_seq: 0, client_seq: 0 })).toMatchObject({ unread_count: 3 });
  });
});
