import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Coupon, CouponCreateBody, CouponList, CouponUpdateBody } from '#contracts/coupons';
import { couponsApi } from '#contracts/coupons.api';
import { api } from '#web/lib/api';

/** Whose coupons: the signed-in coach's own (/api/coupons) or the platform's (/api/admin/coupons). */
export type CouponScope = 'coach' | 'platform';

/** The endpoints of each scope: list, create, update. */
const ENDPOINTS = {
  coach: { list: couponsApi.list, create: couponsApi.create, update: couponsApi.update },
  platform: {
    list: couponsApi.platformList,
    create: couponsApi.platformCreate,
    update: couponsApi.platformUpdate,
  },
} as const;

const updateCoupon = (scope: CouponScope, id: string, body: CouponUpdateBody) =>
  api(ENDPOINTS[scope].update, { params: { id }, body });

export const couponsQueryKey = (scope: CouponScope) => ['coupons', scope] as const;

export const useCoupons = (scope: CouponScope) =>
  useQuery({
    queryKey: couponsQueryKey(scope),
    queryFn: ({ signal }) => api(ENDPOINTS[scope].list, undefined, { signal }),
  });

const replaceIn = (list: CouponList | undefined, coupon: Coupon): CouponList | undefined =>
  list && { coupons: list.coupons.map((entry) => (entry.id === coupon.id ? coupon : entry)) };

/** POST a new coupon, or PATCH one when an id is given; the list is refetched afterwards. */
export function useSaveCoupon(scope: CouponScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CouponCreateBody | CouponUpdateBody }) =>
      id
        ? updateCoupon(scope, id, body as CouponUpdateBody)
        : api(ENDPOINTS[scope].create, { body: body as CouponCreateBody }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsQueryKey(scope) }),
  });
}

/** Turn a coupon on or off (PATCH active): shown at once, put back if the server refuses. */
export function useSetCouponActive(scope: CouponScope) {
  const queryClient = useQueryClient();
  const key = couponsQueryKey(scope);
  return useMutation({
    mutationFn: ({ coupon, active }: { coupon: Coupon; active: boolean }) =>
      updateCoupon(scope, coupon.id, { active }),
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
