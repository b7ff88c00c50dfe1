import { locationContracts } from '@seamline/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The one read of the stock locations (GET /admin/locations), for every screen that shows or offers them: the locations
 * screen (every location, with its figures), the transfers (every location: a draft names active ones, the list may
 * filter by any) and the stock screens, returns and orders (`active`: the active ones, first priority first). Keys
 * start with `locationQueries.all`: the locations screen's changes refresh every screen's choices.
 */
export const locationQueries = {
  all: ['locations'] as const,
  list: (filter: { active?: boolean } = {}) =>
    queryOptions({
      queryKey: [...locationQueries.all, 'list', filter] as const,
      queryFn: async ({ signal }) =>
        (
          await api.call(locationContracts.list, {
            query: filter.active === undefined ? {} : { active: filter.active ? 'true' : 'false' },
            signal,
          })
        ).data.locations,
    }),
};
