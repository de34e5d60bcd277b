import { z } from 'zod';
import type { WeakPasswordReason } from '#domain/auth/password-strength';
import type { ErrorCode } from '#domain/errors/app-error';

export type { WeakPasswordReason };

/**
 * Error bodies of the /auth/v1 API, in GoTrue's shape (supabase/auth internal/api/errors.go), so the
 * official client (@supabase/auth-js, lib/fetch.ts handleError) reads them unchanged:
 * - by default (no `X-Supabase-Api-Version` header): `{ code: <HTTP status>, error_code, msg }`, and the
 *   `x-sb-error-code` response header;
 * - with `X-Supabase-Api-Version: 2024-01-01` or later (what auth-js sends): `{ code: <error code>, message }`,
 *   and the header echoed back;
 * - a weak password adds `weak_password: { reasons }` to either; a 5xx adds `error_id` (the request id).
 * The rest of the API keeps `{ error: { code, message, details } }` (contracts/errors.ts).
 */
export const AUTH_API_VERSION_HEADER = 'x-supabase-api-version';
export const AUTH_API_VERSION_2024 = '2024-01-01';

/** GoTrue's error codes this API answers (a subset of supabase/auth internal/api/apierrors/errorcode.go). */
export const AUTH_ERROR_CODES = [
  'unknown',
  'unexpected_failure',
  'validation_failed',
  'bad_json',
  'email_exists',
  'phone_exists',
  'user_already_exists',
  'bad_jwt',
  'no_authorization',
  'user_not_found',
  'session_not_found',
  'session_expired',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'invalid_credentials',
  'weak_password',
  'insufficient_aal',
  'reauthentication_needed',
  'reauthentication_not_valid',
  'otp_expired',
  'mfa_factor_not_found',
  'mfa_challenge_expired',
  'mfa_verification_failed',
  'too_many_enrolled_mfa_factors',
  'over_request_rate_limit',
  'over_email_send_rate_limit',
  'over_sms_send_rate_limit',
  'identity_not_found',
  'identity_already_exists',
  'single_identity_not_deletable',
  'provider_disabled',
  'bad_oauth_state',
  'bad_oauth_callback',
  'bad_code_verifier',
  'flow_state_not_found',
  'flow_state_expired',
  'request_entity_too_large',
  'conflict',
  'not_found',
  'not_admin',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/**
 * Weak-password reasons (GoTrue's `weak_password.reasons`): 'length' as GoTrue, plus our own
 * 'guessable' (zxcvbn finds it easy to guess) and 'email' / 'phone' (it is, or is built from, the
 * account's own address). The text is what the web forms show for each.
 */
export const WEAK_PASSWORD_REASON_TEXT: Record<WeakPasswordReason, string> = {
  length: 'Use between 8 and 256 characters.',
  guessable: 'This password is easy to guess. A few unrelated words work well.',
  email: 'Do not use your email address (or the part before the @) as your password.',
  phone: 'Do not use your phone number as your password.',
};

const weakPasswordPayload = z.object({ reasons: z.array(z.string()) }).optional();

/** The legacy body (no API version header): what the app's own web client receives. */
export const authErrorBodySchema = z.object({
  code: z.number().int(),
  error_code: z.string(),
  msg: z.string(),
  error_id: z.string().optional(),
  weak_password: weakPasswordPayload,
});
export type AuthErrorBody = z.infer<typeof authErrorBodySchema>;

/** The 2024-01-01 body. */
export const authErrorBody2024Schema = z.object({
  code: z.string(),
  message: z.string(),
  weak_password: weakPasswordPayload,
});

/** GoTrue's error code -> the app's own code, for the web client (web/lib/api-client.ts). */
export const APP_CODE_BY_AUTH_ERROR: Record<AuthErrorCode, ErrorCode> = {
  unknown: 'INTERNAL_ERROR',
  unexpected_failure: 'INTERNAL_ERROR',
  validation_failed: 'VALIDATION_ERROR',
  bad_json: 'VALIDATION_ERROR',
  email_exists: 'USER_ALREADY_EXISTS',
  phone_exists: 'USER_ALREADY_EXISTS',
  user_already_exists: 'USER_ALREADY_EXISTS',
  bad_jwt: 'UNAUTHENTICATED',
  no_authorization: 'UNAUTHENTICATED',
  user_not_found: 'UNAUTHENTICATED',
  session_not_found: 'SESSION_EXPIRED',
  session_expired: 'SESSION_EXPIRED',
  refresh_token_not_found: 'INVALID_REFRESH_TOKEN',
  refresh_token_already_used: 'REFRESH_TOKEN_ALREADY_USED',
  invalid_credentials: 'INVALID_CREDENTIALS',
  weak_password: 'WEAK_PASSWORD',
  insufficient_aal: 'INSUFFICIENT_AAL',
  reauthentication_needed: 'REAUTHENTICATION_NEEDED',
  reauthentication_not_valid: 'INVALID_CODE',
  otp_expired: 'INVALID_CODE',
  mfa_factor_not_found: 'NOT_FOUND',
  mfa_challenge_expired: 'INVALID_CODE',
  mfa_verification_failed: 'INVALID_CODE',
  too_many_enrolled_mfa_factors: 'CONFLICT',
  over_request_rate_limit: 'RATE_LIMITED',
  over_email_send_rate_limit: 'RATE_LIMITED',
  over_sms_send_rate_limit: 'RATE_LIMITED',
  identity_not_found: 'NOT_FOUND',
  identity_already_exists: 'CONFLICT',
  single_identity_not_deletable: 'CONFLICT',
  provider_disabled: 'VALIDATION_ERROR',
  bad_oauth_state: 'VALIDATION_ERROR',
  bad_oauth_callback: 'VALIDATION_ERROR',
  bad_code_verifier: 'VALIDATION_ERROR',
  flow_state_not_found: 'NOT_FOUND',
  flow_state_expired: 'GONE',
  request_entity_too_large: 'PAYLOAD_TOO_LARGE',
  conflict: 'CONFLICT',
  not_found: 'NOT_FOUND',
  not_admin: 'FORBIDDEN',
};

export const isAuthErrorCode = (value: unknown): value is AuthErrorCode =>
  typeof value === 'string' && (AUTH_ERROR_CODES as readonly string[]).includes(value);
