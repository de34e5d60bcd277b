import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LessonCreateBody,
  LessonUpdateBody,
  ProgramCreateBody,
  ProgramDetail,
  ProgramUpdateBody,
} from '#contracts/programs';
import { programsApi } from '#contracts/programs.api';
import { api } from '#web/lib/api';

export const programKeys = {
  all: ['programs'] as const,
  mine: ['programs', 'mine'] as const,
  detail: (id: string) => ['programs', 'detail', id] as const,
  public: (id: string) => ['programs', 'public', id] as const,
  lesson: (id: string, number: number) => ['programs', 'lesson', id, number] as const,
  enrolled: ['programs', 'enrolled'] as const,
};

// ---- The builder.
export const useMyPrograms = (enabled = true) =>
  useQuery({
    queryKey: programKeys.mine,
    queryFn: ({ signal }) => api(programsApi.listMine, {}, { signal }),
    enabled,
  });

export const useProgramDetail = (id: string) =>
  useQuery({
    queryKey: programKeys.detail(id),
    queryFn: ({ signal }) => api(programsApi.getOwned, { params: { id } }, { signal }),
    staleTime: 0,
  });

/** Every builder call answers the whole program: store it, and let the lists and pages refresh. */
function useBuilderMutation<TVariables>(run: (variables: TVariables) => Promise<ProgramDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (program) => {
      queryClient.setQueryData(programKeys.detail(program.id), program);
      void queryClient.invalidateQueries({ queryKey: programKeys.mine });
      void queryClient.invalidateQueries({ queryKey: programKeys.public(program.id) });
    },
  });
}

export const useCreateProgram = () =>
  useBuilderMutation((body: ProgramCreateBody) => api(programsApi.create, { body }));

export const useUpdateProgram = (id: string) =>
  useBuilderMutation((body: ProgramUpdateBody) => api(programsApi.update, { params: { id }, body }));

export const usePublishProgram = (id: string) =>
  useBuilderMutation((publish: boolean) =>
    api(publish ? programsApi.publish : programsApi.unpublish, { params: { id } }),
  );

export const useSaveLesson = (programId: string) =>
  useBuilderMutation(
    ({ lessonId, body }: { lessonId: string | null; body: LessonCreateBody | LessonUpdateBody }) =>
      lessonId
        ? api(programsApi.updateLesson, { params: { id: programId, lessonId }, body })
        : api(programsApi.addLesson, { params: { id: programId }, body: body as LessonCreateBody }),
  );

export const useDeleteLesson = (programId: string) =>
  useBuilderMutation((lessonId: string) =>
    api(programsApi.deleteLesson, { params: { id: programId, lessonId } }),
  );

/** Moves shown at once; the server's order replaces them, or the old order comes back on failure. */
export function useReorderLessons(programId: string) {
  const queryClient = useQueryClient();
  const key = programKeys.detail(programId);
  return useMutation({
    mutationFn: (lessonIds: string[]) =>
      api(programsApi.reorderLessons, { params: { id: programId }, body: { lesson_ids: lessonIds } }),
    onMutate: async (lessonIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ProgramDetail>(key);
      if (previous) {
        const byId = new Map(previous.lessons.map((lesson) => [lesson.id, lesson]));
        queryClient.setQueryData<ProgramDetail>(key, {
          ...previous,
          lessons: lessonIds.flatMap((id, index) => {
            const lesson = byId.get(id);
            return lesson ? [{ ...lesson, number: index + 1 }] : [];
          }),
        });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (program) => {
      queryClient.setQueryData(key, program);
      void queryClient.invalidateQueries({ queryKey: programKeys.public(programId) });
    },
  });
}

export function useDeleteProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(programsApi.remove, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: programKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: programKeys.mine });
    },
  });
}

// ---- Public page, enrolment and lessons.
export const usePublicProgram = (id: string, viewerKey: string) =>
  useQuery({
    queryKey: [...programKeys.public(id), viewerKey],
    queryFn: ({ signal }) => api(programsApi.getPublic, { params: { id } }, { signal }),
    staleTime: 30_000,
  });

export function useEnrol(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(programsApi.enroll, { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: programKeys.public(id) });
      void queryClient.invalidateQueries({ queryKey: programKeys.enrolled });
    },
  });
}

export const useEnrolments = () =>
  useQuery({
    queryKey: programKeys.enrolled,
    queryFn: ({ signal }) => api(programsApi.listEnrolled, {}, { signal }),
    staleTime: 0,
  });

export const useLesson = (id: string, number: number) =>
  useQuery({
    queryKey: programKeys.lesson(id, number),
    queryFn: ({ signal }) => api(programsApi.getLesson, { params: { id, lessonNumber: number } }, { signal }),
    staleTime: 0,
  });

export function useCompleteLesson(id: string, number: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(programsApi.completeLesson, { params: { id, lessonNumber: number } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['programs', 'lesson', id] });
      void queryClient.invalidateQueries({ queryKey: programKeys.public(id) });
      void queryClient.invalidateQueries({ queryKey: programKeys.enrolled });
    },
  });
}
