import { z } from 'zod';

/** Uploaded pictures and files: local disk or S3, and the quota per person. */
export const uploadsEnv = {
  /** Default: DATA_DIR/uploads. */
  UPLOADS_DIR: z.string().min(1).optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  UPLOAD_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(50 * 1024 * 1024),
};
