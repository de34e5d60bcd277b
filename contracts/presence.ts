import { z } from 'zod';

/**
 * Coach online status (SPEC §4 "Coach online status", §9).
 *
 *   GET  /api/me/presence           the coach's own status
 *   PUT  /api/me/presence           { is_online }: going online records last_online_confirm_at
 *   POST /api/me/presence/confirm   "Yes, I'm online": refreshes last_online_confirm_at
 *
 * Only approved coaches may change it (is_online is not writable through PATCH /api/profiles/me).
 * Every change is announced to all connected tabs on the public broadcast topic
 * (PRESENCE_EVENT, payload CoachPresenceEvent) so discovery and coach pages update live. A coach
 * with an active session shows as busy.
 */
export const PRESENCE_CHECK_MS = 60_000;
export const PRESENCE_RECONFIRM_MS = 2 * 60 * 60 * 1000;
export const PRESENCE_COUNTDOWN_S = 30;

export const PRESENCE_MESSAGES = {
  updateFailed: 'Failed to update online status',
  stillOnlineTitle: 'Are you still online?',
  stillOnlineConfirm: "Yes, I'm online",
  goOffline: 'Go offline',
} as const;

export const presenceSchema = z.object({
  is_online: z.boolean(),
  last_online_confirm_at: z.string().nullable(),
  /** In an active session now. */
  is_busy: z.boolean(),
});
export type Presence = z.infer<typeof presenceSchema>;

export const setPresenceSchema = z.object({ is_online: z.boolean('Say whether you are online.') }).strict();

/** The broadcast event every tab receives when a coach's shown status changes. */
export const PRESENCE_EVENT = 'coach_presence.changed';
export const coachPresenceEventSchema = z.object({
  coach_id: z.uuid(),
  /** Online and showing it (show_online_status). */
  is_online: z.boolean(),
  is_busy: z.boolean(),
});
export type CoachPresenceEvent = z.infer<typeof coachPresenceEventSchema>;
