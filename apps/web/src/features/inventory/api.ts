import {
  type AdminStockInput,
  type InventoryVariantInput,
  inventoryContracts,
  PAGE_SIZES,
  productContracts,
  productStockContracts,
} from '@seamline/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { catalogueQueryRoots } from '../../lib/query-keys';

/** `locationId`: that location's levels at or below their threshold; left out, the sizes/colors' totals. */
export type LowStockPageQuery = { search: string; page: number; limit: number; locationId?: string };

/** Query keys and options of the inventory area, in one place (invalidate `inventoryQueries.all`). */
export const inventoryQueries = {
  all: catalogueQueryRoots.inventory,
  /** One page of the Inventory Table (10 products), searched by the server; the previous page stays while loading. */
  products: ({ search, page }: { search: string; page: number }, enabled = true) =>
    queryOptions({
      queryKey: [...inventoryQueries.all, 'products', { search, page }] as const,
      queryFn: async ({ signal }) =>
        (
          await api.call(productContracts.adminList, {
            query: { page, limit: PAGE_SIZES.inventoryTable, search: search || undefined },
            signal,
          })
        ).data,
      placeholderData: keepPreviousData,
      enabled,
    }),
  analytics: () =>
    queryOptions({
      queryKey: [...inventoryQueries.all, 'analytics'] as const,
      queryFn: async ({ signal }) => (await api.call(inventoryContracts.analytics, { signal })).data,
    }),
  /** One page of low-stock alerts, worst first, searched by product. */
  lowStock: (query: LowStockPageQuery, enabled = true) =>
    queryOptions({
      queryKey: [...inventoryQueries.all, 'low-stock', query] as const,
      queryFn: async ({ signal }) =>
        (
          await api.call(inventoryContracts.lowStock, {
            query: {
              page: query.page,
              limit: query.limit,
              search: query.search || undefined,
              locationId: query.locationId || undefined,
            },
            signal,
          })
        ).data,
      placeholderData: keepPreviousData,
      enabled,
    }),
  /** History per day; a failure yields an empty list (the specification). */
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

export const useInventoryProducts = (query: { search: string; page: number }, enabled: boolean) =>
  useQuery(inventoryQueries.products(query, enabled));
export const useInventoryAnalytics = () => useQuery(inventoryQueries.analytics());
export const useLowStockAlerts = (query: LowStockPageQuery, enabled = true) =>
  useQuery(inventoryQueries.lowStock(query, enabled));
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
