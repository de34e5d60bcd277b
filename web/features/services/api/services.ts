import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  serviceDeletedSchema,
  serviceListSchema,
  serviceSchema,
  type Service,
  type ServiceCreateBody,
  type ServiceList,
  type ServiceUpdateBody,
} from '../../../../contracts/services';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/services/mine: the coach's services, paused ones included, in display order. */
export const myServicesQueryKey = ['services', 'mine'] as const;

export const useMyServices = (enabled = true) =>
  useQuery({
    queryKey: myServicesQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/services/mine', serviceListSchema, { signal }),
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
        ? apiRequest(`/api/services/${id}`, serviceSchema, { method: 'PATCH', body })
        : apiRequest('/api/services', serviceSchema, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myServicesQueryKey }),
  });
}

/** Pause or resume (PATCH is_active), shown at once and put back if the server refuses. */
export function useSetServiceActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ service, active }: { service: Service; active: boolean }) =>
      apiRequest(`/api/services/${service.id}`, serviceSchema, {
        method: 'PATCH',
        body: { is_active: active },
      }),
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
    mutationFn: (id: string) => apiRequest(`/api/services/${id}`, serviceDeletedSchema, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<ServiceList>(myServicesQueryKey, (list) =>
        list ? { services: list.services.filter((service) => service.id !== id) } : list,
      );
    },
  });
}
