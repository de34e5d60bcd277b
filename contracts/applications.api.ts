import {
  adminApplicationListSchema,
  adminApplicationSchema,
  adminApplicationsQuerySchema,
  applicationBodySchema,
  applicationIdParamsSchema,
  myApplicationResponseSchema,
  rejectApplicationBodySchema,
} from './applications';
import { endpointGroup } from './endpoint';

const endpoint = endpointGroup('Coach applications');
const reviewer = { admin: 'manage_applications' } as const;
const signedInEndpoint = endpoint.as('signed-in');
const reviewerEndpoint = endpoint.as(reviewer);

/**
 * Coach applications: the applicant's endpoints act on the caller's own rows; the admin endpoints
 * need manage_applications (and a second factor), checked before anything is looked up.
 */
export const applicationsApi = {
  mine: signedInEndpoint({
    method: 'GET',
    path: '/api/coach-applications/me',
    summary: "The caller's latest coach application and whether they are an approved coach",
    responses: { 200: myApplicationResponseSchema },
  }),
  apply: signedInEndpoint({
    method: 'POST',
    path: '/api/coach-applications',
    summary: 'Apply to coach (one pending application per person)',
    body: applicationBodySchema,
    responses: { 201: myApplicationResponseSchema },
  }),
  list: reviewerEndpoint({
    method: 'GET',
    path: '/api/admin/coach-applications',
    summary: 'Admin: applications by status, with counts',
    query: adminApplicationsQuerySchema,
    responses: { 200: adminApplicationListSchema },
  }),
  get: reviewerEndpoint({
    method: 'GET',
    path: '/api/admin/coach-applications/:id',
    summary: 'Admin: one application',
    params: applicationIdParamsSchema,
    responses: { 200: adminApplicationSchema },
  }),
  approve: reviewerEndpoint({
    method: 'POST',
    path: '/api/admin/coach-applications/:id/approve',
    summary: 'Admin: approve a pending application (coach role, profile prefill, welcome email)',
    params: applicationIdParamsSchema,
    responses: { 200: adminApplicationSchema },
  }),
  reject: reviewerEndpoint({
    method: 'POST',
    path: '/api/admin/coach-applications/:id/reject',
    summary: 'Admin: reject a pending application with a reason',
    params: applicationIdParamsSchema,
    body: rejectApplicationBodySchema,
    responses: { 200: adminApplicationSchema },
  }),
} as const;
