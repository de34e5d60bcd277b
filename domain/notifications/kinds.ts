/**
 * The kinds of notification a person is sent (SPEC §3 Notification; #17), shared by the table and
 * the contracts. A new kind is added here first (the table's check is built from this list).
 */
export const NOTIFICATION_TYPES = [
  'session_rejected',
  'coach_message',
  'session_cancelled',
  'session_accepted',
  /** A review about the person became visible (both sides wrote, or the blind window closed). */
  'review_visible',
  /** The coach's notes after a session, to the client. */
  'followup_received',
  /** A gift is the person's to claim, or was added to their wallet. */
  'gift_received',
  /** An admin approved or rejected the coach's withdrawal. */
  'withdrawal_decided',
  /** An admin approved or rejected the person's coach application. */
  'application_decided',
  /** A client booked one of the coach's services at a time. */
  'booking_made',
  /** A booked session did not take place because the coach never opened it (nothing charged). */
  'booking_missed',
  /** The other party cancelled a booking (what it cost or gave back is in the message). */
  'booking_cancelled',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
