import { endpointGroup } from './endpoint';
import {
  conversationParamsSchema,
  conversationResponseSchema,
  conversationsPageSchema,
  conversationsQuerySchema,
  messageResponseSchema,
  messagesPageSchema,
  messagesQuerySchema,
  readConversationSchema,
  sendMessageSchema,
  startConversationSchema,
} from './messages';

const endpoint = endpointGroup('Messages');
const signedInEndpoint = endpoint.as('signed-in');

/**
 * Conversations between a coach and a client (contracts/messages.ts). Only the two parties reach a
 * conversation; anyone else gets 404, an anonymous caller 401.
 */
export const messagesApi = {
  list: signedInEndpoint({
    method: 'GET',
    path: '/api/conversations',
    summary: "The caller's conversations, most recent first (keyset pages), with unread counts",
    query: conversationsQuerySchema,
    responses: { 200: conversationsPageSchema },
  }),
  start: signedInEndpoint({
    method: 'POST',
    path: '/api/conversations',
    summary: 'Start or find the conversation with a coach (client) or a client of theirs (coach)',
    body: startConversationSchema,
    responses: { 200: conversationResponseSchema, 201: conversationResponseSchema },
  }),
  get: signedInEndpoint({
    method: 'GET',
    path: '/api/conversations/:id',
    summary: 'One conversation as the caller lists it',
    params: conversationParamsSchema,
    responses: { 200: conversationResponseSchema },
  }),
  messages: signedInEndpoint({
    method: 'GET',
    path: '/api/conversations/:id/messages',
    summary: "A conversation's messages, the newest page or the one before a seq, oldest first",
    params: conversationParamsSchema,
    query: messagesQuerySchema,
    responses: { 200: messagesPageSchema },
  }),
  send: signedInEndpoint({
    method: 'POST',
    path: '/api/conversations/:id/messages',
    summary: 'Send a text message (idempotent by its id: 201 new, 200 already sent)',
    params: conversationParamsSchema,
    body: sendMessageSchema,
    responses: { 200: messageResponseSchema, 201: messageResponseSchema },
  }),
  read: signedInEndpoint({
    method: 'POST',
    path: '/api/conversations/:id/read',
    summary: "The caller has read the conversation's messages up to a seq",
    params: conversationParamsSchema,
    body: readConversationSchema,
    responses: { 204: null },
  }),
} as const;
