import {
  imageContracts,
  type NewCombinationInput,
  type ProductInput,
  type ProductView,
  productContracts,
  productStockContracts,
  type StockChangeInput,
} from '@seamline/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { catalogueQueryRoots } from '../../lib/query-keys';
import type { ProductFilter } from './product-filters';

/** What the product screens ask the server for: one page, searched (URL state, docs/domain.md § Corrections). */
export type ProductPageQuery = { search: string; page: number; limit: number } & ProductFilter;

/** Query keys and options of the products area, in one place (invalidate `productQueries.all`). */
export const productQueries = {
  all: catalogueQueryRoots.products,
  /**
   * One page of the list's rows (only what a row shows), newest first; the previous page stays on screen while the
   * next one loads. The detail panel and the dialogs read the whole product (`detail`).
   */
  page: ({ search, page, limit, ...filter }: ProductPageQuery) =>
    queryOptions({
      queryKey: [...productQueries.all, 'list', { search, page, limit, ...filter }] as const,
      queryFn: async ({ signal }) =>
        (
          await api.call(productContracts.adminRows, {
            query: { ...filter, page, limit, search: search || undefined, sortBy: 'createdAt', sortOrder: 'desc' },
            signal,
          })
        ).data,
      placeholderData: keepPreviousData,
    }),
  /** One whole product (the staff view), for the detail panel and the dialogs; fresh after every product change. */
  detail: (id: string) =>
    queryOptions({
      queryKey: [...productQueries.all, 'detail', id] as const,
      queryFn: async ({ signal }) =>
        (await api.callStaffView(productContracts.get, { params: { id }, signal })).data.product,
    }),
  /** Categories for the form selects (staff also see inactive ones). */
  categories: () =>
    queryOptions({
      queryKey: [...productQueries.all, 'options', 'categories'] as const,
      queryFn: async ({ signal }) => (await api.call(productContracts.categories, { signal })).data.categories,
    }),
  brands: () =>
    queryOptions({
      queryKey: [...productQueries.all, 'options', 'brands'] as const,
      queryFn: async ({ signal }) => (await api.call(productContracts.brands, { signal })).data.brands,
    }),
};

export function useProductPage(query: ProductPageQuery) {
  return useQuery(productQueries.page(query));
}

/** The whole product with this id, read when one is opened (none: nothing is read). */
export function useProductDetail(id: string | null) {
  return useQuery({ ...productQueries.detail(id ?? ''), enabled: id !== null });
}

/** Categories and brands for the form selects; a failure leaves the lists empty (the specification). */
export function useCatalogueOptions(enabled: boolean) {
  const categories = useQuery({ ...productQueries.categories(), enabled });
  const brands = useQuery({ ...productQueries.brands(), enabled });
  return { categories: categories.data ?? [], brands: brands.data ?? [] };
}

function useProductMutation<V>(call: (vars: V) => Promise<ProductView | null>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: productQueries.all }),
  });
}

export const useCreateProduct = () =>
  useProductMutation(
    async (input: ProductInput) => (await api.call(productContracts.create, { body: input })).data.product,
  );

export const useUpdateProduct = () =>
  useProductMutation(
    async ({ id, input }: { id: string; input: ProductInput }) =>
      (await api.call(productContracts.update, { params: { id }, body: input })).data.product,
  );

export const useDeleteProduct = () =>
  useProductMutation(async (id: string) => {
    await api.call(productContracts.remove, { params: { id } });
    return null;
  });

export const useChangeStock = () =>
  useProductMutation(
    async ({ id, mode, input }: { id: string; mode: 'add' | 'remove'; input: StockChangeInput }) =>
      (await api.call(productStockContracts[mode], { params: { id }, body: input })).data.product,
  );

export const useAddCombination = () =>
  useProductMutation(
    async ({ id, input }: { id: string; input: NewCombinationInput }) =>
      (await api.call(productStockContracts.addCombination, { params: { id }, body: input })).data.product,
  );

/** POST /images/upload-multiple with the repeated `images` field. */
export async function uploadImages(files: File[]) {
  const form = new FormData();
  for (const file of files) form.append('images', file);
  return (await api.call(imageContracts.uploadMany, { body: form })).data.images;
}
