import { defineEndpoint } from './endpoint';
import { presenceSchema, setPresenceSchema } from './presence';

const tag = 'Coach presence';

/** Coach presence: the caller's own online status. Approved coaches only (403 otherwise). */
export const presenceApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/me/presence',
    summary: "The coach's own online status",
    tag,
    access: 'signed-in',
    responses: { 200: presenceSchema },
  }),
  set: defineEndpoint({
    method: 'PUT',
    path: '/api/me/presence',
    summary: 'The coach goes online or offline',
    tag,
    access: 'signed-in',
    body: setPresenceSchema,
    responses: { 200: presenceSchema },
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: '/api/me/presence/confirm',
    summary: 'The coach confirms being still online (the periodic check)',
    tag,
    access: 'signed-in',
    responses: { 200: presenceSchema },
  }),
} as const;
