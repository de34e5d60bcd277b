import { randomUUID } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../../domain/errors/app-error';
import type { UploadKind } from '../../../contracts/uploads';
import {
  isValidStorageKey,
  type ObjectStorage,
  type StoredObject,
} from '../../adapters/storage/object-storage';

/** R22 limits. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_INPUT_PIXELS = 25_000_000;

/** The box each kind is fitted into (never enlarged). */
export const RESIZE_BOX: Record<UploadKind, { width: number; height: number }> = {
  avatar: { width: 512, height: 512 },
  cover: { width: 1920, height: 640 },
};

export const UPLOAD_MESSAGES = {
  unsupported: 'Please upload a JPEG, PNG or WebP image.',
  tooLarge: 'The image is too large. Please use a file of at most 5 MB and 25 megapixels.',
  unreadable: 'We could not read this image. Please try another file.',
  quota: 'You have no upload space left. Please delete a picture first.',
} as const;

type ImageFormat = 'jpeg' | 'png' | 'webp';

/** The format by its first bytes: the file name and the declared Content-Type are never trusted. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

const UUID_LIKE = /^[a-z0-9-]{1,64}$/;

/**
 * Avatar and cover uploads (R22): sniffed by magic bytes, bounded in bytes and pixels, decoded and
 * re-encoded to WebP by sharp (rotated by EXIF, all metadata dropped), stored under a name the
 * server makes up (`<userId>/<kind>/<uuid>.webp`), within a per-user quota.
 */
export function createUploadsService(deps: { storage: ObjectStorage; quotaBytes: number }) {
  // One upload at a time per user, so two parallel uploads cannot both slip under the quota.
  const queues = new Map<string, Promise<unknown>>();
  function serialized<T>(userId: string, run: () => Promise<T>): Promise<T> {
    const previous = queues.get(userId) ?? Promise.resolve();
    const next = previous.then(run, run);
    const settled = next.catch(() => undefined);
    queues.set(userId, settled);
    void settled.then(() => {
      if (queues.get(userId) === settled) queues.delete(userId);
    });
    return next;
  }

  async function reencode(bytes: Buffer, kind: UploadKind): Promise<Buffer> {
    if (bytes.length === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.unsupported);
    if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge);
    const format = sniffImageFormat(bytes);
    if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.unsupported);
    const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', animated: false } as const;
    let metadata: Metadata;
    try {
      // Reads the header only: a pixel bomb is refused here, before anything is decoded.
      metadata = await sharp(bytes, options).metadata();
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message))
        throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge);
      throw new AppError('VALIDATION_ERROR', UPLOAD_MESSAGES.unreadable);
    }
    if (metadata.format !== format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.unsupported);
    if (!metadata.width || !metadata.height)
      throw new AppError('VALIDATION_ERROR', UPLOAD_MESSAGES.unreadable);
    if (metadata.width * metadata.height > MAX_INPUT_PIXELS)
      throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge);
    const box = RESIZE_BOX[kind];
    try {
      // sharp writes no metadata unless asked (no withMetadata/keepExif): EXIF, GPS, XMP and ICC are dropped.
      return await sharp(bytes, options)
        .rotate()
        .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message))
        throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge);
      throw new AppError('VALIDATION_ERROR', UPLOAD_MESSAGES.unreadable);
    }
  }

  return {
    async upload(userId: string, kind: UploadKind, bytes: Buffer): Promise<{ key: string; url: string }> {
      if (!UUID_LIKE.test(userId)) throw new AppError('FORBIDDEN');
      const output = await reencode(bytes, kind);
      return serialized(userId, async () => {
        const used = await deps.storage.usage(`${userId}/`);
        if (used + output.length > deps.quotaBytes)
          throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.quota);
        const key = `${userId}/${kind}/${randomUUID()}.webp`;
        await deps.storage.put(key, output, 'image/webp');
        return { key, url: `/api/uploads/files/${key}` };
      });
    },

    /** A stored file by its key; anything that is not a well-formed key is refused before storage sees it. */
    async read(key: string): Promise<StoredObject> {
      if (!isValidStorageKey(key)) throw new AppError('VALIDATION_ERROR');
      const stored = await deps.storage.get(key);
      if (!stored) throw new AppError('NOT_FOUND');
      return stored;
    },

    /** Deletes one of the caller's own files; any key outside the caller's prefix is refused before storage. */
    async remove(userId: string, key: string): Promise<void> {
      if (!isValidStorageKey(key)) throw new AppError('VALIDATION_ERROR');
      if (!key.startsWith(`${userId}/`)) throw new AppError('FORBIDDEN');
      const deleted = await serialized(userId, () => deps.storage.delete(key));
      if (!deleted) throw new AppError('NOT_FOUND');
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
