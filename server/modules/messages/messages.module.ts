import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createAttachmentsRepository } from './messages.attachments.repository';
import { createMessagesRepository } from './messages.repository';
import { messagesRoutes } from './messages.routes';
import { createSafetyRepository } from './messages.safety.repository';
import { createTextsRepository } from './messages.texts.repository';
import { createMessagesService, type MessagesService } from './messages.service';

export type MessagesModuleDeps = ModuleDeps<
  typeof createMessagesService,
  'repository' | 'safety' | 'attachments' | 'texts'
> & {
  /** Visitors' messages per client IP per hour (INQUIRY_RATE_LIMIT_MAX). */
  inquiryRateLimitMax: number;
};

/** The messages module: conversations between sessions, their repositories, service and routes (the attachment upload in a scope of its own). */
export async function registerMessages(app: HttpApp, deps: MessagesModuleDeps): Promise<MessagesService> {
  const { route, inquiryRateLimitMax, ...serviceDeps } = deps;
  const messages = createMessagesService({
    ...serviceDeps,
    repository: createMessagesRepository(),
    safety: createSafetyRepository(),
    attachments: createAttachmentsRepository(),
    texts: createTextsRepository(),
  });
  await messagesRoutes(app, route, messages, { inquiryRateLimitMax });
  return messages;
}
