/**
 * The kinds of notification a person is sent (SPEC §3 Notification; #17), shared by the table and
 * the contracts. A new kind is added here first.
 */
export const NOTIFICATION_TYPES = [
  'session_rejected',
  'coach_message',
  'session_cancelled',
  'session_accepted',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
