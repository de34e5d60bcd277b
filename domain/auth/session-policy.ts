/** Session and token lifetimes (SPEC §4 Inactivity, §9; security requirements R4–R6). */
export const SESSION_POLICY = {
  /** Access tokens live 15 minutes (at most an hour by config), so browsers refresh well within the idle limit. */
  accessTokenTtlSeconds: 900,
  /** A refresh after 30 minutes without one is refused (the browser warns at 25). */
  idleTimeoutMs: 30 * 60_000,
  /** A session ends 12 hours after sign-in, whatever the activity (configurable). */
  absoluteLifetimeMs: 12 * 60 * 60_000,
  /** A just-rotated refresh token may be presented again this long (lost responses, parallel tabs). */
  refreshReuseIntervalMs: 10_000,
} as const;

export type SessionTimes = { refreshedAt: Date; notAfter: Date; endedAt: Date | null };

export type SessionState = 'active' | 'ended' | 'idle_timeout' | 'expired';

export function sessionState(
  session: SessionTimes,
  now: Date,
  idleTimeoutMs: number = SESSION_POLICY.idleTimeoutMs,
): SessionState {
  if (session.endedAt) return 'ended';
  if (now.getTime() >= session.notAfter.getTime()) return 'expired';
  if (now.getTime() - session.refreshedAt.getTime() > idleTimeoutMs) return 'idle_timeout';
  return 'active';
}

/**
 * An authenticator set-up (an unverified TOTP factor) not finished within 5 minutes has expired, as
 * GoTrue's MFA factor_expiry_duration (default 300 s): it is no longer listed, and is deleted when the
 * person (or anyone) next enrols; verifying one factor deletes the person's other unverified ones.
 */
export const UNVERIFIED_FACTOR_TTL_MS = 5 * 60_000;

/** Unverified factors created before this are expired. */
export const unverifiedFactorsSince = (now: Date) => new Date(now.getTime() - UNVERIFIED_FACTOR_TTL_MS);
