import { type CouponInput, type CouponStatus, type CouponType, PAGE_SIZES, type Pagination } from '@seamline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export type Coupon = {
  _id: string;
  id: string;
  code: string;
  name: string;
  description: string;
  type: CouponType;
  value: number;
  usageLimit: number;
  usedCount: number;
  userUsageLimit: number;
  isActive: boolean;
  firstTimeUserOnly: boolean;
  startDate: string;
  endDate: string;
  minOrderAmount: number | null;
  maxDiscount: number | null;
  status: CouponStatus;
};

const AREA = 'coupons';

/** Coupon answers carry their payload at `data.data` (spec §7). */
export function useCoupons(params: { page: number; search: string }) {
  return useQuery({
    queryKey: queryKeys.list(AREA, params),
    queryFn: async ({ signal }) => {
      const response = await api.get<{ data: Coupon[]; pagination: Pagination }>('/admin/coupons', {
        query: { page: params.page, limit: PAGE_SIZES.coupons, search: params.search },
        signal,
      });
      return response.data;
    },
    placeholderData: keepPreviousData,
  });
}

export function useSaveCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id?: string; values: CouponInput }) => {
      const response = id
        ? await api.put<{ data: Coupon }>(`/admin/coupons/${id}`, { ...values, _id: id })
        : await api.post<{ data: Coupon }>('/admin/coupons', values);
      return response.data.data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.area(AREA) }),
  });
}

export function useDeleteCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/admin/coupons/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.area(AREA) }),
  });
}
