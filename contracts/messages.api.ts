import { endpointGroup } from './endpoint';
import {
  blockedListSchema,
  blockParamsSchema,
  blockResponseSchema,
  conversationAttachmentFileSchema,
  conversationAttachmentParamsSchema,
  conversationAttachmentQuerySchema,
  conversationParamsSchema,
  conversationResponseSchema,
  conversationsPageSchema,
  conversationsQuerySchema,
  inquiryParamsSchema,
  inquiryResponseSchema,
  messageResponseSchema,
  messagesPageSchema,
  messagesQuerySchema,
  messageReportsSchema,
  readConversationSchema,
  reportResponseSchema,
  reportSchema,
  sendMessageSchema,
  startConversationSchema,
  updateConversationSchema,
  visitorInquirySchema,
} from './messages';

const endpoint = endpointGroup('Messages');
const signedInEndpoint = endpoint.as('signed-in');
const publicEndpoint = endpoint.as('public');
const viewUserReportsEndpoint = endpoint.as({ admin: 'view_user_reports' });

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
  update: signedInEndpoint({
    method: 'PATCH',
    path: '/api/conversations/:id',
    summary: 'Archive the conversation for the caller, or bring it back to their list',
    params: conversationParamsSchema,
    body: updateConversationSchema,
    responses: { 200: conversationResponseSchema },
  }),
  inquire: publicEndpoint({
    method: 'POST',
    path: '/api/coaches/:coachId/inquiries',
    summary:
      "A visitor's message to a coach (name, email): the answer comes by email (rate-limited per IP and per address)",
    params: inquiryParamsSchema,
    body: visitorInquirySchema,
    responses: { 202: inquiryResponseSchema },
  }),
  claim: signedInEndpoint({
    method: 'POST',
    path: '/api/conversations/:id/claim',
    summary:
      "Continue a visitor's conversation in the account whose confirmed address it was sent from (the answer email's link)",
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
  sendAttachment: signedInEndpoint({
    method: 'POST',
    path: '/api/conversations/:id/attachments',
    summary:
      'Send an image, file or voice note: the body is the raw bytes (checked, never trusted; idempotent by its id)',
    params: conversationParamsSchema,
    query: conversationAttachmentQuerySchema,
    responses: { 200: messageResponseSchema, 201: messageResponseSchema },
  }),
  attachment: signedInEndpoint({
    method: 'GET',
    path: '/api/conversations/:id/messages/:messageId/attachment',
    summary: "A message's attachment, typed by its checked MIME (the two parties only)",
    params: conversationAttachmentParamsSchema,
    responses: { 200: conversationAttachmentFileSchema },
  }),
  read: signedInEndpoint({
    method: 'POST',
    path: '/api/conversations/:id/read',
    summary: "The caller has read the conversation's messages up to a seq",
    params: conversationParamsSchema,
    body: readConversationSchema,
    responses: { 204: null },
  }),
  typing: signedInEndpoint({
    method: 'POST',
    path: '/api/conversations/:id/typing',
    summary: 'The caller is typing (shown to the other party for a few seconds)',
    params: conversationParamsSchema,
    responses: { 204: null },
  }),
  report: signedInEndpoint({
    method: 'POST',
    path: '/api/conversations/:id/reports',
    summary: 'Report the conversation or one of its messages to the moderators',
    params: conversationParamsSchema,
    body: reportSchema,
    responses: { 201: reportResponseSchema },
  }),
  blocked: signedInEndpoint({
    method: 'GET',
    path: '/api/blocks',
    summary: 'The people the caller blocked',
    responses: { 200: blockedListSchema },
  }),
  block: signedInEndpoint({
    method: 'PUT',
    path: '/api/blocks/:userId',
    summary:
      'Block someone the caller has a conversation, request or session with (200 when already blocked)',
    params: blockParamsSchema,
    responses: { 200: blockResponseSchema, 201: blockResponseSchema },
  }),
  unblock: signedInEndpoint({
    method: 'DELETE',
    path: '/api/blocks/:userId',
    summary: 'Unblock someone (204 also when they were not blocked)',
    params: blockParamsSchema,
    responses: { 204: null },
  }),
  reports: viewUserReportsEndpoint({
    method: 'GET',
    path: '/api/admin/message-reports',
    summary: 'The newest reports of conversations and messages (moderators)',
    responses: { 200: messageReportsSchema },
  }),
} as const;
