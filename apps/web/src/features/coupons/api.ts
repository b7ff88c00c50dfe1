import { type Coupon, type CouponInput, couponContracts, PAGE_SIZES } from '@seamline/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type { Coupon };

/** Query keys and options of the coupons area, in one place (invalidate `couponQueries.all`). */
export const couponQueries = {
  all: ['coupons'] as const,
  list: (params: { page: number; search: string }) =>
    queryOptions({
      queryKey: [...couponQueries.all, 'list', params] as const,
      // Coupon answers carry their payload at `data.data` (the specification).
      queryFn: async ({ signal }) =>
        (
          await api.call(couponContracts.list, {
            query: { page: params.page, limit: PAGE_SIZES.coupons, search: params.search },
            signal,
          })
        ).data,
      placeholderData: keepPreviousData,
    }),
};

export function useCoupons(params: { page: number; search: string }) {
  return useQuery(couponQueries.list(params));
}

export function useSaveCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id?: string; values: CouponInput }) => {
      const response = id
        ? await api.call(couponContracts.update, { params: { id }, body: { ...values, _id: id } })
        : await api.call(couponContracts.create, { body: values });
      return response.data.data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: couponQueries.all }),
  });
}

export function useDeleteCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(couponContracts.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: couponQueries.all }),
  });
}
