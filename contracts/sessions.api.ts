import { endpointGroup } from './endpoint';
import { errorBodySchema } from './errors';
import {
  activeSessionResponseSchema,
  chatSessionSchema,
  sessionEventPayloadSchema,
  sessionListQuerySchema,
  sessionListSchema,
  sessionParamsSchema,
} from './sessions';

const endpoint = endpointGroup('Sessions');

/** 409 for an end that came too late: the error, plus the session as it is now (completed). */
export const endConflictSchema = errorBodySchema.extend({ session: chatSessionSchema });

export const SESSION_ALREADY_ENDED_MESSAGE = 'This session has already ended.';
const signedInEndpoint = endpoint.as('signed-in');

/**
 * Chat sessions. Every endpoint reads or changes sessions the caller is a party to: the coach by
 * coach_id, the client by client_id or by their confirmed email (SPEC §6). Anyone else gets 404. Only
 * the coach ends a session.
 */
export const sessionsApi = {
  list: signedInEndpoint({
    method: 'GET',
    path: '/api/sessions',
    summary: "The caller's sessions as coach or as client, a page at a time",
    query: sessionListQuerySchema,
    responses: { 200: sessionListSchema },
  }),
  active: signedInEndpoint({
    method: 'GET',
    path: '/api/sessions/active',
    summary: "The caller's live session (a guest: the one its link joined), or null",
    responses: { 200: activeSessionResponseSchema },
  }),
  get: signedInEndpoint({
    method: 'GET',
    path: '/api/sessions/:id',
    summary: 'One session, for its parties and guests',
    params: sessionParamsSchema,
    responses: { 200: chatSessionSchema },
  }),
  end: signedInEndpoint({
    method: 'POST',
    path: '/api/sessions/:id/end',
    summary: 'The coach ends the session: its payment is captured (409 when it already ended)',
    params: sessionParamsSchema,
    responses: { 200: sessionEventPayloadSchema, 409: endConflictSchema },
  }),
} as const;
