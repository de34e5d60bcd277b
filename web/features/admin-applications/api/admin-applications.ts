import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminApplication, AdminApplicationList, ApplicationStatus } from '#contracts/applications';
import { applicationsApi } from '#contracts/applications.api';
import { errorText } from '#web/components/form-error';
import { useToast } from '#web/components/toast';
import { api } from '#web/lib/api';

const ROOT = ['admin', 'coach-applications'] as const;

/** GET /api/admin/coach-applications?status=: one tab of the review queue, with the counts of all three. */
export const applicationListQueryOptions = (status: ApplicationStatus) =>
  queryOptions({
    queryKey: [...ROOT, 'list', status],
    queryFn: ({ signal }) => api(applicationsApi.list, { query: { status } }, { signal }),
    // Other admins decide too: look again whenever the screen opens.
    staleTime: 0,
  });

export const useApplicationList = (status: ApplicationStatus, enabled: boolean) =>
  useQuery({ ...applicationListQueryOptions(status), enabled });

/** GET /api/admin/coach-applications/:id: one application opened by link, when the list lacks it. */
export const useApplication = (id: string | null, enabled: boolean) =>
  useQuery({
    queryKey: [...ROOT, 'one', id ?? ''],
    queryFn: ({ signal }) => api(applicationsApi.get, { params: { id: id ?? '' } }, { signal }),
    enabled: enabled && id !== null,
    retry: false,
  });

export type Decision = { application: AdminApplication } & (
  { kind: 'approve' } | { kind: 'reject'; reason: string }
);

const displayName = (application: AdminApplication) =>
  application.applicant.full_name ?? application.applicant.email ?? 'The applicant';

/**
 * Approve or reject. The application leaves the pending list at once (optimistic) and comes back
 * if the server refuses; a toast says what happened either way.
 */
export function useDecideApplication() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const pendingKey = applicationListQueryOptions('pending').queryKey;

  return useMutation({
    mutationFn: (decision: Decision) =>
      decision.kind === 'reject'
        ? api(applicationsApi.reject, {
            params: { id: decision.application.id },
            body: { reason: decision.reason },
          })
        : api(applicationsApi.approve, { params: { id: decision.application.id } }),
    onMutate: async (decision) => {
      await queryClient.cancelQueries({ queryKey: pendingKey });
      const previous = queryClient.getQueryData<AdminApplicationList>(pendingKey);
      if (previous)
        queryClient.setQueryData<AdminApplicationList>(pendingKey, {
          applications: previous.applications.filter((entry) => entry.id !== decision.application.id),
          counts: { ...previous.counts, pending: Math.max(0, previous.counts.pending - 1) },
        });
      return { previous };
    },
    onError: (error, decision, context) => {
      if (context?.previous) queryClient.setQueryData(pendingKey, context.previous);
      toast({
        variant: 'destructive',
        title: decision.kind === 'approve' ? 'Could not approve' : 'Could not reject',
        description: errorText(error),
      });
    },
    onSuccess: (_decided, decision) => {
      const name = displayName(decision.application);
      toast(
        decision.kind === 'approve'
          ? {
              title: 'Application approved',
              description: `${name} is now a coach. We emailed them a welcome.`,
            }
          : {
              title: 'Application rejected',
              description: `${name} will see your reason and can apply again.`,
            },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}
