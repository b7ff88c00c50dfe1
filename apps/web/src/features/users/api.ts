import {
  type CreateUserInput,
  PAGE_SIZES,
  type PublicUser,
  SEARCH_MAX,
  type UpdateUserStatusInput,
  type UserListData,
} from '@seamline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const AREA = 'users';

export type UserListParams = { page: number; search: string };

/** The staff list (spec: the screen asks for staff only, 9 per page). */
export function useUsers({ page, search }: UserListParams) {
  // The server refuses searches past SEARCH_MAX characters; a longer paste searches its beginning.
  const query = { page, limit: PAGE_SIZES.users, search: search.trim().slice(0, SEARCH_MAX), role: 'staff' };
  return useQuery({
    queryKey: queryKeys.list(AREA, query),
    queryFn: async ({ signal }) => (await api.get<UserListData>('/admin/users', { query, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateUserInput) =>
      (await api.post<{ user: PublicUser }>('/admin/users', input)).data.user,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.area(AREA) }),
  });
}

/** Role and active flag; "Delete" on the screen is this call with `isActive: false`. */
export function useUpdateUserStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: UpdateUserStatusInput & { id: string }) =>
      (await api.put<{ user: PublicUser }>(`/admin/users/${id}/status`, input)).data.user,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.area(AREA) }),
  });
}
