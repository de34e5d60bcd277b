import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceCreateBody, ServiceList, ServiceUpdateBody } from '#contracts/services';
import { servicesApi } from '#contracts/services.api';
import { api } from '#web/lib/api';

/** GET /api/services/mine: the coach's services, paused ones included, in display order. */
export const myServicesQueryKey = ['services', 'mine'] as const;

export const useMyServices = (enabled = true) =>
  useQuery({
    queryKey: myServicesQueryKey,
    queryFn: ({ signal }) => api(servicesApi.listMine, {}, { signal }),
    enabled,
  });

const replaceIn = (list: ServiceList | undefined, service: Service): ServiceList | undefined =>
  list && { services: list.services.map((entry) => (entry.id === service.id ? service : entry)) };

/** POST /api/services, or PATCH /api/services/:id when an id is given. */
export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ServiceCreateBody | ServiceUpdateBody }) =>
      id
        ? api(servicesApi.update, { params: { id }, body })
        : api(servicesApi.create, { body: body as ServiceCreateBody }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myServicesQueryKey }),
  });
}

/** Pause or resume (PATCH is_active), shown at once and put back if the server refuses. */
export function useSetServiceActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ service, active }: { service: Service; active: boolean }) =>
      api(servicesApi.update, { params: { id: service.id }, body: { is_active: active } }),
    onMutate: async ({ service, active }) => {
      await queryClient.cancelQueries({ queryKey: myServicesQueryKey });
      const previous = queryClient.getQueryData<ServiceList>(myServicesQueryKey);
      queryClient.setQueryData<ServiceList>(myServicesQueryKey, (list) =>
        replaceIn(list, { ...service, is_active: active }),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(myServicesQueryKey, context.previous);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<ServiceList>(myServicesQueryKey, (list) => replaceIn(list, saved));
    },
  });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(servicesApi.remove, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<ServiceList>(myServicesQueryKey, (list) =>
        list ? { services: list.services.filter((service) => service.id !== id) } : list,
      );
    },
  });
}
