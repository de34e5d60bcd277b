import { endpointGroup } from './endpoint';
import {
  followupParamsSchema,
  followupsResponseSchema,
  sendFollowupResponseSchema,
  sendFollowupSchema,
} from './followups';

const endpoint = endpointGroup('Follow-ups');
const signedInEndpoint = endpoint.as('signed-in');

/**
 * Follow-ups after a session. Only the session's parties; anyone else gets 404, an anonymous caller
 * 401. Sending is the coach's, once the session is over, with an Idempotency-Key, so a retried send
 * sends nothing twice.
 */
export const followupsApi = {
  list: signedInEndpoint({
    method: 'GET',
    path: '/api/sessions/:id/followups',
    summary: "A session's summary and the coach's follow-ups, newest first",
    params: followupParamsSchema,
    responses: { 200: followupsResponseSchema },
  }),
  send: signedInEndpoint({
    method: 'POST',
    path: '/api/sessions/:id/followups',
    summary: 'The coach sends notes and resources after the session (emailed to the client)',
    idempotent: true,
    params: followupParamsSchema,
    body: sendFollowupSchema,
    responses: { 201: sendFollowupResponseSchema },
  }),
} as const;
