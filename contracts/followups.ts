import { z } from 'zod';
import { requiredText } from './fields';
import { SESSION_FORMATS } from '#domain/coaching/categories';

/**
 * The coach's follow-up after a session (SPEC §2 /follow-up/:sessionId, §7
 * coach_followup). Open to the session's two parties only (the coach, and the client by id or by
 * confirmed email); anyone else gets 404.
 *
 *   GET  /api/sessions/:id/followups   both parties: the session's summary and its follow-ups, newest first
 *   POST /api/sessions/:id/followups   the coach (Idempotency-Key required), once the session is over:
 *                                      201 { followup, email }; the client 403, a live session 409
 *
 * The follow-up and its coach_followup email (to the client's confirmed address) are written in one
 * transaction; an email that cannot be queued never undoes the follow-up: the answer says `email:
 * 'failed'` and the web shows SPEC §8 'Email Error' / 'Failed to send follow-up email'. A retried POST
 * with the same Idempotency-Key answers the first response and sends nothing again.
 *
 * Realtime: FOLLOWUP_EVENTS.created on the client's own topic `user:<id>`, recorded in the insert's
 * transaction and delivered after it commits.
 */

export const FOLLOWUP_NOTES_MAX = 5_000;
export const FOLLOWUP_RESOURCES_MAX = 10;
export const FOLLOWUP_RESOURCE_TITLE_MAX = 120;
export const FOLLOWUP_RESOURCE_URL_MAX = 2_000;
/** The most follow-ups one GET returns (newest first); a session has a handful at most. */
export const FOLLOWUPS_LIST_LIMIT = 100;

export const FOLLOWUP_MESSAGES = {
  notesRequired: 'Write a note for your client.',
  notesTooLong: `Keep the notes to ${FOLLOWUP_NOTES_MAX} characters or fewer.`,
  tooManyResources: `Add up to ${FOLLOWUP_RESOURCES_MAX} resources.`,
  titleRequired: 'Give the resource a title.',
  titleTooLong: `Keep the title to ${FOLLOWUP_RESOURCE_TITLE_MAX} characters or fewer.`,
  urlRequired: 'Add the link to the resource.',
  urlNotHttps: 'Use a secure link that starts with https://',
  urlInvalid: 'Enter a full link, for example https://example.com/article',
  urlTooLong: `Keep the link to ${FOLLOWUP_RESOURCE_URL_MAX} characters or fewer.`,
  coachOnly: 'Only the coach of this session can send a follow-up.',
  sessionActive: 'This session is still going on. Send your follow-up once it has ended.',
  /** SPEC §8 toast when the email could not be queued (the follow-up itself is saved). */
  emailErrorTitle: 'Email Error',
  emailErrorDescription: 'Failed to send follow-up email',
} as const;

/**
 * Why a link is not accepted, or null when it is: https only, a host name with a dot, no user name
 * or password in front of the host (https://bank.example@evil.example reads like another site).
 */
export function followupUrlProblem(value: string): string | null {
  const url = value.trim();
  if (url === '') return FOLLOWUP_MESSAGES.urlRequired;
  if (url.length > FOLLOWUP_RESOURCE_URL_MAX) return FOLLOWUP_MESSAGES.urlTooLong;
  if (!/^https:\/\//i.test(url)) {
    return /^[a-z][a-z0-9+.-]*:/i.test(url) ? FOLLOWUP_MESSAGES.urlNotHttps : FOLLOWUP_MESSAGES.urlInvalid;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return FOLLOWUP_MESSAGES.urlInvalid;
  }
  if (/\s/.test(url) || parsed.username || parsed.password || !/\.[a-z0-9-]+\.?$/i.test(parsed.hostname))
    return FOLLOWUP_MESSAGES.urlInvalid;
  return null;
}

export const followupResourceSchema = z
  .object({
    title: requiredText(FOLLOWUP_RESOURCE_TITLE_MAX, {
      required: FOLLOWUP_MESSAGES.titleRequired,
      tooLong: FOLLOWUP_MESSAGES.titleTooLong,
    }),
    url: z
      .string(FOLLOWUP_MESSAGES.urlRequired)
      .trim()
      .superRefine((value, context) => {
        const problem = followupUrlProblem(value);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
  })
  .strict();
export type FollowupResource = z.infer<typeof followupResourceSchema>;

/** POST /api/sessions/:id/followups (Idempotency-Key header required). */
export const sendFollowupSchema = z
  .object({
    notes: requiredText(FOLLOWUP_NOTES_MAX, {
      required: FOLLOWUP_MESSAGES.notesRequired,
      tooLong: FOLLOWUP_MESSAGES.notesTooLong,
    }),
    resources: z
      .array(followupResourceSchema)
      .max(FOLLOWUP_RESOURCES_MAX, FOLLOWUP_MESSAGES.tooManyResources)
      .default([]),
  })
  .strict();
export type SendFollowup = z.input<typeof sendFollowupSchema>;

export const followupSchema = z.object({
  id: z.uuid(),
  session_id: z.uuid(),
  coach_id: z.uuid(),
  client_id: z.uuid(),
  coach_name: z.string(),
  notes: z.string(),
  resources: z.array(z.object({ title: z.string(), url: z.string() })),
  created_at: z.string(),
});
export type Followup = z.infer<typeof followupSchema>;

export const followupParamsSchema = z.object({ id: z.uuid() });

/** GET /api/sessions/:id/followups */
export const followupsResponseSchema = z.object({
  /** Who is asking: the coach writes follow-ups, the client reads them. */
  viewer_role: z.enum(['coach', 'client']),
  /** The session the follow-ups are about (the summary line of the screen). */
  session: z.object({
    id: z.uuid(),
    /** An active session whose end has passed reads `completed` (SPEC §4). */
    status: z.enum(['active', 'completed']),
    format: z.enum(SESSION_FORMATS),
    start_time: z.string(),
    end_time: z.string().nullable(),
    duration_minutes: z.number().int(),
    coach_name: z.string(),
    client_name: z.string(),
  }),
  /** Newest first, at most FOLLOWUPS_LIST_LIMIT. */
  followups: z.array(followupSchema),
});
export type FollowupsResponse = z.infer<typeof followupsResponseSchema>;

/**
 * What became of the coach_followup email: queued in the follow-up's transaction; no_address (the
 * client has no confirmed email address: they read it in Wellspring only); failed (it could not be
 * queued; the follow-up is saved all the same).
 */
export const FOLLOWUP_EMAIL_OUTCOMES = ['queued', 'no_address', 'failed'] as const;
export type FollowupEmailOutcome = (typeof FOLLOWUP_EMAIL_OUTCOMES)[number];

export const sendFollowupResponseSchema = z.object({
  followup: followupSchema,
  email: z.enum(FOLLOWUP_EMAIL_OUTCOMES),
});
export type SendFollowupResponse = z.infer<typeof sendFollowupResponseSchema>;

// ---- Realtime events on `user:<id>`

export const FOLLOWUP_EVENTS = {
  /** To the client: the coach sent a follow-up. Payload { followup }. */
  created: 'session_followup.created',
} as const;

export const followupEventPayloadSchema = z.object({ followup: followupSchema });
