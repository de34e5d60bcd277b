/** The kinds a conversation between sessions knows (#17), shared by the tables and the contracts. */

/** Who wrote a message: the coach or the client of the conversation. */
export const SENDER_TYPES = ['coach', 'client'] as const;
export type SenderType = (typeof SENDER_TYPES)[number];

export const CONVERSATION_STATUSES = ['open', 'archived'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** Why a party reports a conversation or a message ('other' needs their words). */
export const REPORT_REASONS = ['harassment', 'spam', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What a message is: text, or an image, file or voice note (with a caption that may be empty). */
export const MESSAGE_TYPES = ['text', 'image', 'file', 'voice'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
