import type { ChatSession } from '#contracts/sessions';

/** SPEC §4: an active session whose end (start + duration) has passed displays as completed. */
export function isOver(session: Pick<ChatSession, 'status' | 'ends_at'>, now: number): boolean {
  return session.status === 'completed' || Date.parse(session.ends_at) <= now;
}

/**
 * Milliseconds until a booked session's start: it opens 10 minutes early and counts down to its booked
 * time. 0 once it has started — its time running (both present: start_time then moves to that moment,
 * so it is no longer the booked time) or the booked time passed — and always for an instant session (it
 * starts at its acceptance, whatever this device's clock says).
 */
export const msUntilStart = (
  session: Pick<ChatSession, 'start_time' | 'booking_id' | 'timer_started'>,
  now: number,
) =>
  session.booking_id === null || session.timer_started
    ? 0
    : Math.max(0, Date.parse(session.start_time) - now);

/** Milliseconds left until the session's end, never below 0. */
export const msLeft = (session: Pick<ChatSession, 'ends_at'>, now: number) =>
  Math.max(0, Date.parse(session.ends_at) - now);

/** 754_000 -> "12:34", 3_723_000 -> "1:02:03" (rounded up, so 0:00 means it is over). */
export function clock(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
}

/** The person on the other side, for the viewer (the coach sees the client and the other way round). */
export function otherParty(session: ChatSession, viewerId: string | null) {
  return viewerId === session.coach_id
    ? { role: 'client' as const, name: session.client_name, avatarUrl: null, email: session.client_email }
    : { role: 'coach' as const, name: session.coach_name, avatarUrl: session.coach_avatar_url, email: null };
}

/** "30 min", "1 h 5 min". */
export function minutesText(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** How long it actually ran, in minutes (fractional): end_time - start_time, else up to now or its end. */
export function lastedMinutes(session: ChatSession, now: number): number {
  const start = Date.parse(session.start_time);
  const end = session.end_time ? Date.parse(session.end_time) : Math.min(now, Date.parse(session.ends_at));
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return session.duration_minutes;
  return Math.min(session.duration_minutes, (end - start) / 60_000);
}

/** "Under 1 min" for a session ended within its first minute, else minutesText. */
export const lastedText = (minutes: number) => (minutes < 1 ? 'Under 1 min' : minutesText(minutes));
