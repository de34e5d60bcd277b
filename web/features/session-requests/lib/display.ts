import { SESSION_MESSAGES, type SessionRequest } from '#contracts/sessions';
import { FORMAT_NOUNS } from '#domain/coaching/format-labels';
import { UTC } from '#web/lib/dates';
import { formatDateTime24 } from '#web/lib/date-times';

/** The coach's name as the client reads it (SPEC §8 fallback 'Your Coach'). */
export const coachNameOf = (request: Pick<SessionRequest, 'coach_name'>) =>
  request.coach_name.trim() || SESSION_MESSAGES.coachNameFallback;

/** The coach's page: by username, else by id (SPEC §2 /profile/{id}). */
export const coachPagePath = (coach: { username: string | null; id: string }) =>
  coach.username
    ? `/coach/${encodeURIComponent(coach.username)}`
    : `/profile/${encodeURIComponent(coach.id)}`;

/** "30-minute video call". */
export const describeRequest = (request: Pick<SessionRequest, 'format' | 'duration_minutes'>) =>
  `${request.duration_minutes}-minute ${FORMAT_NOUNS[request.format].toLowerCase()}`;

/** m:ss of what is left (never negative). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** A preferred date and time (UTC), as written on the request: "Nov 24, 2026, 14:00 UTC". */
export function formatPreferred(date: string, time: string): string {
  const at = new Date(`${date}T${time}:00Z`);
  return Number.isNaN(at.getTime()) ? `${date} ${time} UTC` : `${formatDateTime24(at, UTC)} UTC`;
}
