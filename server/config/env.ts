import path from 'node:path';
import { z } from 'zod';
import { authEnv, googleEnv } from './env.auth';
import { mailboxEnv, messagingEnv } from './env.messaging';
import { paymentsEnv } from './env.payments';
import { realtimeEnv } from './env.realtime';
import { serverEnv } from './env.server';
import { uploadsEnv } from './env.uploads';

/**
 * The only reader of process.env. Every key is documented in .env.example and README.md.
 * Bad configuration fails at boot with one line per bad key. Each group's keys are in env.<group>.ts,
 * put together here in one order: the order problems are reported in.
 */
const envSchema = z.object({
  ...serverEnv,
  ...authEnv,
  ...messagingEnv,
  ...paymentsEnv,
  ...mailboxEnv,
  ...googleEnv,
  ...uploadsEnv,
  ...realtimeEnv,
});

export type Config = {
  port: number;
  host: string;
  /**
   * The mailbox is on and HOST was set to a non-loopback interface on purpose: the app is reachable
   * from the network (the mailbox itself still answers only requests from this machine).
   */
  mailboxOnNetwork: boolean;
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
  /** Visitors' messages to coaches per client IP (per INQUIRY_LIMITS.perIpWindowMs). */
  inquiryRateLimitMax: number;
  bodyLimitBytes: number;
  webDistDir: string;
  auth: {
    /** `iss` of access tokens: PUBLIC_URL + /auth/v1. */
    issuer: string;
    accessTokenTtlSeconds: number;
    idleTimeoutMs: number;
    maxLifetimeMs: number;
    refreshReuseIntervalMs: number;
    /** Secure cookies when the public address is https. */
    secureCookies: boolean;
    /** Sign-up and sign-in attempts per IP; token refreshes count in `refresh`, apart. */
    rateLimit: { max: number; windowMs: number; refresh: { max: number; windowMs: number } };
  };
  email: { smtpUrl: string | undefined; from: string };
  sms:
    | { provider: 'none' }
    | { provider: 'twilio'; accountSid: string; authToken: string; fromNumber: string; apiBaseUrl: string };
  /** Wallet top-ups: the demo provider (no real money, the default) or Stripe. */
  paymentsProvider: 'demo' | 'stripe';
  /**
   * Stripe keys (any may be unset): the secret and publishable keys create and confirm PaymentIntents;
   * the webhook signing secret turns on POST /api/payments/stripe/webhook.
   */
  stripe: {
    secretKey: string | undefined;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
  };
  /**
   * Show undelivered outbox messages at /dev/mailbox (the embedded demo without SMTP or SMS), to
   * requests from this machine only (server/modules/outbox/loopback.ts).
   */
  mailboxEnabled: boolean;
  /** The seeded embedded demo: the sign-in page offers the demo accounts (server/seed/seed.ts). */
  demoMode: boolean;
  outboxPollIntervalMs: number;
  /** Google sign-in; undefined hides the button. */
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /** Avatar and cover images (R22): where they are stored and how much each user may keep. */
  uploads: {
    quotaBytes: number;
    storage:
      | { driver: 'local'; dir: string }
      | {
          driver: 's3';
          endpoint: string;
          bucket: string;
          region: string;
          accessKeyId: string;
          secretAccessKey: string;
        };
  };
  /** Realtime events cross instances through Redis pub/sub when set, otherwise PostgreSQL LISTEN/NOTIFY. */
  redisUrl: string | undefined;
  realtime: {
    /**
     * Browser origins allowed to open the socket (REALTIME_ALLOWED_ORIGINS; default: the origin of
     * PUBLIC_URL, and when that is a loopback address — PUBLIC_URL unset: http://localhost:PORT —
     * its loopback aliases localhost, 127.0.0.1 and [::1] with the same scheme and port).
     */
    allowedOrigins: string[];
  };
  /** ICE servers for calls: STUN URLs, and TURN URLs with a shared secret or fixed credentials. */
  rtc: {
    stunUrls: string[];
    turn:
      | { urls: string[]; auth: 'secret'; secret: string; ttlSeconds: number }
      | { urls: string[]; auth: 'static'; username: string; credential: string }
      | undefined;
  };
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
  const problems: string[] = [];
  if (env.SMS_PROVIDER === 'twilio') {
    for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'] as const) {
      if (!env[key]) problems.push(`${key}: required when SMS_PROVIDER=twilio`);
    }
  }
  if ((env.GOOGLE_CLIENT_ID === undefined) !== (env.GOOGLE_CLIENT_SECRET === undefined)) {
    problems.push('GOOGLE_CLIENT_ID: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together');
  }
  if (env.STORAGE_DRIVER === 's3') {
    for (const key of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[key]) problems.push(`${key}: required when STORAGE_DRIVER=s3`);
    }
  }
  if (env.PAYMENTS_PROVIDER === 'stripe') {
    // Top-ups are credited only from the signed webhook: without its secret no payment would ever land.
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!env[key]) problems.push(`${key}: required when PAYMENTS_PROVIDER=stripe`);
    }
  }
  if (env.ACCESS_TOKEN_TTL_SECONDS * 1000 >= env.SESSION_IDLE_TIMEOUT_MINUTES * 60_000) {
    // Browsers refresh shortly before the access token expires; a refresh must come before the idle limit.
    problems.push('ACCESS_TOKEN_TTL_SECONDS: must be shorter than SESSION_IDLE_TIMEOUT_MINUTES');
  }
  const allowedOrigins: string[] = [];
  for (const entry of (env.REALTIME_ALLOWED_ORIGINS ?? '').split(',').map((value) => value.trim())) {
    if (entry === '') continue;
    const url = URL.canParse(entry) ? new URL(entry) : undefined;
    if (!url || !/^https?:$/.test(url.protocol)) {
      problems.push(`REALTIME_ALLOWED_ORIGINS: expected comma-separated http(s) origins; got ${entry}`);
    } else allowedOrigins.push(url.origin);
  }
  if (env.RTC_TURN_URLS.length > 0 && !env.RTC_TURN_SECRET) {
    for (const key of ['RTC_TURN_USERNAME', 'RTC_TURN_CREDENTIAL'] as const)
      if (!env[key]) problems.push(`${key}: required with RTC_TURN_URLS unless RTC_TURN_SECRET is set`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const root = process.cwd();
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const sms: Config['sms'] =
    env.SMS_PROVIDER === 'twilio'
      ? {
          provider: 'twilio',
          accountSid: env.TWILIO_ACCOUNT_SID ?? '',
          authToken: env.TWILIO_AUTH_TOKEN ?? '',
          fromNumber: env.TWILIO_FROM_NUMBER ?? '',
          apiBaseUrl: env.TWILIO_API_BASE_URL,
        }
      : { provider: 'none' };
  const dataDir = path.resolve(root, env.DATA_DIR);
  const mailboxEnabled =
    // auto: only the embedded demo without any provider. The mailbox shows sign-in codes, so a deployment
    // on an external database never turns it on by itself.
    env.MAILBOX_ENABLED === 'auto'
      ? env.DATABASE_URL === undefined && env.SMTP_URL === undefined && sms.provider === 'none'
      : env.MAILBOX_ENABLED === 'true';
  // With the mailbox on, listen on this machine only unless HOST says otherwise.
  const host = env.HOST ?? (mailboxEnabled ? '127.0.0.1' : '0.0.0.0');
  const seedDemoData =
    env.SEED_DEMO_DATA === 'auto' ? env.DATABASE_URL === undefined : env.SEED_DEMO_DATA === 'true';
  return {
    port: env.PORT,
    host,
    mailboxOnNetwork: mailboxEnabled && !isLoopbackHost(host),
    publicUrl,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    dataDir,
    seedDemoData,
    logLevel: env.LOG_LEVEL,
    logFile: env.LOG_FILE,
    trustProxy: env.TRUST_PROXY,
    rateLimit: { max: env.RATE_LIMIT_MAX, windowMs: env.RATE_LIMIT_WINDOW_MS },
    inquiryRateLimitMax: env.INQUIRY_RATE_LIMIT_MAX,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    webDistDir: path.resolve(root, env.WEB_DIST_DIR),
    auth: {
      issuer: `${publicUrl}/auth/v1`,
      accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
      idleTimeoutMs: env.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
      maxLifetimeMs: env.SESSION_MAX_LIFETIME_HOURS * 3_600_000,
      refreshReuseIntervalMs: env.REFRESH_REUSE_INTERVAL_SECONDS * 1000,
      secureCookies: publicUrl.startsWith('https://'),
      rateLimit: {
        max: env.AUTH_RATE_LIMIT_MAX,
        windowMs: env.AUTH_RATE_LIMIT_WINDOW_MS,
        refresh: { max: env.AUTH_REFRESH_RATE_LIMIT_MAX, windowMs: env.AUTH_RATE_LIMIT_WINDOW_MS },
      },
    },
    email: { smtpUrl: env.SMTP_URL, from: env.EMAIL_FROM },
    sms,
    paymentsProvider: env.PAYMENTS_PROVIDER,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    },
    mailboxEnabled,
    demoMode: seedDemoData && env.DATABASE_URL === undefined,
    outboxPollIntervalMs: env.OUTBOX_POLL_INTERVAL_MS,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuer: env.GOOGLE_ISSUER,
          }
        : undefined,
    uploads: {
      quotaBytes: env.UPLOAD_QUOTA_BYTES,
      storage:
        env.STORAGE_DRIVER === 's3'
          ? {
              driver: 's3',
              endpoint: (env.S3_ENDPOINT ?? '').replace(/\/$/, ''),
              bucket: env.S3_BUCKET ?? '',
              region: env.S3_REGION,
              accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
              secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
            }
          : {
              driver: 'local',
              dir: env.UPLOADS_DIR ? path.resolve(root, env.UPLOADS_DIR) : path.join(dataDir, 'uploads'),
            },
    },
    redisUrl: env.REDIS_URL,
    realtime: {
      allowedOrigins: allowedOrigins.length > 0 ? allowedOrigins : defaultAllowedOrigins(publicUrl),
    },
    rtc: { stunUrls: env.RTC_STUN_URLS, turn: turnConfig(env) },
  };
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The socket's default Origin allowlist: the public URL's origin, and when it names this machine
 * (localhost, 127.0.0.1, [::1]), the other two names of the same address too — the same app opened
 * at http://127.0.0.1:3000 instead of http://localhost:3000 must not lose its live updates.
 */
export function defaultAllowedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => {
    const alias = new URL(url.origin);
    alias.hostname = host;
    return alias.origin;
  });
}

/** 127.0.0.0/8, ::1 and localhost: an interface only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/** TURN needs its URLs and either the shared secret or a fixed username and credential. */
function turnConfig(env: z.infer<typeof envSchema>): Config['rtc']['turn'] {
  if (env.RTC_TURN_URLS.length === 0) return undefined;
  if (env.RTC_TURN_SECRET)
    return {
      urls: env.RTC_TURN_URLS,
      auth: 'secret',
      secret: env.RTC_TURN_SECRET,
      ttlSeconds: env.RTC_TURN_TTL_SECONDS,
    };
  return {
    urls: env.RTC_TURN_URLS,
    auth: 'static',
    username: env.RTC_TURN_USERNAME ?? '',
    credential: env.RTC_TURN_CREDENTIAL ?? '',
  };
}
