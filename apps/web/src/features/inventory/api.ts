import {
  type AdminStockInput,
  type InventoryVariantInput,
  inventoryContracts,
  PAGE_SIZES,
  type ProductView,
  productContracts,
  productStockContracts,
} from '@seamline/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { catalogueQueryRoots } from '../../lib/query-keys';

/** Query keys and options of the inventory area, in one place (invalidate `inventoryQueries.all`). */
export const inventoryQueries = {
  all: catalogueQueryRoots.inventory,
  /**
   * Every product, fetched 20 per call (spec §7) until the last page, so the counts on this screen agree with
   * Inventory Analytics and the product screens.
   */
  products: () =>
    queryOptions({
      queryKey: [...inventoryQueries.all, 'products'] as const,
      queryFn: async ({ signal }) => {
        const all: ProductView[] = [];
        for (let page = 1; ; page++) {
          const answer = await api.call(productContracts.adminList, {
            query: { page, limit: PAGE_SIZES.inventoryList },
            signal,
          });
          all.push(...answer.data.products);
          if (page >= answer.data.pagination.totalPages) return all;
        }
      },
    }),
  analytics: () =>
    queryOptions({
      queryKey: [...inventoryQueries.all, 'analytics'] as const,
      queryFn: async ({ signal }) => (await api.call(inventoryContracts.analytics, { signal })).data,
    }),
  lowStock: () =>
    queryOptions({
      queryKey: [...inventoryQueries.all, 'low-stock'] as const,
      queryFn: async ({ signal }) => (await api.call(inventoryContracts.lowStock, { signal })).data,
    }),
  /** History per day; a failure yields an empty list (spec §8). */
  history: (productId: string | null, days: number) =>
    queryOptions({
      queryKey: [...inventoryQueries.all, 'history', { productId, days }] as const,
      enabled: productId !== null,
      queryFn: async ({ signal }) => {
        if (productId === null) return [];
        try {
          return (
            await api.call(productStockContracts.historyDays, { params: { id: productId }, query: { days }, signal })
          ).data;
        } catch {
          return [];
        }
      },
    }),
};

export const useInventoryProducts = () => useQuery(inventoryQueries.products());
export const useInventoryAnalytics = () => useQuery(inventoryQueries.analytics());
export const useLowStockAlerts = () => useQuery(inventoryQueries.lowStock());
export const useInventoryHistory = (productId: string | null, days: number) =>
  useQuery(inventoryQueries.history(productId, days));

/** Stock changes refresh this screen and the product screens. */
function useStockMutation<V>(call: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: inventoryQueries.all }),
        client.invalidateQueries({ queryKey: catalogueQueryRoots.products }),
      ]);
    },
  });
}

export const useUpdateStock = () =>
  useStockMutation(({ id, input }: { id: string; input: AdminStockInput }) =>
    api.call(productStockContracts.update, { params: { id }, body: input }),
  );

export const useAddVariant = () =>
  useStockMutation(({ id, input }: { id: string; input: InventoryVariantInput }) =>
    api.call(productStockContracts.addCombination, { params: { id }, body: { ...input, reserved: 0 } }),
  );
