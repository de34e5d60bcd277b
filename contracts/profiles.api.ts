import { endpointGroup } from './endpoint';
import {
  clientIdParamsSchema,
  clientProfileBodySchema,
  clientProfileSchema,
  coachViewOfClientSchema,
  ownProfileSchema,
  profileCompletionSchema,
  profileUpdateBodySchema,
  publicClientProfileSchema,
  publicCoachProfileSchema,
  usernameParamsSchema,
} from './profiles';

const endpoint = endpointGroup('Profiles');
const signedInEndpoint = endpoint.as('signed-in');
const publicEndpoint = endpoint.as('public');

/**
 * Profiles (SPEC §3/§5/§7/§8). Every endpoint acts on the caller's own rows, except the public coach and
 * client views and a coach's view of a client they have held a session with (anyone else: 404).
 */
export const profilesApi = {
  getOwn: signedInEndpoint({
    method: 'GET',
    path: '/api/profiles/me',
    summary: "The caller's own profile (made on first read)",
    responses: { 200: ownProfileSchema },
  }),
  updateOwn: signedInEndpoint({
    method: 'PATCH',
    path: '/api/profiles/me',
    summary: "Change the caller's own profile (SPEC §5 rules, SPEC §8 errors)",
    body: profileUpdateBodySchema,
    responses: { 200: ownProfileSchema },
  }),
  getPublicCoach: publicEndpoint({
    method: 'GET',
    path: '/api/profiles/:username',
    summary: "A coach's public profile by username",
    params: usernameParamsSchema,
    responses: { 200: publicCoachProfileSchema },
  }),
  getOwnClient: signedInEndpoint({
    method: 'GET',
    path: '/api/client-profiles/me',
    summary: "The caller's client profile",
    responses: { 200: clientProfileSchema },
  }),
  saveOwnClient: signedInEndpoint({
    method: 'PUT',
    path: '/api/client-profiles/me',
    summary: "Save the caller's client profile",
    body: clientProfileBodySchema,
    responses: { 200: clientProfileSchema },
  }),
  getPublicClient: publicEndpoint({
    method: 'GET',
    path: '/api/clients/:username',
    summary: "A client's public page: only what they chose to show",
    params: usernameParamsSchema,
    responses: { 200: publicClientProfileSchema },
  }),
  getClientForCoach: signedInEndpoint({
    method: 'GET',
    path: '/api/clients/:clientId/profile',
    summary: "A coach's view of a client they have held a session with",
    params: clientIdParamsSchema,
    responses: { 200: coachViewOfClientSchema },
  }),
  checkCompletion: signedInEndpoint({
    method: 'POST',
    path: '/api/rpc/check_profile_completion',
    summary: "How complete the caller's profile is, and what is missing",
    responses: { 200: profileCompletionSchema },
  }),
} as const;
