import { type LocationInput, type LocationListItem, locationContracts } from '@seamline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { locationQueries } from '../../lib/location-queries';

export type { LocationListItem };

/** Every location with its figures, active ones first. */
export function useLocations() {
  return useQuery(locationQueries.list());
}

/**
 * Each write changes the list (figures, order, flags): it is read again once the write is settled, and so are the
 * location choices of the other screens (same root).
 */
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
