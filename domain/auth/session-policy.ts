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
 * Abandoned authenticator set-ups (unverified TOTP factors) expire as in GoTrue: one never challenged
 * within 5 minutes (MFA factor_expiry_duration, default 300 s), any after 24 hours (its cleanup). An
 * expired set-up is no longer listed or usable and is deleted when anyone next enrols; verifying one
 * factor deletes the person's other unverified ones.
 */
export const UNVERIFIED_FACTOR_TTL_MS = 5 * 60_000;
export const UNVERIFIED_FACTOR_MAX_AGE_MS = 24 * 60 * 60_000;

export type FactorExpiry = { unchallengedBefore: Date; anyBefore: Date };

/** The cut-offs at `now`: unverified factors created before them have expired. */
export const unverifiedFactorsSince = (now: Date): FactorExpiry => ({
  unchallengedBefore: new Date(now.getTime() - UNVERIFIED_FACTOR_TTL_MS),
  anyBefore: new Date(now.getTime() - UNVERIFIED_FACTOR_MAX_AGE_MS),
});
