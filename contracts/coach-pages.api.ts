import {
  brandingBodySchema,
  coachPageParamsSchema,
  coachPageSchema,
  NOT_A_COACH_MESSAGE,
  ownBrandingSchema,
} from './coach-pages';
import { endpointGroup } from './endpoint';

const endpoint = endpointGroup('Coach pages');

const coachEndpoint = endpoint.as({ role: 'coach', forbidden: NOT_A_COACH_MESSAGE });

/** Coach pages: the public coach page and website data, and the coach's own branding. */
export const coachPagesApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/coach-pages/:ref',
    summary: "A coach's public page by username, profile id or user id",
    access: 'public',
    params: coachPageParamsSchema,
    responses: { 200: coachPageSchema },
  }),
  getOwnBranding: coachEndpoint({
    method: 'GET',
    path: '/api/branding/me',
    summary: "The coach's own website look",
    responses: { 200: ownBrandingSchema },
  }),
  saveOwnBranding: coachEndpoint({
    method: 'PUT',
    path: '/api/branding/me',
    summary: "Replace the coach's website look as a whole",
    body: brandingBodySchema,
    responses: { 200: ownBrandingSchema },
  }),
} as const;
