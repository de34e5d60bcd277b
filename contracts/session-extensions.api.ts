import { endpointGroup } from './endpoint';
import {
  acceptSessionExtensionResponseSchema,
  createSessionExtensionSchema,
  sessionExtensionParamsSchema,
  sessionExtensionSchema,
  sessionExtensionSessionParamsSchema,
  sessionExtensionsResponseSchema,
} from './session-extensions';

const endpoint = endpointGroup('Session extensions');
const signedInEndpoint = endpoint.as('signed-in');

/**
 * More minutes in a live session. Only the session's parties; anyone else gets 404, an anonymous caller
 * 401, the other party 403. Asking holds money, so it needs an Idempotency-Key (a replay answers the
 * first response and holds nothing again).
 */
export const sessionExtensionsApi = {
  list: signedInEndpoint({
    method: 'GET',
    path: '/api/sessions/:id/extensions',
    summary: "A session's asks for more time, and what the client may ask for now",
    params: sessionExtensionSessionParamsSchema,
    responses: { 200: sessionExtensionsResponseSchema },
  }),
  create: signedInEndpoint({
    method: 'POST',
    path: '/api/sessions/:id/extensions',
    summary: 'The client asks for more minutes: quoted and held (the coach is prompted)',
    idempotent: true,
    params: sessionExtensionSessionParamsSchema,
    body: createSessionExtensionSchema,
    responses: { 201: sessionExtensionSchema },
  }),
  accept: signedInEndpoint({
    method: 'POST',
    path: '/api/session-extensions/:id/accept',
    summary: 'The coach accepts: the session grows by the minutes in the same transaction',
    params: sessionExtensionParamsSchema,
    responses: { 200: acceptSessionExtensionResponseSchema },
  }),
  decline: signedInEndpoint({
    method: 'POST',
    path: '/api/session-extensions/:id/decline',
    summary: 'The coach declines: the hold is released',
    params: sessionExtensionParamsSchema,
    responses: { 200: sessionExtensionSchema },
  }),
  cancel: signedInEndpoint({
    method: 'POST',
    path: '/api/session-extensions/:id/cancel',
    summary: 'The client cancels a pending ask: the hold is released',
    params: sessionExtensionParamsSchema,
    responses: { 200: sessionExtensionSchema },
  }),
} as const;
