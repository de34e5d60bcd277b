import { createAttachmentUseCases } from './messages.attachments';
import { createConversationUseCases } from './messages.conversations';
import { createSafetyUseCases } from './messages.safety';
import { createMessagesShared, type MessagesDeps } from './messages.shared';
import { createVisitorUseCases } from './messages.visitors';

export { MESSAGE_ALERT_GAP_MS, MESSAGE_PREVIEW_MAX } from './messages.shared';

/**
 * Conversations between sessions (contracts/messages.ts), by use case: a coach's and a client's
 * conversation (messages.conversations.ts), its attachments (messages.attachments.ts), a visitor's inquiry and its claim (messages.visitors.ts),
 * blocks and reports (messages.safety.ts). A text message of the common case is one statement
 * (messages.texts.ts, group-committed); every other new message goes through messages.shared.ts's
 * append (its lock, seq, alerts, notification and events).
 */
export function createMessagesService(deps: MessagesDeps) {
  const shared = createMessagesShared(deps);
  return {
    ...createConversationUseCases(deps, shared),
    ...createAttachmentUseCases(deps, shared),
    ...createVisitorUseCases(deps, shared),
    ...createSafetyUseCases(deps),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
