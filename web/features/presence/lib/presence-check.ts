import { PRESENCE_RECONFIRM_MS, type Presence } from '#contracts/presence';

/**
 * SPEC §4 presence check: ask "Are you still online?" when the coach is online, has no active
 * session, and the last confirmation is PRESENCE_RECONFIRM_MS (2 h) old or more. Without any
 * confirmation there is nothing to ask: one is recorded instead (needsFirstConfirmation).
 */
export function shouldAskStillOnline(presence: Presence | undefined, now: number, inSession: boolean) {
  if (!presence?.is_online || presence.is_busy || inSession) return false;
  if (presence.last_online_confirm_at === null) return false;
  const confirmedAt = Date.parse(presence.last_online_confirm_at);
  return Number.isFinite(confirmedAt) && now - confirmedAt >= PRESENCE_RECONFIRM_MS;
}

/** SPEC §4: "If no confirmation exists, one is recorded when the coach is online." */
export const needsFirstConfirmation = (presence: Presence | undefined) =>
  presence?.is_online === true && presence.last_online_confirm_at === null;

/** Whole seconds left until `deadline` (never below 0). */
export const secondsLeft = (deadline: number, now: number) => Math.max(0, Math.ceil((deadline - now) / 1000));
