import { endpointGroup } from './endpoint';
import {
  availabilityBodySchema,
  availabilitySchema,
  coachSlotsParamsSchema,
  SCHEDULING_MESSAGES,
  slotsQuerySchema,
  slotsSchema,
} from './scheduling';

const endpoint = endpointGroup('Scheduling');
const coachEndpoint = endpoint.as({ role: 'coach', forbidden: SCHEDULING_MESSAGES.coachOnly });

/** A coach's bookable hours (their own), and the free times anybody may see to book. */
export const schedulingApi = {
  getAvailability: coachEndpoint({
    method: 'GET',
    path: '/api/me/availability',
    summary: "The coach's weekly hours, dates with other hours and booking rules (defaults until saved)",
    responses: { 200: availabilitySchema },
  }),
  saveAvailability: coachEndpoint({
    method: 'PUT',
    path: '/api/me/availability',
    summary: "Saves the coach's hours and rules as a whole (times in the coach's own zone)",
    body: availabilityBodySchema,
    responses: { 200: availabilitySchema },
  }),
  slots: endpoint({
    method: 'GET',
    path: '/api/coaches/:coachId/slots',
    summary: "A coach's free start times for a session of `duration` minutes between `from` and `to`",
    access: 'public',
    params: coachSlotsParamsSchema,
    query: slotsQuerySchema,
    responses: { 200: slotsSchema },
  }),
} as const;
