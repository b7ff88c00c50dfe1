import type {
  Category,
  CategoryListData,
  CreateCategoryInput,
  StoredImageView,
  UpdateCategoryInput,
} from '@seamline/shared';
import { PAGE_SIZES } from '@seamline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const AREA = 'categories';

/** GET /categories: 9 per page, searched on the server (spec part 2 §7). */
export function useCategories(page: number, search: string) {
  return useQuery({
    queryKey: queryKeys.list(AREA, { page, search }),
    queryFn: async ({ signal }) =>
      (
        await api.get<CategoryListData>('/categories', {
          query: { page, limit: PAGE_SIZES.categories, search },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

function useCategoryMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.area(AREA) }),
  });
}

export const useCreateCategory = () =>
  useCategoryMutation(
    async (input: CreateCategoryInput) => (await api.post<{ category: Category }>('/categories', input)).data.category,
  );

export const useUpdateCategory = () =>
  useCategoryMutation(
    async ({ id, input }: { id: string; input: UpdateCategoryInput }) =>
      (await api.put<{ category: Category }>(`/categories/${id}`, input)).data.category,
  );

export const useDeleteCategory = () =>
  useCategoryMutation(async (id: string) => {
    await api.delete(`/categories/${id}`);
  });

export const useUploadCategoryImage = () =>
  useCategoryMutation(async ({ id, file }: { id: string; file: File }) => {
    const form = new FormData();
    form.append('image', file);
    return (await api.upload<{ image: StoredImageView }>(`/categories/${id}/image`, form)).data.image;
  });
