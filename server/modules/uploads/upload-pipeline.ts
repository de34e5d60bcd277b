import sharp, { type Metadata } from 'sharp';
import { AppError } from '#domain/errors/app-error';

/**
 * The one place where uploaded bytes are typed and images re-encoded (R22, ASVS 5.2.2).
 * Every upload route (avatar and cover pictures, chat images, files and voice notes) passes its bytes
 * through `processUpload`: what the bytes are is decided from the bytes themselves (magic numbers, the
 * ZIP directory of Office files, UTF-8 for plain text), never from a file name, a declared Content-Type
 * or the kind the sender claims. Anything that is an image — whatever it was sent as — is decoded within
 * a pixel limit and re-encoded to WebP (rotated by EXIF, every byte of metadata dropped), so pixel bombs,
 * truncated images, polyglots with a payload after the image data and GPS EXIF never get stored.
 */

export type DetectedType = { mime: string; extensions: readonly string[] };

export const FILE_TYPES = {
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
} as const satisfies Record<string, DetectedType>;

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';
/** Extensions an image's name may carry; a re-encoded image's name gets .webp instead of these. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

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
 * ZIP). Reads at most `limit` entries; nothing is ever inflated.
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
function sniffOffice(bytes: Buffer): DetectedType | null {
  const names = zipEntryNames(bytes);
  if (!names?.includes('[Content_Types].xml')) return null;
  if (names.includes('word/document.xml')) return FILE_TYPES.docx;
  if (names.includes('xl/workbook.xml')) return FILE_TYPES.xlsx;
  if (names.includes('ppt/presentation.xml')) return FILE_TYPES.pptx;
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

/** What the bytes are, images first (an image is an image whatever else its bytes might also be). */
export type Sniffed =
  | { family: 'image'; format: ImageFormat; type: DetectedType }
  | { family: 'voice'; format: 'webm' | 'ogg'; type: DetectedType }
  | { family: 'document'; type: DetectedType };

export function sniff(bytes: Buffer): Sniffed | null {
  const image = sniffImage(bytes);
  if (image) return { family: 'image', format: image, type: FILE_TYPES[image] };
  const voice = sniffVoice(bytes);
  if (voice) return { family: 'voice', format: voice, type: FILE_TYPES[voice] };
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === '%PDF-')
    return { family: 'document', type: FILE_TYPES.pdf };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const office = sniffOffice(bytes);
    return office ? { family: 'document', type: office } : null;
  }
  if (isPlainText(bytes)) return { family: 'document', type: FILE_TYPES.text };
  return null;
}

/** A chat file of the allowed types (documents and images), or null. */
export function sniffFile(bytes: Buffer): DetectedType | null {
  const sniffed = sniff(bytes);
  return sniffed && sniffed.family !== 'voice' ? sniffed.type : null;
}

/** How an upload route treats images. */
export type ImagePolicy = {
  /** The image formats accepted (another image format is refused with `messages.unsupported`). */
  formats: readonly ImageFormat[];
  /** width × height at most (checked from the header, before anything is decoded). */
  maxPixels: number;
  /** The box the image is fitted into (never enlarged). */
  box: { width: number; height: number };
  /** libvips strictness: 'error' refuses truncated and corrupt images; 'warning' also minor faults. */
  failOn: 'error' | 'warning';
  messages: { tooManyPixels: string; unreadable: string; unsupported: string };
};

/** What an upload route accepts besides images, and the message for anything else. */
export type UploadPolicy = {
  image: ImagePolicy | null;
  /** PDF, plain text and Office Open XML documents, stored as they are. */
  documents: boolean;
  /** WebM or Ogg audio, stored as it is. */
  voice: boolean;
  messages: { unsupported: string };
};

export type ProcessedUpload = {
  bytes: Buffer;
  /** The stored type (image/webp for every image). */
  type: DetectedType;
  family: Sniffed['family'];
  /** Whether the bytes were re-encoded (every image). */
  reencoded: boolean;
};

/**
 * Decodes an image within `policy`'s pixel limit and re-encodes it to WebP: rotated by its EXIF
 * orientation, fitted into the box, and written without any metadata (sharp adds EXIF, XMP or ICC only
 * when asked: GPS positions, camera serials and comments are gone). Whatever trails the image data (an
 * appended HTML page or ZIP) is never read into the output.
 */
export async function reencodeImage(
  bytes: Buffer,
  format: ImageFormat,
  policy: ImagePolicy,
): Promise<Buffer> {
  const options = { limitInputPixels: policy.maxPixels, failOn: policy.failOn, animated: false } as const;
  const tooManyPixels = () => new AppError('PAYLOAD_TOO_LARGE', policy.messages.tooManyPixels);
  const unreadable = () => new AppError('VALIDATION_ERROR', policy.messages.unreadable);
  let metadata: Metadata;
  try {
    // The header only: a pixel bomb is refused here, before anything is decoded.
    metadata = await sharp(bytes, options).metadata();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw unreadable();
  }
  // The header says another format than the magic bytes: not what it claims to be.
  if (metadata.format !== format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', policy.messages.unsupported);
  if (!metadata.width || !metadata.height) throw unreadable();
  if (metadata.width * metadata.height > policy.maxPixels) throw tooManyPixels();
  try {
    return await sharp(bytes, options)
      .rotate()
      .resize({
        width: policy.box.width,
        height: policy.box.height,
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
 * The gate every upload passes: types the bytes, refuses what the route does not take (415 with the
 * route's words), and re-encodes every image. Size limits are the caller's (checked before this).
 */
export async function processUpload(bytes: Buffer, policy: UploadPolicy): Promise<ProcessedUpload> {
  const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', policy.messages.unsupported);
  const sniffed = sniff(bytes);
  if (!sniffed) throw unsupported();
  switch (sniffed.family) {
    case 'image': {
      if (!policy.image || !policy.image.formats.includes(sniffed.format)) throw unsupported();
      const output = await reencodeImage(bytes, sniffed.format, policy.image);
      return { bytes: output, type: FILE_TYPES.webp, family: 'image', reencoded: true };
    }
    case 'voice':
      if (!policy.voice) throw unsupported();
      return { bytes, type: sniffed.type, family: 'voice', reencoded: false };
    case 'document':
      if (!policy.documents) throw unsupported();
      return { bytes, type: sniffed.type, family: 'document', reencoded: false };
  }
}
