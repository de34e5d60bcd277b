import { createChatInsert } from './chat.insert';
import { createChatReading } from './chat.reading';
import { createChatSend } from './chat.send';
import type { ChatDeps } from './chat.shared';

export type { AttachmentFile, AttachmentUpload } from '../uploads/uploads.attachments';
export {
  attachmentKey,
  toChatMessage,
  type ChatDeps,
  type FindSessionForParty,
  type SendOutcome,
} from './chat.shared';

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
export function createChatService(deps: ChatDeps) {
  const writer = createChatInsert(deps);
  return {
    ...createChatReading(deps),
    ...createChatSend(deps, writer),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
