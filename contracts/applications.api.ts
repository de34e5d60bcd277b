import {
  adminApplicationListSchema,
  adminApplicationSchema,
  adminApplicationsQuerySchema,
  applicationBodySchema,
  applicationIdParamsSchema,
  myApplicationResponseSchema,
  rejectApplicationBodySchema,
} from './applications';
import { defineEndpoint } from './endpoint';

const tag = 'Coach applications';
const reviewer = { admin: 'manage_applications' } as const;

/**
 * Coach applications: the applicant's endpoints act on the caller's own rows; the admin endpoints
 * need manage_applications (and a second factor), checked before anything is looked up.
 */
export const applicationsApi = {
  mine: defineEndpoint({
    method: 'GET',
    path: '/api/coach-applications/me',
    summary: "The caller's latest coach application and whether they are an approved coach",
    tag,
    access: 'signed-in',
    responses: { 200: myApplicationResponseSchema },
  }),
  apply: defineEndpoint({
    method: 'POST',
    path: '/api/coach-applications',
    summary: 'Apply to coach (one pending application per person)',
    tag,
    access: 'signed-in',
    body: applicationBodySchema,
    responses: { 201: myApplicationResponseSchema },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/coach-applications',
    summary: 'Admin: applications by status, with counts',
    tag,
    access: reviewer,
    query: adminApplicationsQuerySchema,
    responses: { 200: adminApplicationListSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/admin/coach-applications/:id',
    summary: 'Admin: one application',
    tag,
    access: reviewer,
    params: applicationIdParamsSchema,
    responses: { 200: adminApplicationSchema },
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/api/admin/coach-applications/:id/approve',
    summary: 'Admin: approve a pending application (coach role, profile prefill, welcome email)',
    tag,
    access: reviewer,
    params: applicationIdParamsSchema,
    responses: { 200: adminApplicationSchema },
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/admin/coach-applications/:id/reject',
    summary: 'Admin: reject a pending application with a reason',
    tag,
    access: reviewer,
    params: applicationIdParamsSchema,
    body: rejectApplicationBodySchema,
    responses: { 200: adminApplicationSchema },
  }),
} as const;
