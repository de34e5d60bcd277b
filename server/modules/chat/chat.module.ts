import type { HttpApp, ModuleDeps } from '#server/http/route';
import type { SessionsService } from '../sessions/sessions.service';
import { createChatRepository } from './chat.repository';
import { chatRoutes } from './chat.routes';
import { createChatService, type ChatService } from './chat.service';

export type ChatModuleDeps = ModuleDeps<typeof createChatService, 'repository' | 'findSession'> & {
  /** Who is a party (or a guest) of the session: the chat sessions' decision. */
  chatSessions: Pick<SessionsService, 'get'>;
};

/** The chat module: its repository, service and routes (the attachment upload in a scope of its own). */
export async function registerChat(app: HttpApp, deps: ChatModuleDeps): Promise<ChatService> {
  const { route, chatSessions, ...serviceDeps } = deps;
  const chat = createChatService({
    ...serviceDeps,
    repository: createChatRepository(),
    findSession: (userId, sessionId) => chatSessions.get(userId, sessionId, { guests: true }),
  });
  await chatRoutes(app, route, chat);
  return chat;
}
