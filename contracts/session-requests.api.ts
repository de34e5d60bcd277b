import { endpointGroup } from './endpoint';
import {
  acceptResponseSchema,
  alternativesResponseSchema,
  coachMessageSchema,
  createSessionRequestSchema,
  pendingRequestResponseSchema,
  scheduledRequestsResponseSchema,
  SESSION_REQUEST_ERRORS,
  sessionRequestParamsSchema,
  sessionRequestSchema,
} from './sessions';

const endpoint = endpointGroup('Session requests');
const asClient = { role: 'client', forbidden: SESSION_REQUEST_ERRORS.clientOnly } as const;
const coachEndpoint = endpoint.as({ role: 'coach', forbidden: SESSION_REQUEST_ERRORS.coachOnly });
const signedInEndpoint = endpoint.as('signed-in');

/**
 * A client asks a coach for a session (instant: the coach's screen rings; or at a preferred time).
 * A request that is not the caller's (or not theirs to act on) answers 404, never 403.
 */
export const sessionRequestsApi = {
  create: endpoint({
    method: 'POST',
    path: '/api/session-requests',
    summary: 'Ask a coach for a session: quote and hold the price (the coach is alerted)',
    access: asClient,
    idempotent: true,
    body: createSessionRequestSchema,
    responses: { 201: sessionRequestSchema },
  }),
  pending: coachEndpoint({
    method: 'GET',
    path: '/api/session-requests/pending',
    summary: "The coach's newest pending instant request (the safety net behind the ring), or null",
    responses: { 200: pendingRequestResponseSchema },
  }),
  scheduled: coachEndpoint({
    method: 'GET',
    path: '/api/session-requests/scheduled',
    summary: "The coach's pending requests for a preferred date and time",
    responses: { 200: scheduledRequestsResponseSchema },
  }),
  get: signedInEndpoint({
    method: 'GET',
    path: '/api/session-requests/:id',
    summary: "A party's view of one request",
    params: sessionRequestParamsSchema,
    responses: { 200: sessionRequestSchema },
  }),
  alternatives: signedInEndpoint({
    method: 'GET',
    path: '/api/session-requests/:id/alternatives',
    summary: 'After an expiry or decline: online coaches in the same category',
    params: sessionRequestParamsSchema,
    responses: { 200: alternativesResponseSchema },
  }),
  accept: signedInEndpoint({
    method: 'POST',
    path: '/api/session-requests/:id/accept',
    summary: 'The coach accepts: the session starts in the same transaction',
    params: sessionRequestParamsSchema,
    responses: { 200: acceptResponseSchema },
  }),
  decline: signedInEndpoint({
    method: 'POST',
    path: '/api/session-requests/:id/decline',
    summary: 'The coach declines: the hold is released',
    params: sessionRequestParamsSchema,
    responses: { 200: sessionRequestSchema },
  }),
  cancel: signedInEndpoint({
    method: 'POST',
    path: '/api/session-requests/:id/cancel',
    summary: 'The client cancels a pending request: the hold is released',
    params: sessionRequestParamsSchema,
    responses: { 200: sessionRequestSchema },
  }),
  message: signedInEndpoint({
    method: 'POST',
    path: '/api/session-requests/:id/message',
    summary: "The coach's message to the client after a decline, cancel or expiry",
    params: sessionRequestParamsSchema,
    body: coachMessageSchema,
    responses: { 200: sessionRequestSchema },
  }),
} as const;
