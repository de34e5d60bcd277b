import { endpointGroup } from './endpoint';
import {
  notificationParamsSchema,
  notificationResponseSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
} from './notifications';

const endpoint = endpointGroup('Notifications');
const signedInEndpoint = endpoint.as('signed-in');

/** A person's own notifications (contracts/notifications.ts); someone else's is 404. */
export const notificationsApi = {
  list: signedInEndpoint({
    method: 'GET',
    path: '/api/notifications',
    summary: "The caller's notifications, newest first (keyset pages), or the stack's newest undismissed",
    query: notificationsQuerySchema,
    responses: { 200: notificationsPageSchema },
  }),
  read: signedInEndpoint({
    method: 'POST',
    path: '/api/notifications/:id/read',
    summary: 'Mark one notification read',
    params: notificationParamsSchema,
    responses: { 200: notificationResponseSchema },
  }),
  readAll: signedInEndpoint({
    method: 'POST',
    path: '/api/notifications/read-all',
    summary: "Mark all the caller's notifications read",
    responses: { 204: null },
  }),
  dismiss: signedInEndpoint({
    method: 'POST',
    path: '/api/notifications/:id/dismiss',
    summary: "Take one notification off the client's stack",
    params: notificationParamsSchema,
    responses: { 200: notificationResponseSchema },
  }),
  dismissAll: signedInEndpoint({
    method: 'POST',
    path: '/api/notifications/dismiss-all',
    summary: "Clear the client's stack",
    responses: { 204: null },
  }),
} as const;
