import { type SavedViewList, savedViewContracts } from '@seamline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';

const root = ['saved-views'] as const;

/** The signed-in staff member's saved views of one list. */
export function useSavedViews(list: SavedViewList, enabled = true) {
  return useQuery({
    queryKey: [...root, list],
    queryFn: async ({ signal }) => (await api.call(savedViewContracts.list, { query: { list }, signal })).data.views,
    enabled,
  });
}

export function useSaveView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { list: SavedViewList; name: string; query: string }) =>
      (await api.call(savedViewContracts.create, { body })).data.view,
    onSuccess: () => client.invalidateQueries({ queryKey: root }),
  });
}

export function useDeleteView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(savedViewContracts.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: root }),
  });
}
