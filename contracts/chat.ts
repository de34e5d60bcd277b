import { z } from 'zod';
import {
  ATTACHMENT_FILE_ACCEPT,
  ATTACHMENT_IMAGE_MAX_PIXELS,
  ATTACHMENT_KINDS,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MESSAGES,
  ATTACHMENT_NAME_MAX,
  ATTACHMENT_TOO_LARGE_MESSAGE,
  ATTACHMENT_VOICE_MAX_MS,
  attachmentFileSchema,
  attachmentQuerySchema,
  attachmentSchema,
  type Attachment,
  type AttachmentKind,
  type AttachmentQuery,
} from './attachments';
import { requiredText } from './fields';

/**
 * Chat in the session room (SPEC §3 chat_messages, §7). Open to the session's two
 * parties only (the coach, and the client by id or by confirmed email); anyone else gets 404.
 *
 *   GET  /api/sessions/:id/messages?after_seq=0&limit=200   history after a seq, oldest first
 *   POST /api/sessions/:id/messages { id, content }         201 { message }; a retry with the same id
 *                                                           answers 200 with the same message
 *   POST /api/sessions/:id/read { seq }                     204: read receipt (never goes back)
 *   POST /api/sessions/:id/typing                           204: "is typing" to the other party (at most
 *                                                           one per CHAT_TYPING_SERVER_GAP_MS is passed on)
 *   POST /api/sessions/:id/attachments?id&kind&name&duration_ms   the raw bytes as the body: an image,
 *                                                           file or voice message in one go; 201 { message },
 *                                                           a retry with the same id 200 with the same message
 *   GET  /api/sessions/:id/messages/:messageId/attachment   the attachment's bytes (parties only)
 *
 * Attachments are private to the two parties: stored under a server-made key, never at a public URL, served
 * only by the route above with the type the server detected from the bytes (the sender's file name and
 * declared type are never trusted). Every image is re-encoded to WebP, whatever `kind` it was sent as
 * (server/modules/uploads/upload-pipeline.ts). Quotas (domain/chat/attachment-quota.ts): 50 MB per person
 * and session, 100 MB per session, 200 MB per person per 24 hours — 413, or 429 with Retry-After for the
 * day's budget, each with a message to show on the refused attachment.
 *
 * Every message has a per-session `seq` (1, 2, 3… gapless). The sender's browser makes the message id
 * (uuid), so a retried send creates nothing new. Sending needs an active session (409 once it ended);
 * the history stays readable afterwards.
 *
 * Realtime: CHAT_EVENTS on each party's own topic `user:<id>` (no extra channel, SPEC §9), recorded in
 * the change's transaction and delivered after it commits. A tab that missed events replays them on
 * resubscribe, or refetches the history with `after_seq` = the last seq it holds.
 */

/** Characters of a message after trimming. */
export const CHAT_MESSAGE_MAX = 4_000;
/** Messages per page of history (the default and the most one page returns). */
export const CHAT_HISTORY_LIMIT = 200;

export const CHAT_MESSAGE_TYPES = ['text', 'image', 'file', 'voice'] as const;
/** 'guest': someone a party invited by a guest link (contracts/session-invitations.ts). */
export const CHAT_SENDER_TYPES = ['coach', 'client', 'guest'] as const;
/** The message types that carry an attachment (the same attachments as conversations between sessions). */
export const CHAT_ATTACHMENT_KINDS = ATTACHMENT_KINDS;
export type ChatAttachmentKind = AttachmentKind;

/** The attachment limits are those of contracts/attachments.ts, named here as the chat has always named them. */
export const CHAT_ATTACHMENT_MAX_BYTES = ATTACHMENT_MAX_BYTES;
export const CHAT_IMAGE_MAX_PIXELS = ATTACHMENT_IMAGE_MAX_PIXELS;
export const CHAT_VOICE_MAX_MS = ATTACHMENT_VOICE_MAX_MS;
export const CHAT_ATTACHMENT_NAME_MAX = ATTACHMENT_NAME_MAX;
export const CHAT_FILE_ACCEPT = ATTACHMENT_FILE_ACCEPT;

/** Typing: the browser posts at most once per CHAT_TYPING_SEND_EVERY_MS while the person types. */
export const CHAT_TYPING_SEND_EVERY_MS = 3_000;
/** The server passes on at most one typing event per person and session in this time. */
export const CHAT_TYPING_SERVER_GAP_MS = 2_000;
/** "<Name> is typing…" shows this long after the last event (or until their message arrives). */
export const CHAT_TYPING_SHOW_MS = 5_000;

export const CHAT_MESSAGES = {
  contentRequired: 'Write a message.',
  contentTooLong: `Keep the message to ${CHAT_MESSAGE_MAX} characters or fewer.`,
  sessionEnded: 'This session has ended. Its messages can still be read, but no new ones can be sent.',
  idTaken: 'This message id is already used by another message.',
  ...ATTACHMENT_MESSAGES,
} as const;

/** The message that names the size limit of each kind. */
export const CHAT_TOO_LARGE_MESSAGE = ATTACHMENT_TOO_LARGE_MESSAGE;

/** An image, file or voice message's attachment. */
export const chatAttachmentSchema = attachmentSchema;
export type ChatAttachment = Attachment;

export const chatMessageSchema = z.object({
  id: z.uuid(),
  session_id: z.uuid(),
  /** 1, 2, 3… within the session, no gaps. */
  seq: z.number().int().positive(),
  sender_type: z.enum(CHAT_SENDER_TYPES),
  sender_user_id: z.uuid(),
  message_content: z.string(),
  message_type: z.enum(CHAT_MESSAGE_TYPES),
  sent_at: z.string(),
  /** Image, file and voice messages only (text messages have none). */
  attachment: chatAttachmentSchema.optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatSessionParamsSchema = z.object({ id: z.uuid() });

/** GET /api/sessions/:id/messages */
export const chatHistoryQuerySchema = z.object({
  after_seq: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_LIMIT).default(CHAT_HISTORY_LIMIT),
});
export type ChatHistoryQuery = z.input<typeof chatHistoryQuerySchema>;

export const chatHistorySchema = z.object({
  /** seq > after_seq, oldest first, at most `limit`. */
  messages: z.array(chatMessageSchema),
  /** The session's latest seq (0 without messages): more to fetch while the last message's seq is below it. */
  last_seq: z.number().int().nonnegative(),
  /** The read receipts: the highest seq each side has read (0 when none). */
  reads: z.object({
    coach: z.number().int().nonnegative(),
    client: z.number().int().nonnegative(),
  }),
});
export type ChatHistory = z.infer<typeof chatHistorySchema>;

/** POST /api/sessions/:id/messages */
export const sendChatMessageSchema = z
  .object({
    id: z.uuid(CHAT_MESSAGES.idRequired),
    content: requiredText(CHAT_MESSAGE_MAX, {
      required: CHAT_MESSAGES.contentRequired,
      tooLong: CHAT_MESSAGES.contentTooLong,
    }),
  })
  .strict();
export type SendChatMessage = z.input<typeof sendChatMessageSchema>;

export const chatMessageResponseSchema = z.object({ message: chatMessageSchema });

/** POST /api/sessions/:id/read: everything up to `seq` is read (a seq past the latest counts as the latest). */
export const chatReadSchema = z.object({ seq: z.number().int().nonnegative() }).strict();
export type ChatRead = z.infer<typeof chatReadSchema>;

/** POST /api/sessions/:id/attachments: the message's id and what the body is; the body is the raw bytes. */
export const chatAttachmentQuerySchema = attachmentQuerySchema;
export type ChatAttachmentQuery = AttachmentQuery;

/** GET /api/sessions/:id/messages/:messageId/attachment */
export const chatAttachmentParamsSchema = z.object({ id: z.uuid(), messageId: z.uuid() });

/** GET …/attachment: the bytes themselves, typed by the stored checked MIME. */
export const chatAttachmentFileSchema = attachmentFileSchema;

/** The path of a message's attachment. */
export const chatAttachmentPath = (sessionId: string, messageId: string) =>
  `/api/sessions/${sessionId}/messages/${messageId}/attachment`;

// ---- Realtime events on `user:<id>`

export const CHAT_EVENTS = {
  /** To both parties: a new message. Payload { message }. */
  messageCreated: 'chat_message.created',
  /** To the other party: the reader has read up to `seq`. Payload { session_id, user_id, seq }. */
  messageRead: 'chat_message.read',
  /** To the other party: the person is typing. Payload { session_id, user_id, at }. */
  typing: 'chat.typing',
} as const;

export const chatMessageEventPayloadSchema = z.object({ message: chatMessageSchema });
export const chatReadEventPayloadSchema = z.object({
  session_id: z.uuid(),
  user_id: z.uuid(),
  seq: z.number().int().nonnegative(),
});
export const chatTypingEventPayloadSchema = z.object({
  session_id: z.uuid(),
  user_id: z.uuid(),
  /** When the server passed it on (ISO 8601). */
  at: z.string(),
});
