import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createMessagesRepository } from './messages.repository';
import { messagesRoutes } from './messages.routes';
import { createMessagesService, type MessagesService } from './messages.service';

export type MessagesModuleDeps = ModuleDeps<typeof createMessagesService, 'repository'>;

/** The messages module: conversations between sessions, their repository, service and routes. */
export function registerMessages(app: HttpApp, deps: MessagesModuleDeps): MessagesService {
  const { route, ...serviceDeps } = deps;
  const messages = createMessagesService({ ...serviceDeps, repository: createMessagesRepository() });
  messagesRoutes(app, route, messages);
  return messages;
}
