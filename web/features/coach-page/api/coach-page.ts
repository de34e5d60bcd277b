import { queryOptions, useQuery } from '@tanstack/react-query';
import { coachPagesApi } from '#contracts/coach-pages.api';
import type { ProgramSummary } from '#contracts/programs';
import { programsApi } from '#contracts/programs.api';
import type { Service } from '#contracts/services';
import { servicesApi } from '#contracts/services.api';
import { api } from '#web/lib/api';
import { ApiError } from '#web/lib/api-client';

/** Every cached coach page, so a branding or profile save can refresh them all. */
export const COACH_PAGE_QUERY_ROOT = ['coach-page'] as const;

/** GET /api/coach-pages/:ref — ref is a username, a profile id or a user id. */
export const coachPageQueryOptions = (ref: string) =>
  queryOptions({
    queryKey: [...COACH_PAGE_QUERY_ROOT, ref.toLowerCase()],
    queryFn: ({ signal }) => api(coachPagesApi.get, { params: { ref } }, { signal }),
  });

export const useCoachPage = (ref: string | undefined) =>
  useQuery({ ...coachPageQueryOptions(ref ?? ''), enabled: Boolean(ref) });

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * A coach's public list. The services and programs capabilities answer these; while an endpoint
 * does not exist yet it answers 404, and the page shows the section as empty (never sample data).
 */
async function listOrEmpty<T>(run: () => Promise<T[]>): Promise<T[]> {
  try {
    return await run();
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

export const coachServicesQueryOptions = (coachId: string) =>
  queryOptions({
    queryKey: ['coach-services', coachId],
    queryFn: ({ signal }): Promise<Service[]> =>
      listOrEmpty(async () =>
        (await api(servicesApi.listPublic, { params: { coachId } }, { signal })).services.filter(
          (service) => service.is_active,
        ),
      ),
  });

export const coachProgramsQueryOptions = (coachId: string) =>
  queryOptions({
    queryKey: ['coach-programs', coachId],
    queryFn: ({ signal }): Promise<ProgramSummary[]> =>
      listOrEmpty(async () =>
        (await api(programsApi.listPublic, { params: { coachId } }, { signal })).programs.filter(
          (program) => program.status === 'published',
        ),
      ),
  });

export const useCoachServices = (coachId: string | undefined) =>
  useQuery({ ...coachServicesQueryOptions(coachId ?? ''), enabled: Boolean(coachId) });

export const useCoachPrograms = (coachId: string | undefined) =>
  useQuery({ ...coachProgramsQueryOptions(coachId ?? ''), enabled: Boolean(coachId) });
