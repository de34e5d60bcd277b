import { z } from 'zod';
import { NOTIFICATION_TYPES, type NotificationType } from '#domain/notifications/kinds';

export { NOTIFICATION_TYPES, type NotificationType };

/**
 * Notifications that last (SPEC §3 Notification, §4 client stack, §8 texts, §9 colours; #17): kept on
 * the server per person, written with the event that causes them, listed on /notifications (newest
 * first, keyset pages) and feeding the client's stack (the newest NOTIFICATION_STACK_KEPT not
 * dismissed). NOTIFICATION_EVENTS on the person's own topic keep every tab in step.
 */

/** SPEC §9: the stack keeps 5 and shows 3. */
export const NOTIFICATION_STACK_KEPT = 5;
export const NOTIFICATION_STACK_SHOWN = 3;
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** SPEC §9 colours by type (the others take the theme's primary). */
export const NOTIFICATION_COLORS: Partial<Record<NotificationType, string>> = {
  session_rejected: '#ff7e5f',
  coach_message: '#0396FF',
};

/** SPEC §8 texts, and ours for the types SPEC does not word. */
export const NOTIFICATION_TEXTS = {
  sessionRejected: {
    title: 'Session Request Declined',
    message: "Your coach can't make it at the moment, but you can try again or send them a message.",
    action: 'Send Message',
  },
  coachMessage: { title: (coachName: string) => `New message from ${coachName}`, action: 'View Message' },
  /** The request ran out before the coach answered (type session_cancelled). */
  sessionExpired: {
    title: 'Session Request Expired',
    message: (coachName: string) =>
      `${coachName} could not answer in time. You can try again later or send them a message.`,
    action: 'Send Message',
  },
  sessionAccepted: {
    title: 'Request Accepted!',
    message: (coachName: string) => `${coachName} accepted your session request.`,
    action: 'Join Session',
  },
  /** SPEC §8: the coach's name when unknown. */
  coachFallback: 'Your Coach',
} as const;

export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  actor_id: z.uuid().nullable(),
  actor_name: z.string().nullable(),
  action_text: z.string().nullable(),
  /** A path inside Wellspring. */
  action_url: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  read_at: z.iso.datetime({ offset: true }).nullable(),
  dismissed_at: z.iso.datetime({ offset: true }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  /** `stack`: the newest NOTIFICATION_STACK_KEPT not dismissed (the client's stack); default all. */
  view: z.enum(['all', 'stack']).optional(),
});
export const notificationsPageSchema = z.object({
  notifications: z.array(notificationSchema),
  next_cursor: z.string().nullable(),
  unread_count: z.number().int().nonnegative(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const notificationParamsSchema = z.object({ id: z.uuid() });
export const notificationResponseSchema = z.object({ notification: notificationSchema });

export const NOTIFICATION_EVENTS = {
  /** A new notification. Payload { notification }. */
  created: 'notification.created',
  /** Read or dismissed (one, or all: ids). Payload { ids, read, dismissed }. */
  changed: 'notification.changed',
} as const;
