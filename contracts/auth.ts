import { z } from 'zod';
import { ADMIN_PERMISSIONS, ADMIN_ROLES } from '#domain/auth/permissions';
import { ROLES } from '#domain/auth/roles';

/**
 * The auth API under /auth/v1, shaped like SPEC §7 (Auth API) and §3 (Auth session).
 * Web clients ask for cookie mode with the header `x-refresh-cookie: 1`: the refresh token then
 * travels only in an HttpOnly cookie and `refresh_token` in the body is null.
 */
export const REFRESH_COOKIE_HEADER = 'x-refresh-cookie';
/** Set next to the refresh cookie, readable by scripts, holding no secret: "a session may exist". */
export const SESSION_HINT_COOKIE = 'wellspring-session';

export const factorSchema = z.object({
  id: z.string(),
  friendly_name: z.string().nullable(),
  factor_type: z.literal('totp'),
  status: z.enum(['unverified', 'verified']),
  created_at: z.string(),
  updated_at: z.string(),
});

export const identitySchema = z.object({
  id: z.string(),
  identity_id: z.string(),
  user_id: z.string(),
  provider: z.string(),
  identity_data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});

export const userSchema = z.object({
  id: z.string(),
  aud: z.literal('authenticated'),
  role: z.literal('authenticated'),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  email_confirmed_at: z.string().nullable(),
  phone_confirmed_at: z.string().nullable(),
  last_sign_in_at: z.string().nullable(),
  app_metadata: z
    .object({ provider: z.string().optional(), providers: z.array(z.string()).optional() })
    .catchall(z.unknown()),
  user_metadata: z.record(z.string(), z.unknown()),
  identities: z.array(identitySchema),
  factors: z.array(factorSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AuthUser = z.infer<typeof userSchema>;

export const sessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  /** Unix seconds. */
  expires_at: z.number().int(),
  /** Null in cookie mode: the token is in the HttpOnly cookie. */
  refresh_token: z.string().nullable(),
  user: userSchema,
});
export type AuthSession = z.infer<typeof sessionSchema>;

/** An email address as the server reads it (trimmed, lower case). */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Please enter a valid email address.' }));
/** E.164-style phone numbers: a plus sign and 8 to 15 digits. */
export const phoneSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\+[1-9]\d{7,14}$/, 'Please enter the phone number with its country code, like +14155550123.'),
  );
const email = emailSchema;
const phone = phoneSchema;
export const passwordSchema = z.string().max(256, 'Passwords can be at most 256 characters.');

export const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';

/** GoTrue reads an empty string as "not given": `signUp({ email: '', password: '' })` is missing credentials. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const signUpBodySchema = z.object({
  email: blankAsAbsent(email),
  phone: blankAsAbsent(phone),
  password: blankAsAbsent(passwordSchema),
  /** user_metadata: full_name, avatar_url, role hint ('client' or 'coach'). */
  data: z.record(z.string(), z.unknown()).optional(),
});

export const passwordGrantBodySchema = z.object({
  email: blankAsAbsent(email),
  phone: blankAsAbsent(phone),
  password: blankAsAbsent(passwordSchema),
});

export const refreshGrantBodySchema = z.object({ refresh_token: z.string().max(200).optional() });
export const pkceGrantBodySchema = z.object({
  auth_code: z.string().min(1).max(200),
  code_verifier: z.string().min(43).max(128),
});
export const idTokenGrantBodySchema = z.object({
  provider: z.literal('google'),
  id_token: z.string().min(1).max(8192),
  nonce: z.string().max(200).optional(),
});
/**
 * POST /auth/v1/token: one body for every grant (as GoTrue reads it), checked at the edge so a
 * malformed field is a 400 validation error, never a 500. The handler checks which fields its grant needs.
 */
export const tokenBodySchema = z.object({
  ...passwordGrantBodySchema.shape,
  refresh_token: z.string().max(200).optional(),
  auth_code: z.string().max(200).optional(),
  code_verifier: z.string().max(128).optional(),
  provider: z.string().max(40).optional(),
  id_token: z.string().max(8192).optional(),
  nonce: z.string().max(200).optional(),
});
export const grantTypeQuerySchema = z.object({
  grant_type: z.enum(['password', 'refresh_token', 'pkce', 'id_token']),
});

export const otpBodySchema = z.object({
  email: email.optional(),
  phone: phone.optional(),
  create_user: z.boolean().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});

export const verifyTypeSchema = z.enum([
  'signup',
  'email',
  'sms',
  'recovery',
  'email_change',
  'phone_change',
  'magiclink',
]);
export const verifyBodySchema = z.object({
  type: verifyTypeSchema,
  token: z.string().trim().min(6).max(64),
  email: email.optional(),
  phone: phone.optional(),
});

export const recoverBodySchema = z.object({ email });
export const resendBodySchema = z.object({
  type: z.enum(['signup', 'sms', 'email_change', 'phone_change']),
  email: email.optional(),
  phone: phone.optional(),
});

export const logoutQuerySchema = z.object({ scope: z.enum(['local', 'global', 'others']).default('local') });

export const updateUserBodySchema = z.object({
  email: email.optional(),
  phone: phone.optional(),
  password: passwordSchema.optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  /** The code from GET /auth/v1/reauthenticate, needed for email, phone and password changes. */
  nonce: z.string().trim().max(64).optional(),
  /** After a password change: end every other session of this person. */
  sign_out_others: z.boolean().optional(),
});

export const enrollFactorBodySchema = z.object({
  factor_type: z.literal('totp'),
  friendly_name: z.string().trim().max(100).optional(),
});
export const enrollFactorResponseSchema = z.object({
  id: z.string(),
  type: z.literal('totp'),
  friendly_name: z.string().nullable(),
  totp: z.object({ secret: z.string(), uri: z.string(), qr_code: z.string() }),
});
export const challengeResponseSchema = z.object({
  id: z.string(),
  type: z.literal('totp'),
  expires_at: z.number().int(),
});
export const verifyFactorBodySchema = z.object({
  challenge_id: z.string().uuid(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code.'),
});
export const factorIdParamsSchema = z.object({ id: z.string().uuid() });

export const authSessionSummarySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  refreshed_at: z.string(),
  not_after: z.string(),
  aal: z.enum(['aal1', 'aal2']),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export const authSessionListSchema = z.object({ sessions: z.array(authSessionSummarySchema) });

export const jwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

/** GET /api/me: who the person is in the product (roles, admin status) — the route guards read this. */
export const meResponseSchema = z.object({
  user_id: z.string(),
  email: z.string().nullable(),
  full_name: z.string().nullable(),
  created_at: z.string(),
  roles: z.array(z.enum(ROLES)),
  active_role: z.enum(ROLES).nullable(),
  admin: z
    .object({
      admin_role: z.enum(ADMIN_ROLES),
      permissions: z.array(z.enum(ADMIN_PERMISSIONS)),
      is_active: z.boolean(),
    })
    .nullable(),
  aal: z.enum(['aal1', 'aal2']),
  has_verified_factor: z.boolean(),
  /**
   * Signed in by a session's guest link: the server opens only its guest routes
   * (server/plugins/auth-guard.ts GUEST_ROUTES) to this session, and the web app shows only the room.
   */
  is_guest: z.boolean(),
});
export type Me = z.infer<typeof meResponseSchema>;

export const setLastActiveRoleBodySchema = z.object({ role_name: z.enum(ROLES) });
export const autoRoleBodySchema = z.object({
  as: z.string().max(20).nullable().optional(),
  signup: z.boolean().optional(),
  on_auth_page: z.boolean().optional(),
});

export const SECURITY_EVENT_TYPES = [
  'USER_LOGIN',
  'USER_SESSION_END',
  'TAB_HIDDEN',
  'TAB_VISIBLE',
  'SUSPICIOUS_RAPID_ACTIVITY',
] as const;
export const securityEventBodySchema = z.object({
  event_type: z.enum(SECURITY_EVENT_TYPES),
  event_details: z
    .object({
      user_agent: z.string().max(500).optional(),
      timestamp: z.string().max(40).optional(),
      url: z.string().max(2000).optional(),
      reason: z.string().max(100).optional(),
      click_count: z.number().int().min(0).max(100_000).optional(),
      time_window: z.number().int().min(0).max(3_600_000).optional(),
    })
    .strict(),
  severity: z.literal('info').default('info'),
});
