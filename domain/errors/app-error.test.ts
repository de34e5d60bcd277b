import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES, isErrorCode } from './app-error';

describe('AppError', () => {
  it('uses the documented default message of its code', () => {
    const error = new AppError('NOT_FOUND');
    expect(error.message).toBe(ERROR_CODES.NOT_FOUND);
    expect(error.code).toBe('NOT_FOUND');
    expect(error).toBeInstanceOf(Error);
  });

  it('keeps a custom message and details', () => {
    const error = new AppError('VALIDATION_ERROR', 'Session purpose is required', {
      details: [{ path: 'client_purpose', message: 'Session purpose is required' }],
    });
    expect(error.message).toBe('Session purpose is required');
    expect(error.details).toEqual([{ path: 'client_purpose', message: 'Session purpose is required' }]);
  });

  it('recognises only its own codes', () => {
    expect(isErrorCode('RATE_LIMITED')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('SOMETHING_ELSE')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
  });
});
