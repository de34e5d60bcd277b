import { z } from 'zod';

/** Sign-in sessions: token lifetimes and the sign-in rate limits. */
export const authEnv = {
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_MAX_LIFETIME_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(12),
  REFRESH_REUSE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Token refreshes per IP per AUTH_RATE_LIMIT_WINDOW_MS, counted apart from sign-in attempts. */
  AUTH_REFRESH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
};

/** Google sign-in (both or neither of the id and the secret). */
export const googleEnv = {
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
};
