import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENT_NAME_MAX,
  CHAT_IMAGE_MAX_PIXELS,
  CHAT_MESSAGES,
  CHAT_TOO_LARGE_MESSAGE,
  type ChatAttachmentKind,
} from '#contracts/chat';
import { AppError } from '#domain/errors/app-error';
import {
  FILE_TYPES,
  IMAGE_EXTENSIONS,
  processUpload,
  type DetectedType,
  type ImagePolicy,
  type UploadPolicy,
} from '../uploads/upload-pipeline';

/**
 * What an upload of a chat attachment really is: decided by the uploads module's one pipeline
 * (server/modules/uploads/upload-pipeline.ts) from its bytes, never from the sender's file name, declared
 * type or kind. Every image — sent as an image or as a file — is decoded and re-encoded to WebP there
 * (rotated by EXIF, metadata dropped, within a pixel limit).
 */

/** The longest side of a re-encoded image (never enlarged). */
export const CHAT_IMAGE_MAX_SIDE = 2048;

export type PreparedAttachment = {
  bytes: Buffer;
  mime: string;
  name: string;
  durationMs: number | null;
};

const CHAT_IMAGES: ImagePolicy = {
  formats: ['jpeg', 'png', 'webp', 'gif'],
  maxPixels: CHAT_IMAGE_MAX_PIXELS,
  box: { width: CHAT_IMAGE_MAX_SIDE, height: CHAT_IMAGE_MAX_SIDE },
  failOn: 'error',
  messages: {
    tooManyPixels: CHAT_MESSAGES.imageTooManyPixels,
    unreadable: CHAT_MESSAGES.imageUnreadable,
    unsupported: CHAT_MESSAGES.imageType,
  },
};

/** What each kind takes. A file may be an image: it goes through the image pipeline all the same. */
const POLICIES: Record<ChatAttachmentKind, UploadPolicy> = {
  image: {
    image: CHAT_IMAGES,
    documents: false,
    voice: false,
    messages: { unsupported: CHAT_MESSAGES.imageType },
  },
  file: {
    image: CHAT_IMAGES,
    documents: true,
    voice: false,
    messages: { unsupported: CHAT_MESSAGES.fileType },
  },
  voice: { image: null, documents: false, voice: true, messages: { unsupported: CHAT_MESSAGES.voiceType } },
};

// Bidirectional overrides and isolates could make "photo‮gpj.exe" read as "photo.exe.jpg".
const UNSAFE_IN_NAME = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/**
 * The name to show and to save the file as: the last path segment of the sender's name, without control
 * or formatting characters, at most CHAT_ATTACHMENT_NAME_MAX characters, and ending in an extension of the
 * detected type (appended when it does not: "page.html" holding plain text becomes "page.html.txt").
 * An extension in `replaced` is swapped for the detected type's (a re-encoded "photo.png" is "photo.webp").
 */
export function attachmentName(
  given: string | undefined,
  fallback: string,
  detected: DetectedType,
  replaced: readonly string[] = [],
): string {
  const segment = (given ?? '').split(/[/\\]/).at(-1) ?? '';
  let name = segment.replace(UNSAFE_IN_NAME, '').replace(/\s+/g, ' ').trim();
  if (name === '' || /^\.+$/.test(name)) name = fallback;
  let dot = name.lastIndexOf('.');
  if (dot > 0 && replaced.includes(name.slice(dot + 1).toLowerCase())) {
    name = name.slice(0, dot);
    dot = -1;
  }
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const matches = detected.extensions.includes(extension);
  const base = matches ? name.slice(0, dot) : name;
  const suffix = matches ? name.slice(dot) : `.${detected.extensions[0]}`;
  const room = CHAT_ATTACHMENT_NAME_MAX - suffix.length;
  return `${[...base].slice(0, room).join('').trimEnd() || fallback}${suffix}`;
}

/**
 * Checks an upload of `kind` and makes what is stored: the bytes (every image re-encoded, whatever the
 * kind), the detected MIME type and the cleaned name. Throws AppError with a message that names the
 * broken limit.
 */
export async function prepareAttachment(input: {
  kind: ChatAttachmentKind;
  bytes: Buffer;
  name: string | undefined;
  durationMs: number | undefined;
}): Promise<PreparedAttachment> {
  const { kind, bytes } = input;
  if (bytes.length === 0) throw new AppError('VALIDATION_ERROR', CHAT_MESSAGES.attachmentEmpty);
  if (bytes.length > CHAT_ATTACHMENT_MAX_BYTES[kind])
    throw new AppError('PAYLOAD_TOO_LARGE', CHAT_TOO_LARGE_MESSAGE[kind]);
  const processed = await processUpload(bytes, POLICIES[kind]);
  if (kind === 'voice' && input.durationMs === undefined)
    throw new AppError('VALIDATION_ERROR', CHAT_MESSAGES.voiceDurationRequired);
  const fallback = kind === 'image' ? 'Image' : kind === 'voice' ? 'Voice note' : 'File';
  return {
    bytes: processed.bytes,
    mime: processed.type.mime,
    name:
      processed.family === 'image'
        ? attachmentName(input.name, fallback, FILE_TYPES.webp, IMAGE_EXTENSIONS)
        : attachmentName(input.name, fallback, processed.type),
    durationMs: kind === 'voice' ? (input.durationMs ?? null) : null,
  };
}

/**
 * Content-Disposition for serving: files download (attachment), images and voice notes show inline; the
 * name as an ASCII fallback and in full as RFC 5987 UTF-8.
 */
export function contentDisposition(kind: ChatAttachmentKind, name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind === 'file' ? 'attachment' : 'inline'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
