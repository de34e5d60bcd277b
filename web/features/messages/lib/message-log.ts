import type { Conversation, InquiryMessage, MessagesPage } from '#contracts/messages';

/**
 * What a conversation's screen holds of its history: the messages it knows, by seq, oldest first, and
 * whether older ones exist before the first (paged backwards with before_seq). Events and the answers
 * of sends add newer ones.
 */
export type MessageLog = { messages: InquiryMessage[]; hasMore: boolean };

/** Merges by id (a later copy wins) and orders by seq: the POST answer and its event never double up. */
export function mergeMessages(
  held: readonly InquiryMessage[],
  incoming: readonly InquiryMessage[],
): InquiryMessage[] {
  if (incoming.length === 0) return [...held];
  const byId = new Map(held.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * The newest page (a first load or a refetch) folded into what is held. Older messages held stay only
 * when they join the page without a gap (else "Load earlier messages" reads them again); newer ones
 * (events that came while the page loaded) always stay.
 */
export function withNewestPage(held: MessageLog | undefined, page: MessagesPage): MessageLog {
  const first = page.messages[0];
  if (!held || held.messages.length === 0) return { messages: page.messages, hasMore: page.has_more };
  if (!first) return held;
  const older = held.messages.filter((message) => message.seq < first.seq);
  const joins = !page.has_more || older.at(-1)?.seq === first.seq - 1;
  const kept = joins ? held.messages : held.messages.filter((message) => message.seq >= first.seq);
  return {
    messages: mergeMessages(kept, page.messages),
    hasMore: page.has_more && (joins ? held.hasMore : true),
  };
}

/** An older page ("Load earlier messages") put in front of what is held. */
export const withEarlierPage = (held: MessageLog, page: MessagesPage): MessageLog => ({
  messages: mergeMessages(held.messages, page.messages),
  hasMore: page.has_more,
});

/** The other side of a conversation, as the caller sees it. */
export const otherPartyOf = (conversation: Conversation) =>
  conversation.role === 'client' ? conversation.coach : conversation.client;

/** How far the caller has read, and how far the other side has (read receipts). */
export function readSeqs(conversation: Pick<Conversation, 'role' | 'read'>) {
  const { coach_seq: coach, client_seq: client } = conversation.read;
  return conversation.role === 'coach' ? { mine: coach, theirs: client } : { mine: client, theirs: coach };
}

/** Reads only move forward. */
export const laterRead = (a: Conversation['read'], b: Conversation['read']): Conversation['read'] => ({
  coach_seq: Math.max(a.coach_seq, b.coach_seq),
  client_seq: Math.max(a.client_seq, b.client_seq),
});

/** A conversation with newer reads: the caller's unread count follows their own read position. */
export function withRead(conversation: Conversation, read: Conversation['read']): Conversation {
  const next = { ...conversation, read: laterRead(conversation.read, read) };
  const lastSeq = conversation.last_message?.seq ?? 0;
  return {
    ...next,
    unread_count: Math.min(conversation.unread_count, Math.max(0, lastSeq - readSeqs(next).mine)),
  };
}

/** The id of the caller's last message once the other side has read it ("Read" under it), else null. */
export function readReceiptOf(
  messages: readonly InquiryMessage[],
  conversation: Conversation,
): string | null {
  const mine = messages.findLast((message) => message.sender_type === conversation.role);
  return mine && readSeqs(conversation).theirs >= mine.seq ? mine.id : null;
}
