import { z } from 'zod';

/** A comma-separated list of ICE server URLs of one kind (empty: none). */
const iceUrls = (pattern: RegExp, expected: string) =>
  z
    .string()
    .trim()
    .default('')
    .transform((value, ctx): string[] => {
      const urls = value
        .split(',')
        .map((url) => url.trim())
        .filter((url) => url !== '');
      const bad = urls.filter((url) => !pattern.test(url) || /\s/.test(url));
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `expected ${expected}; got ${bad.join(', ')}` });
        return z.NEVER;
      }
      return urls;
    });
/** Realtime across instances (Redis), socket origins, and the ICE servers of calls. */
export const realtimeEnv = {
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'expected a redis:// or rediss:// URL')
    .optional(),
  REALTIME_ALLOWED_ORIGINS: z.string().trim().optional(),
  /** Calls: ICE servers the browsers use to connect (comma-separated URLs). */
  RTC_STUN_URLS: iceUrls(/^stuns?:/, 'stun: or stuns: URLs'),
  RTC_TURN_URLS: iceUrls(/^turns?:/, 'turn: or turns: URLs'),
  /** coturn's static-auth-secret: time-limited TURN credentials per person (the TURN REST scheme). */
  RTC_TURN_SECRET: z.string().min(16, 'expected at least 16 characters').optional(),
  /** Or one fixed TURN username and credential. */
  RTC_TURN_USERNAME: z.string().min(1).optional(),
  RTC_TURN_CREDENTIAL: z.string().min(1).optional(),
  RTC_TURN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(600)
    .max(7 * 24 * 3600)
    .default(12 * 3600),
};
