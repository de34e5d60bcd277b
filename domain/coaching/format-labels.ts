import type { SessionFormat } from './categories';

/**
 * How a session format reads, in the three wordings the product uses. Lower-case forms, where a
 * sentence needs them ("a 30-minute video call"), are these with `.toLowerCase()`.
 */

/** The thing itself: "Video call" (format pickers, the session's page, "30-minute video call"). */
export const FORMAT_NOUNS = {
  text: 'Text chat',
  audio: 'Audio call',
  video: 'Video call',
} as const satisfies Record<SessionFormat, string>;

/** Before a noun: "Video session", and table columns that list money by format. */
export const FORMAT_ADJECTIVES = {
  text: 'Text',
  audio: 'Audio',
  video: 'Video',
} as const satisfies Record<SessionFormat, string>;

/** One short word on a chip or a toggle: "Chat", "Audio", "Video". */
export const FORMAT_SHORT_LABELS = {
  text: 'Chat',
  audio: 'Audio',
  video: 'Video',
} as const satisfies Record<SessionFormat, string>;
