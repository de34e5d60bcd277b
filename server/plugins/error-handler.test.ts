import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES, type ErrorCode } from '#domain/errors/app-error';
import { HTTP_STATUS_BY_CODE, mapError } from './error-handler';

describe('mapError', () => {
  it('has an HTTP status for every error code', () => {
    for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
      expect(HTTP_STATUS_BY_CODE[code]).toBeGreaterThanOrEqual(400);
    }
  });

  it('keeps AppError codes, messages and details', () => {
    const mapped = mapError(
      new AppError('VALIDATION_ERROR', 'Session purpose is required', {
        details: [{ path: 'p', message: 'm' }],
      }),
    );
    expect(mapped).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Session purpose is required',
      details: [{ path: 'p', message: 'm' }],
    });
  });

  it('maps lost database connections to SERVICE_UNAVAILABLE', () => {
    expect(mapError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })).code).toBe(
      'SERVICE_UNAVAILABLE',
    );
    expect(mapError(new Error('q', { cause: { code: '57P01' } })).code).toBe('SERVICE_UNAVAILABLE');
    expect(mapError(new Error('q', { cause: { code: '08006' } })).code).toBe('SERVICE_UNAVAILABLE');
  });

  it('maps a query that could not get a connection (Drizzle wrapping the pool timeout) to SERVICE_UNAVAILABLE', () => {
    const poolTimeout = new Error('timeout exceeded when trying to connect');
    const wrapped = new DrizzleQueryError(
      'select 1 from auth_sessions where id = $1',
      ['a-session-id'],
      poolTimeout,
    );
    expect(mapError(wrapped).code).toBe('SERVICE_UNAVAILABLE');
    expect(
      mapError(new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly'))).code,
    ).toBe('SERVICE_UNAVAILABLE');
    // The SQL text itself never decides: a failed query whose text mentions a timeout is still a bug.
    const odd = new DrizzleQueryError(
      "select 'timeout exceeded when trying to connect'",
      [],
      new RangeError('x'),
    );
    expect(mapError(odd).code).toBe('INTERNAL_ERROR');
  });

  it('maps other database errors and plain exceptions to INTERNAL_ERROR with the generic message', () => {
    expect(mapError(new Error('q', { cause: { code: '23505' } }))).toEqual({
      code: 'INTERNAL_ERROR',
      message: ERROR_CODES.INTERNAL_ERROR,
    });
    expect(mapError(new RangeError('oops')).code).toBe('INTERNAL_ERROR');
  });

  it('maps framework 4xx errors by status without echoing their messages', () => {
    const tooLarge = Object.assign(new Error('Request body is too large: 123 bytes'), { statusCode: 413 });
    expect(mapError(tooLarge)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: ERROR_CODES.PAYLOAD_TOO_LARGE });
    expect(mapError(Object.assign(new Error('teapot'), { statusCode: 418 })).code).toBe('VALIDATION_ERROR');
  });
});
