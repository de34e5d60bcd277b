import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthSession } from '#contracts/auth';
import type { HttpApp, ModuleDeps } from '#server/http/route';
import type { RequestContext } from '../auth/sessions/session.service';
import type { SessionsService } from '../sessions/sessions.service';
import { createSessionInvitationsRepository } from './session-invitations.repository';
import { sessionInvitationsRoutes } from './session-invitations.routes';
import {
  createSessionInvitationsService,
  type SessionInvitationsService,
} from './session-invitations.service';

/** The auth module's way of answering a sign-in (the same cookies for every sign-in). */
export type SignInAnswer = {
  contextOf: (request: FastifyRequest) => RequestContext;
  answer: <T extends AuthSession>(request: FastifyRequest, reply: FastifyReply, session: T) => T;
};

export type SessionInvitationsModuleDeps = ModuleDeps<
  typeof createSessionInvitationsService,
  'repository' | 'findSession'
> & {
  /** Who is a party (or, asked so, a guest) of the session: the chat sessions' decision. */
  chatSessions: Pick<SessionsService, 'get'>;
  signIn: SignInAnswer;
  rateLimit: { max: number; windowMs: number };
};

/** The guest-links module: its repository, service and routes. */
export function registerSessionInvitations(
  app: HttpApp,
  deps: SessionInvitationsModuleDeps,
): SessionInvitationsService {
  const { route, chatSessions, signIn, rateLimit, ...serviceDeps } = deps;
  const invitations = createSessionInvitationsService({
    ...serviceDeps,
    repository: createSessionInvitationsRepository(),
    findSession: (userId, sessionId, options) => chatSessions.get(userId, sessionId, options),
  });
  sessionInvitationsRoutes(app, route, invitations, { signIn, rateLimit });
  return invitations;
}
