import type { z } from 'zod';
import {
  APP_CODE_BY_AUTH_ERROR,
  authErrorBody2024Schema,
  authErrorBodySchema,
  isAuthErrorCode,
  WEAK_PASSWORD_REASON_TEXT,
} from '#contracts/auth-errors';
import { errorBodySchema } from '#contracts/errors';
import { ERROR_CODES, type ErrorCode, type ErrorDetail } from '#domain/errors/app-error';
import { reportRateLimited } from './rate-limited';

/** The server's AppError, rebuilt on the client from the response body. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly details: ErrorDetail[] = [],
    readonly requestId?: string,
    /** For 429 answers: the `Retry-After` header, in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The /auth/v1 API answers errors in GoTrue's shape (contracts/auth-errors.ts): rebuilt here as the
 * same ApiError the rest of the app uses. A weak password's reasons become one detail each.
 */
function authApiError(payload: unknown, status: number, retryAfterSeconds: number | undefined) {
  const legacy = authErrorBodySchema.safeParse(payload);
  const current = legacy.success ? null : authErrorBody2024Schema.safeParse(payload);
  const body = legacy.success
    ? { authCode: legacy.data.error_code, message: legacy.data.msg, weak: legacy.data.weak_password }
    : current?.success
      ? { authCode: current.data.code, message: current.data.message, weak: current.data.weak_password }
      : null;
  if (!body) return null;
  const code = isAuthErrorCode(body.authCode)
    ? status === 503
      ? 'SERVICE_UNAVAILABLE'
      : APP_CODE_BY_AUTH_ERROR[body.authCode]
    : 'INTERNAL_ERROR';
  const details = (body.weak?.reasons ?? []).map((reason) => ({
    path: 'password',
    message: (WEAK_PASSWORD_REASON_TEXT as Record<string, string>)[reason] ?? reason,
  }));
  return new ApiError(code, body.message, status, details, undefined, retryAfterSeconds);
}

let accessTokenProvider: (() => string | null) | undefined;

/** The auth client registers where the current access token comes from; requests then carry it. */
export function setAccessTokenProvider(provider: (() => string | null) | undefined) {
  accessTokenProvider = provider;
}

type RequestOptions<TBody> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: TBody;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** Calls the API and parses the answer with the endpoint's contract; failures become ApiError. */
export async function apiRequest<TResponse, TBody = unknown>(
  path: string,
  responseSchema: z.ZodType<TResponse>,
  options: RequestOptions<TBody> = {},
): Promise<TResponse> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(accessTokenProvider?.() ? { authorization: `Bearer ${accessTokenProvider()}` } : {}),
        ...options.headers,
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(
      'SERVICE_UNAVAILABLE',
      'Network error. Please check your connection and try again.',
      0,
    );
  }
  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
    const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined;
    // Limited: the person is told, with how long to wait (components/rate-limit-notice).
    if (response.status === 429) reportRateLimited(retryAfterSeconds);
    const parsed = errorBodySchema.safeParse(payload);
    if (parsed.success) {
      const { code, message, details, requestId } = parsed.data.error;
      throw new ApiError(code, message, response.status, details, requestId, retryAfterSeconds);
    }
    const fromAuth = authApiError(payload, response.status, retryAfterSeconds);
    if (fromAuth) throw fromAuth;
    throw new ApiError('INTERNAL_ERROR', ERROR_CODES.INTERNAL_ERROR, response.status);
  }
  return responseSchema.parse(payload ?? {});
}
