import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  AppError,
  ERROR_CODES,
  isErrorCode,
  type ErrorCode,
  type ErrorDetail,
} from '#domain/errors/app-error';
import type { ErrorBody } from '#contracts/errors';
import { describeErrorForLog } from './log-safety';

/** Exhaustive: adding a code to ERROR_CODES without a status here fails the typecheck. */
export const HTTP_STATUS_BY_CODE = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_CREDENTIALS: 400,
  WEAK_PASSWORD: 422,
  USER_ALREADY_EXISTS: 422,
  INVALID_REFRESH_TOKEN: 400,
  REFRESH_TOKEN_ALREADY_USED: 400,
  SESSION_EXPIRED: 401,
  INSUFFICIENT_AAL: 403,
  REAUTHENTICATION_NEEDED: 401,
  INVALID_CODE: 400,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INVALID_USERNAME: 400,
  USERNAME_TAKEN: 409,
  UNIQUE_VIOLATION: 409,
  REQUIRED_FIELD_MISSING: 400,
  INVALID_DATA_FORMAT: 400,
  PROFILE_UPDATE_FAILED: 500,
  NO_DATA_RETURNED: 500,
  PAID_PROGRAMS_UNAVAILABLE: 409,
  APPLICATION_PENDING: 409,
  ALREADY_APPROVED_COACH: 409,
  APPLICATION_ALREADY_REVIEWED: 409,
  CLIENT_ROLE_REQUIRED: 403,
  FOLLOW_DISABLED: 403,
  NOTIFY_DISABLED: 403,
  INSUFFICIENT_FUNDS: 402,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_REQUEST_IN_PROGRESS: 409,
  WEBHOOK_SIGNATURE_INVALID: 400,
  HOLD_ALREADY_EXISTS: 409,
  SLOT_UNAVAILABLE: 409,
  HOLD_ALREADY_SETTLED: 409,
  HOLD_NOT_CAPTURED: 409,
  REFUND_EXCEEDS_CAPTURED: 409,
  COUPON_INVALID: 422,
  GONE: 410,
  INTERNAL_ERROR: 500,
} as const satisfies Record<ErrorCode, number>;

const CODE_BY_FRAMEWORK_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** SQLSTATE classes and network errors that mean "the database is not there right now". */
const UNAVAILABLE_PATTERN = /^(08|53|57P0[1-3])|^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE)$/;

/** The pool's and the driver's words for "no connection" (they carry no code). */
const UNAVAILABLE_MESSAGE = /timeout exceeded when trying to connect|Connection terminated/i;

/** The error and the causes it wraps (Drizzle wraps the driver's error; the driver may wrap another). */
function errorChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && current !== null && chain.length < 5;) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** The database is not there right now: a connection SQLSTATE or network code, or a pool timeout. */
function isUnavailable(error: unknown): boolean {
  return errorChain(error).some((link) => {
    const code = (link as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_PATTERN.test(code)) return true;
    // Drizzle's own message is the SQL and its values, not the reason.
    return (
      link instanceof Error && !(link instanceof DrizzleQueryError) && UNAVAILABLE_MESSAGE.test(link.message)
    );
  });
}

type Mapped = { code: ErrorCode; message: string; details?: ErrorDetail[]; retryAfterSeconds?: number };

export function mapError(error: unknown): Mapped {
  if (error instanceof AppError) {
    // A code outside the closed list can only come from a cast; treat it as a bug, not as the client's fault.
    if (!isErrorCode(error.code)) return { code: 'INTERNAL_ERROR', message: ERROR_CODES.INTERNAL_ERROR };
    return {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
      ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext ?? 'body';
    return {
      code: 'VALIDATION_ERROR',
      message: ERROR_CODES.VALIDATION_ERROR,
      details: error.validation.map((issue) => ({
        path: [context, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'Invalid value',
      })),
    };
  }
  if (isUnavailable(error)) {
    return { code: 'SERVICE_UNAVAILABLE', message: ERROR_CODES.SERVICE_UNAVAILABLE };
  }
  const status = (error as FastifyError | undefined)?.statusCode;
  // Framework errors (bad JSON, body too large, wrong content type) carry a 4xx status; their own
  // messages can echo input, so only the code is kept and our message is used.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = CODE_BY_FRAMEWORK_STATUS[status] ?? 'VALIDATION_ERROR';
    return { code, message: ERROR_CODES[code] };
  }
  return { code: 'INTERNAL_ERROR', message: ERROR_CODES.INTERNAL_ERROR };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, mapped: Mapped) {
  const body: ErrorBody = {
    error: {
      code: mapped.code,
      message: mapped.message,
      requestId: request.id,
      ...(mapped.details ? { details: mapped.details } : {}),
    },
  };
  if (mapped.retryAfterSeconds !== undefined) reply.header('retry-after', String(mapped.retryAfterSeconds));
  return reply.code(HTTP_STATUS_BY_CODE[mapped.code]).type('application/json; charset=utf-8').send(body);
}

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error, request, reply) => {
    const mapped = mapError(error);
    if (HTTP_STATUS_BY_CODE[mapped.code] >= 500) {
      request.log.error({ err: describeErrorForLog(error), code: mapped.code }, 'request failed');
    } else {
      request.log.info({ code: mapped.code }, 'request rejected');
    }
    return sendError(request, reply, mapped);
  });
});
