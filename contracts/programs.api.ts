import { endpointGroup } from './endpoint';
import {
  enrolmentListSchema,
  enrolResponseSchema,
  lessonCompleteResponseSchema,
  lessonCreateBodySchema,
  lessonIdParamsSchema,
  lessonNumberParamsSchema,
  lessonReorderBodySchema,
  lessonUpdateBodySchema,
  lessonViewSchema,
  PROGRAM_MESSAGES,
  programCreateBodySchema,
  programDeletedSchema,
  programDetailSchema,
  programIdParamsSchema,
  programSummaryListSchema,
  programUpdateBodySchema,
  publicProgramSchema,
} from './programs';
import { coachIdParamsSchema } from './services';

const endpoint = endpointGroup('Programs');
const detail = { 200: programDetailSchema } as const;
const coachEndpoint = endpoint.as({ role: 'coach', forbidden: PROGRAM_MESSAGES.coachOnly });
const signedInEndpoint = endpoint.as('signed-in');

/**
 * Programs: public pages of published programs; the coach's builder (owner only: someone else's
 * program answers 404 like a missing one); enrolment and lesson progress for the people who join.
 */
export const programsApi = {
  listPublic: endpoint({
    method: 'GET',
    path: '/api/coaches/:coachId/programs',
    summary: "A coach's published programs",
    access: 'public',
    params: coachIdParamsSchema,
    responses: { 200: programSummaryListSchema },
  }),
  getPublic: endpoint({
    method: 'GET',
    path: '/api/programs/:id/public',
    summary: "A program's public page; signed in, it also says whether the caller owns or joined it",
    access: 'optional',
    params: programIdParamsSchema,
    responses: { 200: publicProgramSchema },
  }),
  listMine: coachEndpoint({
    method: 'GET',
    path: '/api/programs/mine',
    summary: "The coach's own programs, drafts included",
    responses: { 200: programSummaryListSchema },
  }),
  create: coachEndpoint({
    method: 'POST',
    path: '/api/programs',
    summary: 'Start a new program (a draft)',
    body: programCreateBodySchema,
    responses: detail,
  }),
  getOwned: signedInEndpoint({
    method: 'GET',
    path: '/api/programs/:id',
    summary: "One of the caller's programs with its lessons",
    params: programIdParamsSchema,
    responses: detail,
  }),
  update: signedInEndpoint({
    method: 'PATCH',
    path: '/api/programs/:id',
    summary: "Change one of the caller's programs",
    params: programIdParamsSchema,
    body: programUpdateBodySchema,
    responses: detail,
  }),
  remove: signedInEndpoint({
    method: 'DELETE',
    path: '/api/programs/:id',
    summary: "Delete one of the caller's programs",
    params: programIdParamsSchema,
    responses: { 200: programDeletedSchema },
  }),
  publish: signedInEndpoint({
    method: 'POST',
    path: '/api/programs/:id/publish',
    summary: 'Publish a program (free programs only for now)',
    params: programIdParamsSchema,
    responses: detail,
  }),
  unpublish: signedInEndpoint({
    method: 'POST',
    path: '/api/programs/:id/unpublish',
    summary: 'Take a program back to draft (people who joined keep access)',
    params: programIdParamsSchema,
    responses: detail,
  }),
  addLesson: signedInEndpoint({
    method: 'POST',
    path: '/api/programs/:id/lessons',
    summary: 'Add a lesson at the end of a program',
    params: programIdParamsSchema,
    body: lessonCreateBodySchema,
    responses: detail,
  }),
  reorderLessons: signedInEndpoint({
    method: 'POST',
    path: '/api/programs/:id/lessons/reorder',
    summary: "Put a program's lessons in a new order",
    params: programIdParamsSchema,
    body: lessonReorderBodySchema,
    responses: detail,
  }),
  updateLesson: signedInEndpoint({
    method: 'PATCH',
    path: '/api/programs/:id/lessons/:lessonId',
    summary: 'Change a lesson',
    params: lessonIdParamsSchema,
    body: lessonUpdateBodySchema,
    responses: detail,
  }),
  deleteLesson: signedInEndpoint({
    method: 'DELETE',
    path: '/api/programs/:id/lessons/:lessonId',
    summary: 'Delete a lesson',
    params: lessonIdParamsSchema,
    responses: detail,
  }),
  listEnrolled: signedInEndpoint({
    method: 'GET',
    path: '/api/programs/enrolled',
    summary: 'The programs the caller joined, with progress',
    responses: { 200: enrolmentListSchema },
  }),
  enroll: signedInEndpoint({
    method: 'POST',
    path: '/api/programs/:id/enroll',
    summary: 'Join a published (free) program',
    params: programIdParamsSchema,
    responses: { 200: enrolResponseSchema },
  }),
  getLesson: signedInEndpoint({
    method: 'GET',
    path: '/api/programs/:id/lessons/:lessonNumber',
    summary: 'A lesson for its owner or a person who joined',
    params: lessonNumberParamsSchema,
    responses: { 200: lessonViewSchema },
  }),
  completeLesson: signedInEndpoint({
    method: 'POST',
    path: '/api/programs/:id/lessons/:lessonNumber/complete',
    summary: 'Mark a lesson done',
    params: lessonNumberParamsSchema,
    responses: { 200: lessonCompleteResponseSchema },
  }),
} as const;
