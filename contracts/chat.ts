import { z } from 'zod';

/**
 * Chat in the session room (issue #7 point 1; SPEC §3 chat_messages, §7). Open to the session's two
 * parties only (the coach, and the client by id or by confirmed email); anyone else gets 404.
 *
 *   GET  /api/sessions/:id/messages?after_seq=0&limit=200   history after a seq, oldest first
 *   POST /api/sessions/:id/messages { id, content }         201 { message }; a retry with the same id
 *                                                           answers 200 with the same message
 *   POST /api/sessions/:id/read { seq }                     204: read receipt (never goes back)
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
export const CHAT_SENDER_TYPES = ['coach', 'client'] as const;

export const CHAT_MESSAGES = {
  contentRequired: 'Write a message.',
  contentTooLong: `Keep the message to ${CHAT_MESSAGE_MAX} characters or fewer.`,
  idRequired: 'A message needs an id (a UUID made by the sender).',
  sessionEnded: 'This session has ended. Its messages can still be read, but no new ones can be sent.',
  idTaken: 'This message id is already used by another message.',
} as const;

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
    content: z
      .string(CHAT_MESSAGES.contentRequired)
      .trim()
      .min(1, CHAT_MESSAGES.contentRequired)
      .max(CHAT_MESSAGE_MAX, CHAT_MESSAGES.contentTooLong),
  })
  .strict();
export type SendChatMessage = z.input<typeof sendChatMessageSchema>;

export const chatMessageResponseSchema = z.object({ message: chatMessageSchema });

/** POST /api/sessions/:id/read: everything up to `seq` is read (a seq past the latest counts as the latest). */
export const chatReadSchema = z.object({ seq: z.number().int().nonnegative() }).strict();
export type ChatRead = z.infer<typeof chatReadSchema>;

// ---- Realtime events on `user:<id>`

export const CHAT_EVENTS = {
  /** To both parties: a new message. Payload { message }. */
  messageCreated: 'chat_message.created',
  /** To the other party: the reader has read up to `seq`. Payload { session_id, user_id, seq }. */
  messageRead: 'chat_message.read',
} as const;

export const chatMessageEventPayloadSchema = z.object({ message: chatMessageSchema });
export const chatReadEventPayloadSchema = z.object({
  session_id: z.uuid(),
  user_id: z.uuid(),
  seq: z.number().int().nonnegative(),
});
