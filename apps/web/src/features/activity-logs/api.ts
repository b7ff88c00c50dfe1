import { ACTIVITY_LOG_CACHE_MS, type ActivityLogEntry, type Pagination } from '@seamline/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export type ActivityLogPage = { logs: ActivityLogEntry[]; pagination: Pagination };
export type ActivityLogParams = { page: number; limit: number; search: string };

export const ACTIVITY_LOGS_AREA = 'activity-logs';

/** One page of the audit trail; fresh for 60 s, cached per page, limit and search (spec part 2 §7). */
export function useActivityLogs(params: ActivityLogParams) {
  return useQuery({
    queryKey: queryKeys.list(ACTIVITY_LOGS_AREA, params),
    queryFn: async ({ signal }) => {
      const response = await api.get<ActivityLogPage>('/admin/activity-logs', { query: params, signal });
      return response.data;
    },
    staleTime: ACTIVITY_LOG_CACHE_MS,
    placeholderData: keepPreviousData,
  });
}
