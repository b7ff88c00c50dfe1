import {
  type CreateUserInput,
  PAGE_SIZES,
  SEARCH_MAX,
  type UpdateUserStatusInput,
  userContracts,
} from '@seamline/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type UserListParams = { page: number; search: string };

/** Query keys and options of the users area, in one place (invalidate `userQueries.all`). */
export const userQueries = {
  all: ['users'] as const,
  /** The staff list (spec: the screen asks for staff only, 9 per page). */
  list: ({ page, search }: UserListParams) => {
    // The server refuses searches past SEARCH_MAX characters; a longer paste searches its beginning.
    const query = { page, limit: PAGE_SIZES.users, search: search.trim().slice(0, SEARCH_MAX), role: 'staff' as const };
    return queryOptions({
      queryKey: [...userQueries.all, 'list', query] as const,
      queryFn: async ({ signal }) => (await api.call(userContracts.list, { query, signal })).data,
      placeholderData: keepPreviousData,
    });
  },
};

export function useUsers(params: UserListParams) {
  return useQuery(userQueries.list(params));
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateUserInput) => (await api.call(userContracts.create, { body: input })).data.user,
    onSuccess: () => client.invalidateQueries({ queryKey: userQueries.all }),
  });
}

/** Role and active flag; "Delete" on the screen is this call with `isActive: false`. */
export function useUpdateUserStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: UpdateUserStatusInput & { id: string }) =>
      (await api.call(userContracts.updateStatus, { params: { id }, body: input })).data.user,
    onSuccess: () => client.invalidateQueries({ queryKey: userQueries.all }),
  });
}
