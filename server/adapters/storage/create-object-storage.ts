import type { Clock } from '#domain/clock';
import type { Config } from '#server/config/env';
import { createLocalObjectStorage } from './local-object-storage';
import type { ObjectStorage } from './object-storage';
import { createS3ObjectStorage } from './s3-object-storage';

/** The configured picture store: local disk by default, an S3-compatible bucket by config. */
export function createObjectStorage(config: Config['uploads']['storage'], clock: Clock): ObjectStorage {
  return config.driver === 's3'
    ? createS3ObjectStorage({ ...config, clock })
    : createLocalObjectStorage(config.dir);
}
