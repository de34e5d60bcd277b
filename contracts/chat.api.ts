import {
  chatAttachmentFileSchema,
  chatAttachmentParamsSchema,
  chatAttachmentQuerySchema,
  chatHistoryQuerySchema,
  chatHistorySchema,
  chatMessageResponseSchema,
  chatReadSchema,
  chatSessionParamsSchema,
  sendChatMessageSchema,
} from './chat';
import { endpointGroup } from './endpoint';

const endpoint = endpointGroup('Chat');
const signedInEndpoint = endpoint.as('signed-in');

/**
 * Chat in a session room. Only the session's parties (the coach, the client by id or by confirmed
 * email) and its guests; anyone else gets 404, an anonymous caller 401.
 */
export const chatApi = {
  history: signedInEndpoint({
    method: 'GET',
    path: '/api/sessions/:id/messages',
    summary: "A session's messages in order, after a sequence number",
    params: chatSessionParamsSchema,
    query: chatHistoryQuerySchema,
    responses: { 200: chatHistorySchema },
  }),
  send: signedInEndpoint({
    method: 'POST',
    path: '/api/sessions/:id/messages',
    summary: 'Send a text message (idempotent by its id: 201 new, 200 already sent)',
    params: chatSessionParamsSchema,
    body: sendChatMessageSchema,
    responses: { 200: chatMessageResponseSchema, 201: chatMessageResponseSchema },
  }),
  read: signedInEndpoint({
    method: 'POST',
    path: '/api/sessions/:id/read',
    summary: "The caller has read the session's messages up to a sequence number",
    params: chatSessionParamsSchema,
    body: chatReadSchema,
    responses: { 204: null },
  }),
  typing: signedInEndpoint({
    method: 'POST',
    path: '/api/sessions/:id/typing',
    summary: 'The caller is typing (shown to the other side for a few seconds)',
    params: chatSessionParamsSchema,
    responses: { 204: null },
  }),
  sendAttachment: signedInEndpoint({
    method: 'POST',
    path: '/api/sessions/:id/attachments',
    summary: 'Send an image, file or voice note: the body is the raw bytes (checked, never trusted)',
    params: chatSessionParamsSchema,
    query: chatAttachmentQuerySchema,
    responses: { 200: chatMessageResponseSchema, 201: chatMessageResponseSchema },
  }),
  attachment: signedInEndpoint({
    method: 'GET',
    path: '/api/sessions/:id/messages/:messageId/attachment',
    summary: "A message's attachment, typed by its checked MIME",
    params: chatAttachmentParamsSchema,
    responses: { 200: chatAttachmentFileSchema },
  }),
} as const;
