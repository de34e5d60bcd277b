import { z } from 'zod';

/** The two kinds of picture a user can upload (R22): the kind decides the resize box. */
export const UPLOAD_KINDS = ['avatar', 'cover'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** POST /api/uploads/avatar and /api/uploads/cover: where the stored (re-encoded) picture is served. */
export const uploadResponseSchema = z.object({
  url: z.string().regex(/^\/api\/uploads\/files\/[a-z0-9-]+\/[a-z]+\/[a-z0-9-]+\.(webp|jpg|png)$/),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** GET/DELETE /api/uploads/files/*: the storage key (validated by the service, never trusted). */
export const uploadFileParamsSchema = z.object({ '*': z.string().max(512) });

/** DELETE /api/uploads/files/*. */
export const deleteUploadResponseSchema = z.object({ deleted: z.literal(true) });

/**
 * GET /api/uploads/files/*: the image bytes themselves (image/webp, image/jpeg or image/png). Checked
 * lazily so this module also loads in the browser, which has no Buffer.
 */
export const uploadFileResponseSchema = z.custom<Buffer>(
  (value) => typeof Buffer !== 'undefined' && Buffer.isBuffer(value),
  'expected the file bytes',
);
