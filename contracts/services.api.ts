import { endpointGroup } from './endpoint';
import {
  bookableServiceSchema,
  coachIdParamsSchema,
  SERVICE_MESSAGES,
  serviceCreateBodySchema,
  serviceDeletedSchema,
  serviceIdParamsSchema,
  serviceListSchema,
  serviceSchema,
  serviceUpdateBodySchema,
} from './services';

const endpoint = endpointGroup('Services');
const coachEndpoint = endpoint.as({ role: 'coach', forbidden: SERVICE_MESSAGES.coachOnly });
const signedInEndpoint = endpoint.as('signed-in');

/**
 * A coach's services (SPEC §3 service shape). The public list shows a coach's active services;
 * everything else acts on the caller's own services (someone else's answers 404, like a missing one).
 */
export const servicesApi = {
  listPublic: endpoint({
    method: 'GET',
    path: '/api/coaches/:coachId/services',
    summary: "A coach's active services in display order (an id that is not a coach's: empty)",
    access: 'public',
    params: coachIdParamsSchema,
    responses: { 200: serviceListSchema },
  }),
  getPublic: endpoint({
    method: 'GET',
    path: '/api/services/:id',
    summary: 'An active service and its coach, to book it (paused or unknown: 404)',
    access: 'public',
    params: serviceIdParamsSchema,
    responses: { 200: bookableServiceSchema },
  }),
  listMine: coachEndpoint({
    method: 'GET',
    path: '/api/services/mine',
    summary: "The coach's own services, paused ones included",
    responses: { 200: serviceListSchema },
  }),
  create: coachEndpoint({
    method: 'POST',
    path: '/api/services',
    summary: 'Offer a new service',
    body: serviceCreateBodySchema,
    responses: { 200: serviceSchema },
  }),
  update: signedInEndpoint({
    method: 'PATCH',
    path: '/api/services/:id',
    summary: 'Change one of the caller\'s services (pausing is { "is_active": false })',
    params: serviceIdParamsSchema,
    body: serviceUpdateBodySchema,
    responses: { 200: serviceSchema },
  }),
  remove: signedInEndpoint({
    method: 'DELETE',
    path: '/api/services/:id',
    summary: "Delete one of the caller's services",
    params: serviceIdParamsSchema,
    responses: { 200: serviceDeletedSchema },
  }),
} as const;
