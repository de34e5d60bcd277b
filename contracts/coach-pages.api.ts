import {
  brandingBodySchema,
  coachPageParamsSchema,
  coachPageSchema,
  NOT_A_COACH_MESSAGE,
  ownBrandingSchema,
} from './coach-pages';
import { defineEndpoint } from './endpoint';

const asCoach = { role: 'coach', forbidden: NOT_A_COACH_MESSAGE } as const;

/** Coach pages: the public coach page and website data, and the coach's own branding. */
export const coachPagesApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/coach-pages/:ref',
    summary: "A coach's public page by username, profile id or user id",
    tag: 'Coach pages',
    access: 'public',
    params: coachPageParamsSchema,
    responses: { 200: coachPageSchema },
  }),
  getOwnBranding: defineEndpoint({
    method: 'GET',
    path: '/api/branding/me',
    summary: "The coach's own website look",
    tag: 'Coach pages',
    access: asCoach,
    responses: { 200: ownBrandingSchema },
  }),
  saveOwnBranding: defineEndpoint({
    method: 'PUT',
    path: '/api/branding/me',
    summary: "Replace the coach's website look as a whole",
    tag: 'Coach pages',
    access: asCoach,
    body: brandingBodySchema,
    responses: { 200: ownBrandingSchema },
  }),
} as const;
