import { ACTIVITY_LOG_CACHE_MS, activityLogContracts } from '@seamline/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type ActivityLogParams = { page: number; limit: number; search: string };

/** Query keys and options of the audit trail, in one place (`activityLogQueries.all`). */
export const activityLogQueries = {
  all: ['activity-logs'] as const,
  /** One page; fresh for 60 s, cached per page, limit and search (spec part 2 §7). */
  list: (params: ActivityLogParams) =>
    queryOptions({
      queryKey: [...activityLogQueries.all, 'list', params] as const,
      queryFn: async ({ signal }) => (await api.call(activityLogContracts.list, { query: params, signal })).data,
      staleTime: ACTIVITY_LOG_CACHE_MS,
      placeholderData: keepPreviousData,
    }),
};

export function useActivityLogs(params: ActivityLogParams) {
  return useQuery(activityLogQueries.list(params));
}
