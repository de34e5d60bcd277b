import type { FastifyRequest } from 'fastify';
import type { HttpApp } from '#server/http/route';
import {
  AUTH_API_VERSION_2024,
  AUTH_API_VERSION_HEADER,
  type AuthErrorCode,
  type WeakPasswordReason,
} from '#contracts/auth-errors';
import { AppError, ERROR_CODES, type ErrorCode } from '#domain/errors/app-error';
import { HTTP_STATUS_BY_CODE, mapError } from '#server/plugins/error-handler';
import { describeErrorForLog } from '#server/plugins/log-safety';

/**
 * An AppError that also says which GoTrue error it is (and, where GoTrue differs, its status), for
 * the /auth/v1 API. Elsewhere it behaves as the AppError it extends.
 */
export class AuthApiError extends AppError {
  readonly authCode: AuthErrorCode;
  readonly status: number | undefined;
  readonly reasons: WeakPasswordReason[] | undefined;

  constructor(
    code: ErrorCode,
    authCode: AuthErrorCode,
    message?: string,
    options: {
      status?: number;
      reasons?: WeakPasswordReason[];
      retryAfterSeconds?: number;
      details?: { path: string; message: string }[];
    } = {},
  ) {
    super(code, message, {
      ...(options.retryAfterSeconds !== undefined ? { retryAfterSeconds: options.retryAfterSeconds } : {}),
      ...(options.details ? { details: options.details } : {}),
    });
    this.name = 'AuthApiError';
    this.authCode = authCode;
    this.status = options.status;
    this.reasons = options.reasons;
  }
}

/** GoTrue's answer for each app code, where the thrower did not say more (supabase/auth internal/api). */
const DEFAULTS: Partial<Record<ErrorCode, { status: number; authCode: AuthErrorCode; message?: string }>> = {
  VALIDATION_ERROR: { status: 400, authCode: 'validation_failed' },
  UNAUTHENTICATED: {
    status: 401,
    authCode: 'no_authorization',
    message: 'This endpoint requires a valid Bearer token',
  },
  SESSION_EXPIRED: {
    status: 403,
    authCode: 'session_not_found',
    message: 'Session from session_id claim in JWT does not exist',
  },
  FORBIDDEN: { status: 403, authCode: 'not_admin' },
  NOT_FOUND: { status: 404, authCode: 'not_found' },
  CONFLICT: { status: 409, authCode: 'conflict' },
  PAYLOAD_TOO_LARGE: { status: 413, authCode: 'request_entity_too_large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, authCode: 'validation_failed' },
  INVALID_CREDENTIALS: { status: 400, authCode: 'invalid_credentials' },
  WEAK_PASSWORD: { status: 422, authCode: 'weak_password' },
  USER_ALREADY_EXISTS: { status: 422, authCode: 'user_already_exists' },
  INVALID_REFRESH_TOKEN: {
    status: 400,
    authCode: 'refresh_token_not_found',
    message: 'Invalid Refresh Token: Refresh Token Not Found',
  },
  REFRESH_TOKEN_ALREADY_USED: { status: 400, authCode: 'refresh_token_already_used' },
  INSUFFICIENT_AAL: { status: 403, authCode: 'insufficient_aal' },
  REAUTHENTICATION_NEEDED: { status: 400, authCode: 'reauthentication_needed' },
  INVALID_CODE: { status: 403, authCode: 'otp_expired', message: 'Token has expired or is invalid' },
  RATE_LIMITED: { status: 429, authCode: 'over_request_rate_limit' },
  SERVICE_UNAVAILABLE: { status: 503, authCode: 'unexpected_failure' },
  INTERNAL_ERROR: {
    status: 500,
    authCode: 'unexpected_failure',
    message: 'Unexpected failure, please check server logs for more information',
  },
};

export type AuthErrorAnswer = {
  status: number;
  authCode: AuthErrorCode;
  message: string;
  reasons?: WeakPasswordReason[];
  retryAfterSeconds?: number;
};

const isBadJson = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' && /^FST_ERR_CTP_(INVALID_JSON|EMPTY_JSON|INVALID_CONTENT_LENGTH)/.test(code)
  );
};

/** What GoTrue answers for this error: the status, its error code and the message. */
export function authErrorAnswer(error: unknown, request: FastifyRequest): AuthErrorAnswer {
  const mapped = mapError(error);
  const retry = mapped.retryAfterSeconds !== undefined ? { retryAfterSeconds: mapped.retryAfterSeconds } : {};
  if (error instanceof AuthApiError) {
    return {
      status: error.status ?? DEFAULTS[error.code]?.status ?? HTTP_STATUS_BY_CODE[error.code],
      authCode: error.authCode,
      message: error.message,
      ...(error.reasons ? { reasons: error.reasons } : {}),
      ...retry,
    };
  }
  if (isBadJson(error)) {
    return { status: 400, authCode: 'bad_json', message: 'Could not parse request body as JSON' };
  }
  const fallback = DEFAULTS[mapped.code] ?? {
    status: HTTP_STATUS_BY_CODE[mapped.code],
    authCode: 'unknown' as const,
  };
  // A refresh that finds its session ended is GoTrue's session_expired; elsewhere a closed session is
  // session_not_found (which auth-js reads as "signed out").
  if (mapped.code === 'SESSION_EXPIRED' && request.url.startsWith('/auth/v1/token')) {
    return { status: 400, authCode: 'session_expired', message: 'Invalid Refresh Token: Session Expired' };
  }
  if (mapped.code === 'UNAUTHENTICATED' && mapped.message === 'Invalid JWT') {
    return {
      status: 403,
      authCode: 'bad_jwt',
      message: 'invalid JWT: unable to parse or verify signature',
    };
  }
  // Our own message when it says more than the generic one (a field's problem, a specific refusal).
  const generic = mapped.message === ERROR_CODES[mapped.code];
  const firstDetail = mapped.details?.[0];
  const message =
    mapped.code === 'VALIDATION_ERROR' && generic && firstDetail
      ? `${firstDetail.message} (${firstDetail.path.replace(/^body\./, '')})`
      : generic && fallback.message
        ? fallback.message
        : mapped.message;
  return { status: fallback.status, authCode: fallback.authCode, message, ...retry };
}

const wantsVersion2024 = (request: FastifyRequest) => {
  const value = request.headers[AUTH_API_VERSION_HEADER];
  const date = typeof value === 'string' ? value.trim() : '';
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= AUTH_API_VERSION_2024;
};

/**
 * Makes the routes of the calling plugin (and only those) speak GoTrue: its error bodies, and a JSON
 * content type with an empty body read as "no body" (auth-js sends `Content-Type: application/json`
 * without a body for POST /logout and DELETE /factors/:id, which GoTrue accepts).
 */
export function useAuthApiConventions(app: HttpApp) {
  app.addHook('onRequest', async (request) => {
    const type = request.headers['content-type'];
    if (typeof type !== 'string' || !/^application\/json\b/i.test(type)) return;
    const length = request.headers['content-length'];
    const chunked = request.headers['transfer-encoding'] !== undefined;
    if (length === '0' || (length === undefined && !chunked)) delete request.headers['content-type'];
  });

  app.setErrorHandler((error, request, reply) => {
    const answer = authErrorAnswer(error, request);
    if (answer.status >= 500) {
      request.log.error({ err: describeErrorForLog(error), code: answer.authCode }, 'request failed');
    } else {
      request.log.info({ code: answer.authCode }, 'request rejected');
    }
    if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', String(answer.retryAfterSeconds));
    const weakPassword = answer.reasons ? { weak_password: { reasons: answer.reasons } } : {};
    reply.code(answer.status).type('application/json; charset=utf-8');
    if (wantsVersion2024(request)) {
      reply.header(AUTH_API_VERSION_HEADER, AUTH_API_VERSION_2024);
      return reply.send({ code: answer.authCode, message: answer.message, ...weakPassword });
    }
    reply.header('x-sb-error-code', answer.authCode);
    return reply.send({
      code: answer.status,
      error_code: answer.authCode,
      msg: answer.message,
      ...(answer.status >= 500 ? { error_id: request.id } : {}),
      ...weakPassword,
    });
  });
}
