/**
 * The closed list of error codes the product uses. Every code is documented here; the server maps
 * each one to an HTTP status (server/plugins/error-handler.ts) and the web client rebuilds the same
 * error from the response body (web/lib/api-client.ts).
 */
export const ERROR_CODES = {
  /** Input failed validation; `details` lists each field and what is wrong with it. */
  VALIDATION_ERROR: 'The request is not valid. Please check your input and try again.',
  /** No valid sign-in came with the request. */
  UNAUTHENTICATED: 'Auth session missing!',
  /** Signed in, but not allowed to do this. */
  FORBIDDEN: 'You do not have permission to do this.',
  /** The thing asked for does not exist, or is not visible to the caller. */
  NOT_FOUND: 'We could not find what you were looking for.',
  /** The request conflicts with the current state (a race lost, a duplicate). */
  CONFLICT: 'This was changed by someone else. Please refresh and try again.',
  /** The body is larger than the server accepts. */
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  /** The body's content type is not one the endpoint accepts. */
  UNSUPPORTED_MEDIA_TYPE: 'This type of content is not supported.',
  /** Email/phone and password do not match an account (never says which part was wrong). */
  INVALID_CREDENTIALS: 'Invalid login credentials',
  /** The password is too weak or too common; `details` lists the reasons to show. */
  WEAK_PASSWORD: 'Password is too weak.',
  /** Sign-up with an email or phone that already has an account. */
  USER_ALREADY_EXISTS: 'User already registered',
  /** The refresh token is unknown or was revoked. */
  INVALID_REFRESH_TOKEN: 'Invalid Refresh Token',
  /** A refresh token was replayed after rotation: the whole session was ended as a precaution. */
  REFRESH_TOKEN_ALREADY_USED: 'Invalid Refresh Token: Already Used',
  /** The session ended: signed out, idle for 30 minutes, or past its lifetime. */
  SESSION_EXPIRED: 'Your session has expired. Please sign in again.',
  /** This needs a verified second factor in the current session (aal2). */
  INSUFFICIENT_AAL: 'Please confirm with your authenticator app to continue.',
  /** A sensitive change needs a fresh confirmation code (GET /auth/v1/reauthenticate). */
  REAUTHENTICATION_NEEDED: 'Please confirm it is you: enter the code we just sent you.',
  /** A one-time or authenticator code is wrong, used or expired. */
  INVALID_CODE: 'The code is invalid or has expired.',
  /** Too many requests; the `Retry-After` header says when to try again. */
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
  /** A dependency (the database) is not available right now. */
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
  /** SPEC §5: a username with characters other than lowercase letters, digits, hyphen, underscore. */
  INVALID_USERNAME: 'Username can only contain lowercase letters, numbers, hyphens, and underscores',
  /** SPEC §8: SQLSTATE 23505 on the profiles username constraint. */
  USERNAME_TAKEN: 'This username is already taken. Please choose a different one.',
  /** SPEC §8: SQLSTATE 23505 on any other unique constraint of a profile update. */
  UNIQUE_VIOLATION: 'A unique constraint was violated. Please check your data and try again.',
  /** SPEC §8: SQLSTATE 23502 (not-null) during a profile update. */
  REQUIRED_FIELD_MISSING: 'Required field is missing. Please fill in all required fields.',
  /** SPEC §8: SQLSTATE 23514 (check constraint) during a profile update. */
  INVALID_DATA_FORMAT: 'Invalid data format. Please check your input and try again.',
  /** SPEC §8 default row: a profile update failed for any other reason (the cause is logged). */
  PROFILE_UPDATE_FAILED: 'Failed to update profile. Please try again.',
  /** SPEC §8: the update ran but returned no row. */
  NO_DATA_RETURNED: 'Update completed but no data returned. Please refresh.',
  /** a paid program cannot be published or joined (paid enrolment is not built yet). */
  PAID_PROGRAMS_UNAVAILABLE: 'Paid programs are not open yet: for now you can publish free programs.',
  /** A coach application is already waiting for review: one pending application per person. */
  APPLICATION_PENDING:
    'Your coach application is already being reviewed. You will see the decision on the Become a coach page.',
  /** The person is already an approved coach: there is nothing to apply for. */
  ALREADY_APPROVED_COACH: 'You are already an approved coach. Open your coach home to get started.',
  /** An admin acted on an application someone else approved or rejected first. */
  APPLICATION_ALREADY_REVIEWED:
    'This application was already reviewed by someone else. Refresh the list to see its outcome.',
  /** Following coaches needs the client role (a coach-only account has none). */
  CLIENT_ROLE_REQUIRED:
    'Following coaches is part of the client side of Wellspring. Add or switch to the client role from the account menu, then try again.',
  /** The coach turned off the Follow button (enable_follow_button). */
  FOLLOW_DISABLED: 'This coach has turned off following. You can still open their page and book a session.',
  /** The coach turned off the Notify button (enable_notify_button). */
  NOTIFY_DISABLED: 'This coach has turned off notifications for followers. You can still follow them.',
  /** A payment or hold needs more than the wallet (or earnings account) holds. */
  INSUFFICIENT_FUNDS: 'Your wallet balance is too low for this. Top up your wallet, then try again.',
  /** A money-moving POST came without an Idempotency-Key header. */
  IDEMPOTENCY_KEY_REQUIRED:
    'This request needs an Idempotency-Key header (a unique value per attempt, reused only to retry it).',
  /** The Idempotency-Key was already used for a different request body or endpoint. */
  IDEMPOTENCY_KEY_REUSED:
    'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  /** A request with this Idempotency-Key is still being processed. */
  IDEMPOTENCY_REQUEST_IN_PROGRESS:
    'A request with this Idempotency-Key is still being processed. Wait a moment, then retry with the same key.',
  /** A hold already exists for this session request (one hold per reference). */
  HOLD_ALREADY_EXISTS: 'Payment for this request is already reserved. Refresh to see its current state.',
  /** The hold was already released or captured (a race lost): a session settles once. */
  HOLD_ALREADY_SETTLED:
    'This payment was already settled (captured or released). Refresh to see the final state.',
  /** A refund was asked for a hold that was never captured (nothing was charged). */
  HOLD_NOT_CAPTURED: 'Nothing was charged for this session yet, so there is nothing to refund.',
  /** A refund larger than what is left of the captured amount. */
  REFUND_EXCEEDS_CAPTURED:
    'This refund is larger than what is left to refund for this session. Lower the amount and try again.',
  /** A payment provider's webhook delivery failed signature or timestamp verification (nothing was applied). */
  WEBHOOK_SIGNATURE_INVALID:
    'The webhook signature could not be verified. Check the endpoint signing secret and the server clock.',
  /** A coupon code cannot be used here; the message says exactly why (unknown, not yet valid, expired, used up...). */
  COUPON_INVALID: "This coupon code isn't valid.",
  /** The time asked for cannot be booked any more (another booking took it); the message offers the next. */
  SLOT_UNAVAILABLE: 'That time was just taken.',
  /** A one-time link (a session's guest invitation) was already used or has expired; the message says which. */
  GONE: 'This link can no longer be used.',
  /** Anything unexpected. Details are logged on the server, never sent to the client. */
  INTERNAL_ERROR: 'An unexpected error occurred. Please try again.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);

export type ErrorDetail = { path: string; message: string };

/** The one error type of the product. `message` is safe to show to the person who caused it. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  /** For RATE_LIMITED: sent as the Retry-After header. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    options?: { details?: ErrorDetail[]; retryAfterSeconds?: number; cause?: unknown },
  ) {
    super(message ?? ERROR_CODES[code], { cause: options?.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options?.details;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}
