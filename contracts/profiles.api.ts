import { defineEndpoint } from './endpoint';
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

const tag = 'Profiles';

/**
 * Profiles (SPEC §3/§5/§7/§8). Every endpoint acts on the caller's own rows, except the public coach and
 * client views and a coach's view of a client they have held a session with (anyone else: 404).
 */
export const profilesApi = {
  getOwn: defineEndpoint({
    method: 'GET',
    path: '/api/profiles/me',
    summary: "The caller's own profile (made on first read)",
    tag,
    access: 'signed-in',
    responses: { 200: ownProfileSchema },
  }),
  updateOwn: defineEndpoint({
    method: 'PATCH',
    path: '/api/profiles/me',
    summary: "Change the caller's own profile (SPEC §5 rules, SPEC §8 errors)",
    tag,
    access: 'signed-in',
    body: profileUpdateBodySchema,
    responses: { 200: ownProfileSchema },
  }),
  getPublicCoach: defineEndpoint({
    method: 'GET',
    path: '/api/profiles/:username',
    summary: "A coach's public profile by username",
    tag,
    access: 'public',
    params: usernameParamsSchema,
    responses: { 200: publicCoachProfileSchema },
  }),
  getOwnClient: defineEndpoint({
    method: 'GET',
    path: '/api/client-profiles/me',
    summary: "The caller's client profile",
    tag,
    access: 'signed-in',
    responses: { 200: clientProfileSchema },
  }),
  saveOwnClient: defineEndpoint({
    method: 'PUT',
    path: '/api/client-profiles/me',
    summary: "Save the caller's client profile",
    tag,
    access: 'signed-in',
    body: clientProfileBodySchema,
    responses: { 200: clientProfileSchema },
  }),
  getPublicClient: defineEndpoint({
    method: 'GET',
    path: '/api/clients/:username',
    summary: "A client's public page: only what they chose to show",
    tag,
    access: 'public',
    params: usernameParamsSchema,
    responses: { 200: publicClientProfileSchema },
  }),
  getClientForCoach: defineEndpoint({
    method: 'GET',
    path: '/api/clients/:clientId/profile',
    summary: "A coach's view of a client they have held a session with",
    tag,
    access: 'signed-in',
    params: clientIdParamsSchema,
    responses: { 200: coachViewOfClientSchema },
  }),
  checkCompletion: defineEndpoint({
    method: 'POST',
    path: '/api/rpc/check_profile_completion',
    summary: "How complete the caller's profile is, and what is missing",
    tag,
    access: 'signed-in',
    responses: { 200: profileCompletionSchema },
  }),
} as const;
