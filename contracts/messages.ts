import { z } from 'zod';
import { waitText } from '#domain/chat/attachment-quota';
import {
  CONVERSATION_STATUSES,
  MESSAGE_TYPES,
  REPORT_REASONS,
  SENDER_TYPES,
  type MessageType,
  type SenderType,
} from '#domain/messages/kinds';
import {
  attachmentFileSchema,
  attachmentQuerySchema,
  attachmentSchema,
  type AttachmentKind,
} from './attachments';

export { MESSAGE_TYPES, REPORT_REASONS, SENDER_TYPES, type MessageType, type SenderType };

/**
 * Messages between sessions (SPEC §3 inquiry_conversations / inquiry_messages, §5 coach message rules,
 * §8 texts): one conversation per coach and client, text messages of at most MESSAGE_MAX characters on
 * both sides (SPEC §5 sets 500 for coaches; a client's message is read by the same person in the same
 * box, so the same limit keeps one rule and one counter), and the session chat's attachments (an image,
 * file or voice note: contracts/attachments.ts) from a party with an account. The sender's browser makes each message's id:
 * a retried send (network failure, second tab) finds the message instead of adding one.
 *
 * Realtime: MESSAGE_EVENTS on both parties' own topics `user:<id>` (every tab of either sees a new
 * message and a read), recorded in the sending transaction and delivered after commit.
 */

export const MESSAGE_MAX = 500;
/** Conversations per page of a person's list. */
export const CONVERSATIONS_PAGE_SIZE = 20;
/** Messages per page of a conversation's history (paged backwards from the newest). */
export const MESSAGES_PAGE_SIZE = 50;

export const MESSAGE_TEXTS = {
  empty: 'Write a message first.',
  tooLong: `A message has at most ${MESSAGE_MAX} characters.`,
  control: 'A message cannot contain control characters.',
  /** SPEC §8: the toast when a send finally fails. */
  sendFailedTitle: 'Error sending message',
  sendFailedBody: 'Please try again later',
  notFound: 'This conversation could not be found.',
  idTaken: 'This message id is already used by another message.',
  coachNotFound: 'This coach could not be found.',
  clientNotFound: 'You can message a client once they have asked you for a session or written to you.',
  ownConversation: 'You cannot start a conversation with yourself.',
} as const;

/** Line breaks and tabs are text; every other C0/C1 control character (and DEL) is refused. */
// eslint-disable-next-line no-control-regex -- the point of the check
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** A message's text: trimmed, 1 to MESSAGE_MAX characters, no control characters. */
export const messageTextSchema = z
  .string()
  .trim()
  .min(1, MESSAGE_TEXTS.empty)
  .max(MESSAGE_MAX, MESSAGE_TEXTS.tooLong)
  .refine((text) => !CONTROL_CHARACTER.test(text), MESSAGE_TEXTS.control);

export const inquiryMessageSchema = z.object({
  id: z.uuid(),
  conversation_id: z.uuid(),
  /** 1, 2, 3… in the conversation. */
  seq: z.number().int().positive(),
  sender_type: z.enum(SENDER_TYPES),
  /** Null for a visitor's message. */
  sender_user_id: z.uuid().nullable(),
  /** A text message's words, or an attachment's caption (may be empty). */
  content: z.string(),
  type: z.enum(MESSAGE_TYPES),
  /** Written by Wellspring for a party (the coach's note after a declined request). */
  is_automated: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
  /** Image, file and voice messages only (contracts/attachments.ts); text messages have none. */
  attachment: attachmentSchema.optional(),
});
export type InquiryMessage = z.infer<typeof inquiryMessageSchema>;

/** One side of a conversation as the other sees it. */
export const conversationPartySchema = z.object({
  /** Null for a visitor without an account. */
  user_id: z.uuid().nullable(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  /** A coach's page address (null for clients). */
  username: z.string().nullable(),
});
export type ConversationParty = z.infer<typeof conversationPartySchema>;

export const conversationSchema = z.object({
  id: z.uuid(),
  /** The caller's side of it. */
  role: z.enum(SENDER_TYPES),
  coach: conversationPartySchema,
  client: conversationPartySchema,
  status: z.enum(CONVERSATION_STATUSES),
  last_message: inquiryMessageSchema.nullable(),
  last_message_at: z.iso.datetime({ offset: true }).nullable(),
  /** The other side's messages the caller has not read. */
  unread_count: z.number().int().nonnegative(),
  /** How far each side has read (seq): read receipts. */
  read: z.object({ coach_seq: z.number().int().nonnegative(), client_seq: z.number().int().nonnegative() }),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationsQuerySchema = z.object({
  /** From the previous page's next_cursor. */
  cursor: z.string().max(200).optional(),
  /** Only conversations whose other party's name contains this (case and accents as typed). */
  q: z.string().trim().max(100).optional(),
  /** true: the caller's archived conversations; absent or false: the others. */
  archived: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type ConversationsQuery = z.input<typeof conversationsQuerySchema>;

/** The caller archives the conversation for themselves, or brings it back to their list. */
export const updateConversationSchema = z.object({ archived: z.boolean() }).strict();
export const conversationsPageSchema = z.object({
  conversations: z.array(conversationSchema),
  next_cursor: z.string().nullable(),
  /** Unread messages over all the caller's conversations (the navigation's badge). */
  unread_total: z.number().int().nonnegative(),
});
export type ConversationsPage = z.infer<typeof conversationsPageSchema>;

/** A client starts (or finds) their conversation with a coach; a coach with a client of theirs. */
export const startConversationSchema = z.union([
  z.object({ coach_id: z.uuid() }).strict(),
  z.object({ client_id: z.uuid() }).strict(),
]);
export type StartConversationInput = z.infer<typeof startConversationSchema>;
export const conversationResponseSchema = z.object({ conversation: conversationSchema });

export const conversationParamsSchema = z.object({ id: z.uuid() });

export const messagesQuerySchema = z.object({
  /** Messages before this seq (older ones); absent: the newest page. */
  before_seq: z.coerce.number().int().positive().optional(),
});
export const messagesPageSchema = z.object({
  /** Oldest first. */
  messages: z.array(inquiryMessageSchema),
  /** Older messages exist before the first one here. */
  has_more: z.boolean(),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

export const sendMessageSchema = z.object({ id: z.uuid(), content: messageTextSchema }).strict();
export type SendMessageInput = z.infer<typeof sendMessageSchema>;
export const messageResponseSchema = z.object({ message: inquiryMessageSchema });

export const readConversationSchema = z.object({ seq: z.number().int().nonnegative() }).strict();

// ---- Attachments: the session chat's (contracts/attachments.ts), between the two parties only

/**
 * POST /api/conversations/:id/attachments?id&kind&name&duration_ms with the raw bytes as the body: an
 * image, file or voice note as one message (201), idempotent by its browser-made id (a retry 200 with the
 * same message, another message's id 409). The same kinds, size limits, checks and re-encoding as the
 * session chat; only a party with an account sends one (a visitor writes text), and a block stops it like
 * any message.
 */
export const conversationAttachmentQuerySchema = attachmentQuerySchema;
/** GET /api/conversations/:id/messages/:messageId/attachment: the bytes, to the two parties only. */
export const conversationAttachmentParamsSchema = z.object({ id: z.uuid(), messageId: z.uuid() });
export const conversationAttachmentFileSchema = attachmentFileSchema;
export const conversationAttachmentPath = (conversationId: string, messageId: string) =>
  `/api/conversations/${conversationId}/messages/${messageId}/attachment`;

/**
 * What piles up, counted in stored bytes (an image after it is re-encoded) of the sender's attachments
 * sent in the last 24 hours: at most 50 MB in one conversation, and 200 MB over all their conversations.
 * A conversation has no end (unlike a session), so its budget is a day's and comes back as the day rolls
 * on: 429 with Retry-After and the words below. (The session chat's budgets are its own:
 * domain/chat/attachment-quota.ts.)
 */
export const MESSAGE_ATTACHMENT_QUOTA = {
  perConversationPerDayBytes: 50 * 1024 * 1024,
  perDayBytes: 200 * 1024 * 1024,
  dayMs: 24 * 60 * 60 * 1000,
} as const;

export const MESSAGE_ATTACHMENT_TEXTS = {
  conversationDay: (retryAfterSeconds: number) =>
    `You have sent 50 MB of attachments in this conversation in the last 24 hours, the most for a day. You can send more in ${waitText(retryAfterSeconds)}.`,
  day: (retryAfterSeconds: number) =>
    `You have sent 200 MB of attachments in the last 24 hours, the most for a day. You can send more in ${waitText(retryAfterSeconds)}.`,
  /** What a list, an alert email or a notification says of an attachment (its caption after it, if any). */
  preview: { image: 'Sent a picture', file: 'Sent a file', voice: 'Sent a voice note' } satisfies Record<
    AttachmentKind,
    string
  >,
} as const;

/** A message in one line's words: a text's content, an attachment as "Sent a picture" (and its caption). */
export function messageSummary(message: { type: MessageType; content: string }): string {
  if (message.type === 'text') return message.content;
  const said = MESSAGE_ATTACHMENT_TEXTS.preview[message.type];
  const caption = message.content.trim();
  return caption ? `${said}: ${caption}` : said;
}

// ---- A visitor's inquiry (no account) from a coach's page or website

/**
 * At most this many inquiries from one address a day (over all coaches); from one IP, the server's
 * INQUIRY_RATE_LIMIT_MAX (10 by default) in perIpWindowMs.
 */
export const INQUIRY_LIMITS = {
  perEmail: { max: 5, windowMs: 24 * 60 * 60_000 },
  perIpWindowMs: 60 * 60_000,
} as const;
export const INQUIRY_BODY_LIMIT = 4_096;

export const INQUIRY_TEXTS = {
  sent: (coachName: string, email: string) =>
    `Your message was sent to ${coachName}. Their answer will come to ${email}.`,
  tooMany: 'You have sent several messages today. Please wait for an answer before writing again.',
  coachNotFound: 'This coach is not taking messages here.',
  /** The claim link opened by an account whose confirmed address is another one (or none). */
  otherEmail:
    'This conversation belongs to another email address. Sign in with the address the answer was sent to.',
  unconfirmed: 'Confirm your email address first, then open the link again.',
} as const;

/** Made by the visitor's browser: `id` keeps a retried send from adding a second message. */
export const visitorInquirySchema = z
  .object({
    id: z.uuid(),
    name: z.string().trim().min(1, 'Tell the coach your name.').max(100),
    email: z
      .email('Enter a valid email address.')
      .max(254)
      .transform((email) => email.toLowerCase()),
    content: messageTextSchema,
    /** A field people never see or fill (bots do): when it has anything, nothing is stored. */
    website: z.string().max(500).optional(),
  })
  .strict();
export type VisitorInquiryInput = z.input<typeof visitorInquirySchema>;
export const inquiryParamsSchema = z.object({ coachId: z.uuid() });
export const inquiryResponseSchema = z.object({ message: z.string() });

// ---- Realtime events on `user:<id>` of both parties

export const MESSAGE_EVENTS = {
  /** A new message. Payload { message } (a tab refetches its list and unread counts). */
  created: 'conversation.message',
  /** A party read up to a seq. Payload { conversation_id, read }. */
  read: 'conversation.read',
  /**
   * To the other party only: the person is typing (not stored; the same timings as the session chat,
   * CHAT_TYPING_* in contracts/chat.ts). Payload { conversation_id, user_id, at }.
   */
  typing: 'conversation.typing',
  /**
   * The conversation changed hands: a visitor's was claimed by an account (or joined the account's
   * own conversation with the coach, `replaces` naming the visitor's that is gone). Payload
   * { conversation_id, replaces }.
   */
  updated: 'conversation.updated',
} as const;

export const messageEventPayloadSchema = z.object({ message: inquiryMessageSchema });
export const updatedEventPayloadSchema = z.object({
  conversation_id: z.uuid(),
  replaces: z.uuid().nullable(),
});
export const typingEventPayloadSchema = z.object({
  conversation_id: z.uuid(),
  user_id: z.uuid(),
  at: z.iso.datetime({ offset: true }),
});
export const readEventPayloadSchema = z.object({
  conversation_id: z.uuid(),
  read: z.object({ coach_seq: z.number().int().nonnegative(), client_seq: z.number().int().nonnegative() }),
});

// ---- Safety: blocks and reports

export const SAFETY_TEXTS = {
  /** To the person blocked (SPEC-free; #17: a clear message, not a silent drop). */
  blockedByOther: 'This person is not accepting messages or session requests from you.',
  /** To the person who blocked. */
  blockedByYou: 'You blocked this person. Unblock them in Settings to write again.',
  blockNotFound: 'You can block someone you have a conversation, request or session with.',
  ownBlock: 'You cannot block yourself.',
  /** The confirmation a reporter sees. */
  reported: 'Thank you. Our team will review your report.',
  otherNeedsDetails: 'Tell us what happened.',
  /** In the client's conversation view (#17), linking to the help centre topic. */
  crisisNote: 'If you are in danger, call your local emergency number.',
} as const;

export const blockParamsSchema = z.object({ userId: z.uuid() });
export const blockedPersonSchema = z.object({
  user_id: z.uuid(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  blocked_at: z.iso.datetime({ offset: true }),
});
export type BlockedPerson = z.infer<typeof blockedPersonSchema>;
export const blockedListSchema = z.object({ blocked: z.array(blockedPersonSchema) });
export const blockResponseSchema = z.object({ blocked: blockedPersonSchema });

export const REPORT_DETAILS_MAX = 1_000;

export const reportSchema = z
  .object({
    reason: z.enum(REPORT_REASONS),
    details: z.string().trim().max(REPORT_DETAILS_MAX).optional(),
    /** A message of the conversation; absent: the conversation as a whole. */
    message_id: z.uuid().optional(),
  })
  .strict()
  .refine((report) => report.reason !== 'other' || (report.details ?? '').length > 0, {
    message: SAFETY_TEXTS.otherNeedsDetails,
    path: ['details'],
  });
export type ReportInput = z.infer<typeof reportSchema>;

export const reportResponseSchema = z.object({
  report: z.object({
    id: z.uuid(),
    reason: z.enum(REPORT_REASONS),
    created_at: z.iso.datetime({ offset: true }),
  }),
  message: z.string(),
});

/** For moderators (view_user_reports): the newest reports with the reported words. */
export const messageReportSchema = z.object({
  id: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  conversation_id: z.uuid(),
  reporter_id: z.uuid(),
  reported_user_id: z.uuid().nullable(),
  /** The message reported (null: the conversation as a whole). */
  message: inquiryMessageSchema.nullable(),
});
export const messageReportsSchema = z.object({ reports: z.array(messageReportSchema) });
