import { SESSION_MESSAGES, type SessionRequest } from '#contracts/sessions';

/**
 * The SPEC §3/§8 notifications a client's own request events create (the notification stack
 * keeps them; the route hands them over, since features stay apart). `key` makes each one once.
 */
export type ClientNotice = {
  key: string;
  type: 'session_rejected' | 'coach_message';
  title: string;
  message: string;
  coachName: string;
  /** SPEC §9: declined #ff7e5f, coach message #0396FF. */
  color: string;
  icon: 'calendar-x' | 'message';
  actionText: string;
  action: string;
};

export const NOTICE_COLORS = { declined: '#ff7e5f', coachMessage: '#0396FF' } as const;

const coachNameOf = (request: Pick<SessionRequest, 'coach_name'>) =>
  request.coach_name.trim() || SESSION_MESSAGES.coachNameFallback;

/** SPEC §8 "Declined-request notification". */
export const rejectedNotice = (request: Pick<SessionRequest, 'id' | 'coach_name'>): ClientNotice => ({
  key: `session_rejected:${request.id}`,
  type: 'session_rejected',
  title: SESSION_MESSAGES.rejectedTitle,
  message: SESSION_MESSAGES.rejectedMessage,
  coachName: coachNameOf(request),
  color: NOTICE_COLORS.declined,
  icon: 'calendar-x',
  actionText: SESSION_MESSAGES.rejectedAction,
  action: '/chat',
});

/** A coach's message on a request (after a decline, cancel or expiry): 'View Message' to /chat. */
export const coachMessageNotice = (
  request: Pick<SessionRequest, 'id' | 'coach_name'> & { coach_message: string },
): ClientNotice => ({
  key: `coach_message:${request.id}`,
  type: 'coach_message',
  title: `Message from ${coachNameOf(request)}`,
  message: request.coach_message,
  coachName: coachNameOf(request),
  color: NOTICE_COLORS.coachMessage,
  icon: 'message',
  actionText: 'View Message',
  action: '/chat',
});
