import {
  type AdminStockInput,
  type InventoryAnalyticsView,
  type InventoryHistoryDayView,
  type InventoryVariantInput,
  type LowStockAlertView,
  PAGE_SIZES,
  type Pagination,
  type ProductView,
} from '@seamline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const AREA = 'inventory';

/**
 * Every product, fetched 20 per call (spec §7) until the last page, so the counts on this screen agree with
 * Inventory Analytics and the product screens.
 */
export function useInventoryProducts() {
  return useQuery({
    queryKey: queryKeys.list(AREA, { what: 'products' }),
    queryFn: async () => {
      const all: ProductView[] = [];
      for (let page = 1; ; page++) {
        const answer = await api.get<{ products: ProductView[]; pagination: Pagination }>('/admin/products', {
          query: { page, limit: PAGE_SIZES.inventoryList },
        });
        all.push(...answer.data.products);
        if (page >= answer.data.pagination.totalPages) return all;
      }
    },
  });
}

export const useInventoryAnalytics = () =>
  useQuery({
    queryKey: queryKeys.list(AREA, { what: 'analytics' }),
    queryFn: async () => (await api.get<InventoryAnalyticsView>('/admin/analytics/inventory')).data,
  });

export const useLowStockAlerts = () =>
  useQuery({
    queryKey: queryKeys.list(AREA, { what: 'low-stock' }),
    queryFn: async () => (await api.get<LowStockAlertView[]>('/admin/analytics/inventory/low-stock')).data,
  });

/** History per day; a failure yields an empty list (spec §8). */
export const useInventoryHistory = (productId: string | null, days: number) =>
  useQuery({
    queryKey: queryKeys.list(AREA, { what: 'history', productId, days }),
    enabled: productId !== null,
    queryFn: async () => {
      try {
        return (
          await api.get<InventoryHistoryDayView[]>(`/admin/products/${productId}/inventory/history`, {
            query: { days },
          })
        ).data;
      } catch {
        return [];
      }
    },
  });

/** Stock changes refresh this screen and the product screens. */
function useStockMutation<V>(call: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.area(AREA) }),
        client.invalidateQueries({ queryKey: queryKeys.area('products') }),
      ]);
    },
  });
}

export const useUpdateStock = () =>
  useStockMutation(({ id, input }: { id: string; input: AdminStockInput }) =>
    api.put(`/admin/products/${id}/inventory`, input),
  );

export const useAddVariant = () =>
  useStockMutation(({ id, input }: { id: string; input: InventoryVariantInput }) =>
    api.post(`/products/${id}/inventory`, { ...input, reserved: 0 }),
  );
