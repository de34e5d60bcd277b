import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES } from '../errors/app-error';
import { databaseFailureOf, profileUpdateErrorCode, toProfileUpdateError } from './profile-errors';

describe('SPEC §8 profile update code table', () => {
  it.each([
    [{ sqlState: '23505', constraint: 'profiles_username_uq' }, 'USERNAME_TAKEN'],
    [{ sqlState: '23505', constraint: 'coach_categories_coach_id_category_pk' }, 'UNIQUE_VIOLATION'],
    [{ sqlState: '23505' }, 'UNIQUE_VIOLATION'],
    [{ sqlState: '23502', constraint: undefined }, 'REQUIRED_FIELD_MISSING'],
    [{ sqlState: '23514', constraint: 'profiles_years_experience_ck' }, 'INVALID_DATA_FORMAT'],
    [{ sqlState: '22P02' }, 'PROFILE_UPDATE_FAILED'],
    [{}, 'PROFILE_UPDATE_FAILED'],
  ] as const)('%j -> %s', (failure, code) => {
    expect(profileUpdateErrorCode(failure)).toBe(code);
  });

  it('carries the exact SPEC texts', () => {
    expect(ERROR_CODES.USERNAME_TAKEN).toBe('This username is already taken. Please choose a different one.');
    expect(ERROR_CODES.UNIQUE_VIOLATION).toBe(
      'A unique constraint was violated. Please check your data and try again.',
    );
    expect(ERROR_CODES.REQUIRED_FIELD_MISSING).toBe(
      'Required field is missing. Please fill in all required fields.',
    );
    expect(ERROR_CODES.INVALID_DATA_FORMAT).toBe(
      'Invalid data format. Please check your input and try again.',
    );
    expect(ERROR_CODES.PROFILE_UPDATE_FAILED).toBe('Failed to update profile. Please try again.');
    expect(ERROR_CODES.NO_DATA_RETURNED).toBe('Update completed but no data returned. Please refresh.');
  });

  it('reads SQLSTATE and constraint from a pg error or from a wrapper cause', () => {
    const pgError = Object.assign(new Error('dup'), { code: '23505', constraint: 'profiles_username_uq' });
    expect(databaseFailureOf(pgError)).toEqual({ sqlState: '23505', constraint: 'profiles_username_uq' });
    expect(databaseFailureOf(new Error('wrapped', { cause: pgError }))).toEqual({
      sqlState: '23505',
      constraint: 'profiles_username_uq',
    });
    expect(databaseFailureOf(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toEqual({
      sqlState: undefined,
      constraint: undefined,
    });
  });

  it('passes AppErrors through and uses the caller default message only for the default row', () => {
    const own = new AppError('INVALID_USERNAME');
    expect(toProfileUpdateError(own)).toBe(own);
    const fallback = toProfileUpdateError(new Error('boom'), 'Failed to update client profile');
    expect([fallback.code, fallback.message]).toEqual([
      'PROFILE_UPDATE_FAILED',
      'Failed to update client profile',
    ]);
    const taken = toProfileUpdateError(
      Object.assign(new Error('dup'), { code: '23505', constraint: 'profiles_username_uq' }),
      'ignored',
    );
    expect([taken.code, taken.message]).toEqual(['USERNAME_TAKEN', ERROR_CODES.USERNAME_TAKEN]);
  });
});
