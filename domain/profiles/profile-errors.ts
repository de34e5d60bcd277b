import { AppError, type ErrorCode } from '../errors/app-error';

/** The unique index that makes a username belong to one person (server/db/schema/accounts.ts). */
export const USERNAME_CONSTRAINT = 'profiles_username_uq';

/** SPEC §8 "Unified profile" texts. */
export const UNIFIED_PROFILE_MESSAGES = {
  notAuthenticated: 'User not authenticated',
  createMainProfileFailed: 'Failed to create main profile',
  updateClientProfileFailed: 'Failed to update client profile',
  createClientProfileFailed: 'Failed to create client profile',
  updateProfileFailed: 'Failed to update profile',
  loadClientProfileFailed: 'Failed to load client profile',
  loadCoachProfileFailed: 'Failed to load coach profile',
} as const;

export type DatabaseFailure = { sqlState?: string | undefined; constraint?: string | undefined };

/**
 * SPEC §8 profile update code table, for database failures: 23505 on the username constraint ->
 * USERNAME_TAKEN, any other 23505 -> UNIQUE_VIOLATION, 23502 -> REQUIRED_FIELD_MISSING, 23514 ->
 * INVALID_DATA_FORMAT, anything else -> PROFILE_UPDATE_FAILED (or the caller's default message).
 * Each code's default message is the exact SPEC text (domain/errors/app-error.ts).
 */
export function profileUpdateErrorCode(failure: DatabaseFailure): ErrorCode {
  switch (failure.sqlState) {
    case '23505':
      return failure.constraint === USERNAME_CONSTRAINT ? 'USERNAME_TAKEN' : 'UNIQUE_VIOLATION';
    case '23502':
      return 'REQUIRED_FIELD_MISSING';
    case '23514':
      return 'INVALID_DATA_FORMAT';
    default:
      return 'PROFILE_UPDATE_FAILED';
  }
}

/** Reads SQLSTATE and constraint from a pg error, directly or wrapped (Drizzle puts it in `cause`). */
export function databaseFailureOf(error: unknown): DatabaseFailure {
  const direct = error as { code?: unknown; constraint?: unknown; cause?: unknown } | null | undefined;
  const source = (
    direct && typeof direct.code === 'string' && /^[0-9A-Z]{5}$/.test(direct.code) ? direct : direct?.cause
  ) as { code?: unknown; constraint?: unknown } | null | undefined;
  return {
    sqlState: typeof source?.code === 'string' ? source.code : undefined,
    constraint: typeof source?.constraint === 'string' ? source.constraint : undefined,
  };
}

/**
 * Turns what a profile write threw into the AppError to answer: AppErrors pass through; database
 * failures follow the SPEC §8 table. `defaultMessage` replaces the default row's text (e.g. the
 * client-profile wording); the original error is kept as `cause` for the log.
 */
export function toProfileUpdateError(error: unknown, defaultMessage?: string): AppError {
  if (error instanceof AppError) return error;
  const code = profileUpdateErrorCode(databaseFailureOf(error));
  return new AppError(code, code === 'PROFILE_UPDATE_FAILED' ? defaultMessage : undefined, { cause: error });
}
