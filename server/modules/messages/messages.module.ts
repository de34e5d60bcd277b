import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createMessagesRepository } from './messages.repository';
import { messagesRoutes } from './messages.routes';
import { createSafetyRepository } from './messages.safety.repository';
import { createMessagesService, type MessagesService } from './messages.service';

export type MessagesModuleDeps = ModuleDeps<typeof createMessagesService, 'repository' | 'safety'> & {
  /** Visitors' messages per client IP per hour (INQUIRY_RATE_LIMIT_MAX). */
  inquiryRateLimitMax: number;
};

/** The messages module: conversations between sessions, their repositories, service and routes. */
export function registerMessages(app: HttpApp, deps: MessagesModuleDeps): MessagesService {
  const { route, inquiryRateLimitMax, ...serviceDeps } = deps;
  const messages = createMessagesService({
    ...serviceDeps,
    repository: createMessagesRepository(),
    safety: createSafetyRepository(),
  });
  messagesRoutes(app, route, messages, { inquiryRateLimitMax });
  return messages;
}
