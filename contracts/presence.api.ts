import { endpointGroup } from './endpoint';
import { presenceSchema, setPresenceSchema } from './presence';

const endpoint = endpointGroup('Coach presence');
const signedInEndpoint = endpoint.as('signed-in');

/** Coach presence: the caller's own online status. Approved coaches only (403 otherwise). */
export const presenceApi = {
  get: signedInEndpoint({
    method: 'GET',
    path: '/api/me/presence',
    summary: "The coach's own online status",
    responses: { 200: presenceSchema },
  }),
  set: signedInEndpoint({
    method: 'PUT',
    path: '/api/me/presence',
    summary: 'The coach goes online or offline',
    body: setPresenceSchema,
    responses: { 200: presenceSchema },
  }),
  confirm: signedInEndpoint({
    method: 'POST',
    path: '/api/me/presence/confirm',
    summary: 'The coach confirms being still online (the periodic check)',
    responses: { 200: presenceSchema },
  }),
} as const;
