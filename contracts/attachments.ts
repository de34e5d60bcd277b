import { z } from 'zod';

/**
 * Attachments of a message: an image, a file or a voice note, sent the same way in the session chat
 * (contracts/chat.ts) and in conversations between sessions (contracts/messages.ts), prepared and served
 * by one piece of code (server/modules/uploads/uploads.attachments.ts). The body of an upload is the raw
 * bytes; what they are is decided by the server from the bytes (never the sender's name, declared type
 * or kind), every image is re-encoded to WebP, and the stored object is private to the conversation's
 * or session's parties (served only by its own route, never at a public URL).
 */

/** The message types that carry an attachment. */
export const ATTACHMENT_KINDS = ['image', 'file', 'voice'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

const MB = 1024 * 1024;
/** The most bytes an upload of each kind may have (the image before it is re-encoded). */
export const ATTACHMENT_MAX_BYTES = { image: 10 * MB, file: 20 * MB, voice: 5 * MB } as const;
/** An image may have at most this many pixels (width × height). */
export const ATTACHMENT_IMAGE_MAX_PIXELS = 25_000_000;
/** A voice note is at most 5 minutes long. */
export const ATTACHMENT_VOICE_MAX_MS = 5 * 60_000;
/** Characters of an attachment's shown name. */
export const ATTACHMENT_NAME_MAX = 120;

/**
 * What the file picker offers (the server decides by the bytes anyway): PDF, plain text, Word, Excel,
 * PowerPoint (the Office Open XML formats) and JPEG, PNG, GIF and WebP pictures.
 */
export const ATTACHMENT_FILE_ACCEPT = [
  '.pdf',
  '.txt',
  '.docx',
  '.xlsx',
  '.pptx',
  '.jpg',
  '.jpeg',
  '.png',
  '.gif',
  '.webp',
  'application/pdf',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
].join(',');

export const ATTACHMENT_MESSAGES = {
  idRequired: 'A message needs an id (a UUID made by the sender).',
  attachmentEmpty: 'The file is empty.',
  imageTooLarge: 'Images can be at most 10 MB.',
  imageTooManyPixels: 'Images can be at most 25 megapixels.',
  imageType: 'Send a JPEG, PNG, WebP or GIF image.',
  imageUnreadable: 'We could not read this image. Please try another one.',
  fileTooLarge: 'Files can be at most 20 MB.',
  fileType:
    'This type of file cannot be sent. Send a PDF, TXT, DOCX, XLSX, PPTX, JPG, PNG, GIF or WebP file.',
  voiceTooLarge: 'Voice notes can be at most 5 MB.',
  voiceTooLong: 'Voice notes can be at most 5 minutes long.',
  voiceType: 'A voice note must be WebM or Ogg audio.',
  voiceDurationRequired: 'A voice note needs its length in milliseconds (duration_ms).',
  attachmentNotFound: 'This attachment could not be found.',
} as const;

/** The message that names the size limit of each kind. */
export const ATTACHMENT_TOO_LARGE_MESSAGE: Record<AttachmentKind, string> = {
  image: ATTACHMENT_MESSAGES.imageTooLarge,
  file: ATTACHMENT_MESSAGES.fileTooLarge,
  voice: ATTACHMENT_MESSAGES.voiceTooLarge,
};

/** An image, file or voice message's attachment. */
export const attachmentSchema = z.object({
  /** The name to show and to save it as (the sender's, cleaned, its extension matching `mime`). */
  name: z.string(),
  /** Detected from the bytes by the server (image/webp for every image). */
  mime: z.string(),
  /** Bytes. */
  size: z.number().int().positive(),
  /** Voice notes: the length (null otherwise). */
  duration_ms: z.number().int().positive().nullable(),
  /** Where the parties fetch it, with their bearer token (GET, 404 for anyone else). */
  url: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/**
 * POST …/attachments?id&kind&name&duration_ms: the message's id (made by the sender's browser, so a retry
 * finds the message it made) and what the body is; the body is the raw bytes.
 */
export const attachmentQuerySchema = z
  .object({
    id: z.uuid(ATTACHMENT_MESSAGES.idRequired),
    kind: z.enum(ATTACHMENT_KINDS),
    /** The sender's file name: shown (cleaned), never trusted for the type. */
    name: z.string().max(1_000).optional(),
    /** Voice notes: the recorded length, 1 ms to 5 minutes. */
    duration_ms: z.coerce
      .number()
      .int()
      .min(1)
      .max(ATTACHMENT_VOICE_MAX_MS, ATTACHMENT_MESSAGES.voiceTooLong)
      .optional(),
  })
  .refine((query) => query.kind !== 'voice' || query.duration_ms !== undefined, {
    message: ATTACHMENT_MESSAGES.voiceDurationRequired,
    path: ['duration_ms'],
  });
export type AttachmentQuery = z.input<typeof attachmentQuerySchema>;

/**
 * GET …/attachment: the bytes themselves, typed by the stored checked MIME. Checked lazily so this
 * module also loads in the browser, which has no Buffer.
 */
export const attachmentFileSchema = z.custom<Buffer>(
  (value) => typeof Buffer !== 'undefined' && Buffer.isBuffer(value),
  'expected the file bytes',
);
