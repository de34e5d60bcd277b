import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Every key is documented in .env.example and README.md.
 * Bad configuration fails at boot with one line per bad key.
 */
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

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
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
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  WEB_DIST_DIR: z.string().min(1).default('dist/web'),
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  /** Set when an external PostgreSQL is used; otherwise the embedded one is started. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  seedDemoData: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  logFile: string | undefined;
  trustProxy: boolean | string[];
  rateLimit: { max: number; windowMs: number };
  bodyLimitBytes: number;
  webDistDir: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, so `PORT=` in a .env file falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  const root = process.cwd();
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    dataDir: path.resolve(root, env.DATA_DIR),
    seedDemoData:
      env.SEED_DEMO_DATA === 'auto' ? env.DATABASE_URL === undefined : env.SEED_DEMO_DATA === 'true',
    logLevel: env.LOG_LEVEL,
    logFile: env.LOG_FILE,
    trustProxy: env.TRUST_PROXY,
    rateLimit: { max: env.RATE_LIMIT_MAX, windowMs: env.RATE_LIMIT_WINDOW_MS },
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    webDistDir: path.resolve(root, env.WEB_DIST_DIR),
  };
}
