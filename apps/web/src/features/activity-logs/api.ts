import { ACTIVITY_LOG_CACHE_MS, activityLogContracts, userContracts } from '@seamline/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { ActivityFilter } from './activity-filters';

export type ActivityLogParams = { page: number; limit: number; search: string } & ActivityFilter;

/** Query keys and options of the audit trail, in one place (`activityLogQueries.all`). */
export const activityLogQueries = {
  all: ['activity-logs'] as const,
  /** One page; fresh for 60 s, cached per page, limit and search (the specification). */
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

/** Staff members for the User filter (the first 100 by name). */
export function useStaffChoices(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...activityLogQueries.all, 'staff-choices'] as const,
    queryFn: async ({ signal }) =>
      (
        await api.call(userContracts.list, { query: { limit: 100, sortBy: 'firstName', sortOrder: 'asc' }, signal })
      ).data.users.map((user) => ({ id: user.id, name: `${user.firstName} ${user.lastName}` })),
    staleTime: 60_000,
  });
}
