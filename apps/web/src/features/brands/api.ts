import type { Brand, BrandListData, CreateBrandInput, StoredImageView, UpdateBrandInput } from '@seamline/shared';
import { PAGE_SIZES } from '@seamline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const AREA = 'brands';

/** GET /brands: 9 per page, searched on the server (spec part 2 §7). */
export function useBrands(page: number, search: string) {
  return useQuery({
    queryKey: queryKeys.list(AREA, { page, search }),
    queryFn: async ({ signal }) =>
      (
        await api.get<BrandListData>('/brands', {
          query: { page, limit: PAGE_SIZES.brands, search },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

function useBrandMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.area(AREA) }),
  });
}

export const useCreateBrand = () =>
  useBrandMutation(async (input: CreateBrandInput) => (await api.post<{ brand: Brand }>('/brands', input)).data.brand);

export const useUpdateBrand = () =>
  useBrandMutation(
    async ({ id, input }: { id: string; input: UpdateBrandInput }) =>
      (await api.put<{ brand: Brand }>(`/brands/${id}`, input)).data.brand,
  );

export const useDeleteBrand = () =>
  useBrandMutation(async (id: string) => {
    await api.delete(`/brands/${id}`);
  });

export const useUploadBrandLogo = () =>
  useBrandMutation(async ({ id, file }: { id: string; file: File }) => {
    const form = new FormData();
    form.append('logo', file);
    return (await api.upload<{ logo: StoredImageView }>(`/brands/${id}/logo`, form)).data.logo;
  });
