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

/** Someone's words inside a sentence of ours: trimmed, and ended with a full stop when they are not. */
const asSentence = (text: string) => {
  const trimmed = text.trim();
  return /[.!?…]["'”’)]?$/.test(trimmed) ? trimmed : `${trimmed}.`;
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
  /** A review about the person became visible (type review_visible); SPEC words none of these below. */
  reviewVisible: {
    title: 'New review',
    message: (authorName: string, rating: number) => `${authorName} left you a ${rating}-star review.`,
    action: 'View Review',
  },
  /** The coach's notes after a session (followup_received); the title is the coach_followup email's subject. */
  followupReceived: {
    title: (coachName: string) => `Notes from ${coachName} after your session`,
    message: (coachName: string) => `${coachName} wrote to you after your session. Read it any time.`,
    action: 'View Notes',
  },
  /** A gift delivered to the person's account (gift_received); the title is the gift_received email's. */
  giftReceived: {
    title: (senderName: string) => `${senderName} sent you a gift`,
    /** `what`: "$25.00 of Wellspring credit", "a 30-minute video session with Lena Ortiz". */
    message: (what: string) =>
      `${what.charAt(0).toUpperCase()}${what.slice(1)} is waiting for you. Claim it to add it to your wallet.`,
    action: 'Claim Gift',
  },
  /** A gift claimed that was not waiting for the account when it was sent (gift_received). */
  giftClaimed: {
    title: 'Gift added to your wallet',
    message: (amount: string, senderName: string) => `${amount} from ${senderName} is now in your wallet.`,
    action: 'View Wallet',
  },
  /** withdrawal_decided; the words of the withdrawal's receipt on /revenue. */
  withdrawalApproved: {
    title: 'Withdrawal approved',
    message: (amount: string) =>
      `Your withdrawal of ${amount} was approved. A Wellspring finance admin is sending the money to your payout method.`,
    action: 'View Revenue',
  },
  withdrawalRejected: {
    title: 'Withdrawal rejected',
    message: (amount: string, reason: string) =>
      `Your withdrawal of ${amount} was rejected: ${asSentence(reason)} The amount is back in your available earnings.`,
    action: 'View Revenue',
  },
  /** application_decided; approved: the coach_welcome email's subject and words. */
  applicationApproved: {
    title: "You're approved to coach on Wellspring",
    message: 'Your coach application has been approved. Set up your profile and services, then go online.',
    action: 'Open Coach Home',
  },
  /** The words of the application screen's rejected notice. */
  applicationRejected: {
    title: 'Your application was not approved',
    message: (reason: string) => `The reviewer wrote: ${asSentence(reason)} You can apply again.`,
    action: 'View Application',
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
