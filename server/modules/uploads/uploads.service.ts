import { randomUUID } from 'node:crypto';
import { AppError } from '#domain/errors/app-error';
import type { UploadKind } from '#contracts/uploads';
import {
  isValidStorageKey,
  type ObjectStorage,
  type StoredObject,
} from '#server/adapters/storage/object-storage';
import { processUpload, type UploadPolicy } from './upload-pipeline';

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

/** Avatars and covers: JPEG, PNG or WebP only, through the one image pipeline (strict: minor faults too). */
const pictures = (kind: UploadKind): UploadPolicy => ({
  image: {
    formats: ['jpeg', 'png', 'webp'],
    maxPixels: MAX_INPUT_PIXELS,
    box: RESIZE_BOX[kind],
    failOn: 'warning',
    messages: {
      tooManyPixels: UPLOAD_MESSAGES.tooLarge,
      unreadable: UPLOAD_MESSAGES.unreadable,
      unsupported: UPLOAD_MESSAGES.unsupported,
    },
  },
  documents: false,
  voice: false,
  messages: { unsupported: UPLOAD_MESSAGES.unsupported },
});

const UUID_LIKE = /^[a-z0-9-]{1,64}$/;

/**
 * Avatar and cover uploads (R22): typed and re-encoded by the one upload pipeline (upload-pipeline.ts):
 * sniffed by magic bytes, bounded in bytes and pixels, decoded and re-encoded to WebP by sharp (rotated by EXIF, all metadata dropped), stored under a name the
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
    return (await processUpload(bytes, pictures(kind))).bytes;
  }

  return {
    /** `body` is what the image content-type parser read: anything but raw bytes is refused. */
    async upload(userId: string, kind: UploadKind, body: unknown): Promise<{ key: string; url: string }> {
      if (!Buffer.isBuffer(body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.unsupported);
      const bytes = body;
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
