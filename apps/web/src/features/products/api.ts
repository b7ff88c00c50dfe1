import type {
  ImageUploadView,
  NewCombinationInput,
  Pagination,
  ProductInput,
  ProductView,
  StockChangeInput,
  TaxonomyItemView,
} from '@seamline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const AREA = 'products';
const PAGE = 100;

/** Every product for the staff screens (the views page and search locally, spec part 1 §2). */
export function useProducts() {
  return useQuery({
    queryKey: queryKeys.list(AREA),
    queryFn: async () => {
      const all: ProductView[] = [];
      for (let page = 1; ; page++) {
        const answer = await api.get<{ products: ProductView[]; pagination: Pagination }>('/admin/products', {
          query: { page, limit: PAGE, sortBy: 'createdAt', sortOrder: 'desc' },
        });
        all.push(...answer.data.products);
        if (page >= answer.data.pagination.totalPages) return all;
      }
    },
  });
}

/** Categories and brands for the form selects; a failure leaves the lists empty (spec §8). */
export function useCatalogueOptions(enabled: boolean) {
  const categories = useQuery({
    queryKey: queryKeys.list(AREA, { options: 'categories' }),
    enabled,
    queryFn: async () => (await api.get<{ categories: TaxonomyItemView[] }>('/products/categories')).data.categories,
  });
  const brands = useQuery({
    queryKey: queryKeys.list(AREA, { options: 'brands' }),
    enabled,
    queryFn: async () => (await api.get<{ brands: TaxonomyItemView[] }>('/products/brands')).data.brands,
  });
  return { categories: categories.data ?? [], brands: brands.data ?? [] };
}

type ProductAnswer = { product: ProductView };

function useProductMutation<V>(call: (vars: V) => Promise<ProductView | null>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.area(AREA) }),
  });
}

export const useCreateProduct = () =>
  useProductMutation(async (input: ProductInput) => (await api.post<ProductAnswer>('/products', input)).data.product);

export const useUpdateProduct = () =>
  useProductMutation(
    async ({ id, input }: { id: string; input: ProductInput }) =>
      (await api.put<ProductAnswer>(`/products/${id}`, input)).data.product,
  );

export const useDeleteProduct = () =>
  useProductMutation(async (id: string) => {
    await api.delete(`/products/${id}`);
    return null;
  });

export const useChangeStock = () =>
  useProductMutation(
    async ({ id, mode, input }: { id: string; mode: 'add' | 'remove'; input: StockChangeInput }) =>
      (await api.post<ProductAnswer>(`/products/${id}/stock/${mode}`, input)).data.product,
  );

export const useAddCombination = () =>
  useProductMutation(
    async ({ id, input }: { id: string; input: NewCombinationInput }) =>
      (await api.post<ProductAnswer>(`/products/${id}/inventory`, input)).data.product,
  );

/** POST /images/upload-multiple with the repeated `images` field. */
export async function uploadImages(files: File[]): Promise<ImageUploadView[]> {
  const form = new FormData();
  for (const file of files) form.append('images', file);
  return (await api.upload<{ images: ImageUploadView[] }>('/images/upload-multiple', form)).data.images ?? [];
}
