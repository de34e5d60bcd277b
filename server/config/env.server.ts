import { z } from 'zod';

const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | string[] => {
    if (value === '' || value === 'false') return false;
    if (value === 'true') return true;
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected true, false or a comma-separated list of IP addresses/CIDR ranges; got ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });
/** The process: listening, database, data, logs, proxies, limits, the built web app. */
export const serverEnv = {
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Default: 127.0.0.1 while the demo mailbox is on (it shows sign-in codes), otherwise 0.0.0.0. */
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default('data'),
  SEED_DEMO_DATA: z.enum(['auto', 'true', 'false']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FILE: z.string().min(1).optional(),
  TRUST_PROXY: trustProxy.default(false),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Visitors' messages to coaches (no account) per client IP per hour. */
  INQUIRY_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  WEB_DIST_DIR: z.string().min(1).default('dist/web'),
};
