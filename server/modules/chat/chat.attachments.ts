import sharp, { type Metadata } from 'sharp';
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENT_NAME_MAX,
  CHAT_IMAGE_MAX_PIXELS,
  CHAT_MESSAGES,
  CHAT_TOO_LARGE_MESSAGE,
  type ChatAttachmentKind,
} from '../../../contracts/chat';
import { AppError } from '../../../domain/errors/app-error';

/**
 * What an upload of a chat attachment really is: decided from its bytes (magic numbers, the ZIP directory
 * of Office files, UTF-8 for plain text), never from the sender's file name or declared type. Images are
 * decoded and re-encoded to WebP by sharp (rotated by EXIF, metadata dropped, within a pixel limit).
 */

/** The longest side of a re-encoded image (never enlarged). */
export const CHAT_IMAGE_MAX_SIDE = 2048;

export type PreparedAttachment = {
  bytes: Buffer;
  mime: string;
  name: string;
  durationMs: number | null;
};

type Detected = { mime: string; extensions: readonly string[] };

const TYPES = {
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
  text: { mime: 'text/plain; charset=utf-8', extensions: ['txt', 'text', 'md', 'csv', 'log'] },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
  },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'] },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensions: ['pptx'],
  },
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  png: { mime: 'image/png', extensions: ['png'] },
  gif: { mime: 'image/gif', extensions: ['gif'] },
  webp: { mime: 'image/webp', extensions: ['webp'] },
  webm: { mime: 'audio/webm', extensions: ['webm'] },
  ogg: { mime: 'audio/ogg', extensions: ['ogg', 'oga', 'opus'] },
} as const satisfies Record<string, Detected>;

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;

export function sniffImage(bytes: Buffer): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'gif';
  return null;
}

/** WebM (an EBML document whose DocType is "webm") or Ogg. */
export function sniffVoice(bytes: Buffer): 'webm' | 'ogg' | null {
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    // The DocType element (0x42 0x82, a length, "webm") sits in the first few dozen bytes of the header.
    const head = bytes.subarray(0, 64);
    const at = head.indexOf(Buffer.from([0x42, 0x82]));
    return at >= 0 && head.subarray(at, at + 8).includes(Buffer.from('webm', 'latin1')) ? 'webm' : null;
  }
  if (bytes.length >= 4 && ascii(bytes, 0, 4) === 'OggS') return 'ogg';
  return null;
}

/**
 * The names of a ZIP archive's entries from its central directory (null when it is not a well-formed
 * ZIP). Reads at most `limit` entries.
 */
export function zipEntryNames(bytes: Buffer, limit = 5_000): string[] | null {
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return null;
  // End of central directory: 22 bytes plus a comment of up to 65 535 bytes, at the very end.
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= earliest; at -= 1)
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  if (end < 0) return null;
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let index = 0; index < Math.min(entries, limit); index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (at + 46 + nameLength > bytes.length) return null;
    names.push(bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** Word, Excel or PowerPoint (Office Open XML): a ZIP with [Content_Types].xml and the main part. */
function sniffOffice(bytes: Buffer): Detected | null {
  const names = zipEntryNames(bytes);
  if (!names?.includes('[Content_Types].xml')) return null;
  if (names.includes('word/document.xml')) return TYPES.docx;
  if (names.includes('xl/workbook.xml')) return TYPES.xlsx;
  if (names.includes('ppt/presentation.xml')) return TYPES.pptx;
  return null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Tab, line feed, form feed and carriage return: the only control characters plain text has. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/** Plain text: valid UTF-8 without binary control characters (bytes of a multi-byte character are >= 0x80). */
function isPlainText(bytes: Buffer): boolean {
  for (const byte of bytes) if ((byte < 0x20 && !TEXT_CONTROLS.has(byte)) || byte === 0x7f) return false;
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** A file of the allowed types, or null. */
export function sniffFile(bytes: Buffer): Detected | null {
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === '%PDF-') return TYPES.pdf;
  const image = sniffImage(bytes);
  if (image) return TYPES[image];
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return sniffOffice(bytes);
  if (isPlainText(bytes)) return TYPES.text;
  return null;
}

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
  detected: Detected,
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

async function reencodeImage(bytes: Buffer, format: ImageFormat): Promise<Buffer> {
  const options = { limitInputPixels: CHAT_IMAGE_MAX_PIXELS, failOn: 'error', animated: false } as const;
  const tooManyPixels = () => new AppError('PAYLOAD_TOO_LARGE', CHAT_MESSAGES.imageTooManyPixels);
  const unreadable = () => new AppError('VALIDATION_ERROR', CHAT_MESSAGES.imageUnreadable);
  let metadata: Metadata;
  try {
    // The header only: a pixel bomb is refused before anything is decoded.
    metadata = await sharp(bytes, options).metadata();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw unreadable();
  }
  if (metadata.format !== format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', CHAT_MESSAGES.imageType);
  if (!metadata.width || !metadata.height) throw unreadable();
  if (metadata.width * metadata.height > CHAT_IMAGE_MAX_PIXELS) throw tooManyPixels();
  try {
    // sharp writes no metadata unless asked: EXIF (with GPS), XMP and ICC are dropped.
    return await sharp(bytes, options)
      .rotate()
      .resize({
        width: CHAT_IMAGE_MAX_SIDE,
        height: CHAT_IMAGE_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw unreadable();
  }
}

/**
 * Checks an upload of `kind` and makes what is stored: the bytes (an image re-encoded), the detected MIME
 * type and the cleaned name. Throws AppError with a message that names the broken limit.
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
  switch (kind) {
    case 'image': {
      const format = sniffImage(bytes);
      if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', CHAT_MESSAGES.imageType);
      const output = await reencodeImage(bytes, format);
      return {
        bytes: output,
        mime: TYPES.webp.mime,
        name: attachmentName(input.name, 'Image', TYPES.webp, IMAGE_EXTENSIONS),
        durationMs: null,
      };
    }
    case 'file': {
      const detected = sniffFile(bytes);
      if (!detected) throw new AppError('UNSUPPORTED_MEDIA_TYPE', CHAT_MESSAGES.fileType);
      return {
        bytes,
        mime: detected.mime,
        name: attachmentName(input.name, 'File', detected),
        durationMs: null,
      };
    }
    case 'voice': {
      const format = sniffVoice(bytes);
      if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', CHAT_MESSAGES.voiceType);
      if (input.durationMs === undefined)
        throw new AppError('VALIDATION_ERROR', CHAT_MESSAGES.voiceDurationRequired);
      const detected = TYPES[format];
      return {
        bytes,
        mime: detected.mime,
        name: attachmentName(input.name, 'Voice note', detected),
        durationMs: input.durationMs,
      };
    }
  }
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
