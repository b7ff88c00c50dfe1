import { type LocationInput, type LocationListItem, locationContracts } from '@seamline/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type { LocationListItem };

/** Query keys and options of the stock locations screen (invalidate `locationQueries.all`). */
export const locationQueries = {
  all: ['locations'] as const,
  list: () =>
    queryOptions({
      queryKey: [...locationQueries.all, 'list'] as const,
      queryFn: async ({ signal }) => (await api.call(locationContracts.list, { signal })).data.locations,
    }),
};

export function useLocations() {
  return useQuery(locationQueries.list());
}

/** Each write changes the list (figures, order, flags): it is read again once the write is settled. */
function useLocationMutation<T>(write: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => client.invalidateQueries({ queryKey: locationQueries.all }),
  });
}

export function useSaveLocation() {
  return useLocationMutation(async ({ id, values }: { id?: string; values: LocationInput }) =>
    id
      ? api.call(locationContracts.update, { params: { id }, body: values })
      : api.call(locationContracts.create, { body: values }),
  );
}

/** The fulfilment order: the active locations' ids, first priority first. */
export function useReorderLocations() {
  return useLocationMutation((ids: string[]) => api.call(locationContracts.reorder, { body: { ids } }));
}

export function useSetLocationActive() {
  return useLocationMutation(({ id, active }: { id: string; active: boolean }) =>
    api.call(active ? locationContracts.activate : locationContracts.deactivate, { params: { id } }),
  );
}
