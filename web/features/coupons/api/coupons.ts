import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  couponListSchema,
  couponSchema,
  type Coupon,
  type CouponCreateBody,
  type CouponList,
  type CouponUpdateBody,
} from '../../../../contracts/coupons';
import { apiRequest } from '../../../lib/api-client';

/** Whose coupons: the signed-in coach's own (/api/coupons) or the platform's (/api/admin/coupons). */
export type CouponScope = 'coach' | 'platform';

const BASE_PATH: Record<CouponScope, string> = {
  coach: '/api/coupons',
  platform: '/api/admin/coupons',
};

export const couponsQueryKey = (scope: CouponScope) => ['coupons', scope] as const;

export const useCoupons = (scope: CouponScope) =>
  useQuery({
    queryKey: couponsQueryKey(scope),
    queryFn: ({ signal }) => apiRequest(BASE_PATH[scope], couponListSchema, { signal }),
  });

const replaceIn = (list: CouponList | undefined, coupon: Coupon): CouponList | undefined =>
  list && { coupons: list.coupons.map((entry) => (entry.id === coupon.id ? coupon : entry)) };

/** POST a new coupon, or PATCH one when an id is given; the list is refetched afterwards. */
export function useSaveCoupon(scope: CouponScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CouponCreateBody | CouponUpdateBody }) =>
      id
        ? apiRequest(`${BASE_PATH[scope]}/${id}`, couponSchema, { method: 'PATCH', body })
        : apiRequest(BASE_PATH[scope], couponSchema, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsQueryKey(scope) }),
  });
}

/** Turn a coupon on or off (PATCH active): shown at once, put back if the server refuses. */
export function useSetCouponActive(scope: CouponScope) {
  const queryClient = useQueryClient();
  const key = couponsQueryKey(scope);
  return useMutation({
    mutationFn: ({ coupon, active }: { coupon: Coupon; active: boolean }) =>
      apiRequest(`${BASE_PATH[scope]}/${coupon.id}`, couponSchema, { method: 'PATCH', body: { active } }),
    onMutate: async ({ coupon, active }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<CouponList>(key);
      queryClient.setQueryData<CouponList>(key, (list) => replaceIn(list, { ...coupon, active }));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<CouponList>(key, (list) => replaceIn(list, saved));
    },
  });
}
