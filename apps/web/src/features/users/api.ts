import {
  type CreateUserInput,
  INVITATION_MESSAGES,
  INVITATIONS,
  type InviteStaffInput,
  invitationContracts,
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

/** The Pending invitations card (admins): open invitations, newest first. */
export const invitationQueries = {
  all: [...userQueries.all, 'invitations'] as const,
  list: (page: number) => {
    const query = { page, limit: INVITATIONS.pageSize };
    return queryOptions({
      queryKey: [...invitationQueries.all, query] as const,
      queryFn: async ({ signal }) => (await api.call(invitationContracts.list, { query, signal })).data,
      placeholderData: keepPreviousData,
    });
  },
};

export function useInvitations(page: number, enabled: boolean) {
  return useQuery({ ...invitationQueries.list(page), enabled });
}

export function useInviteStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: InviteStaffInput) => (await api.call(invitationContracts.create, { body: input })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: invitationQueries.all }),
  });
}

/** Resend (a new link, the old one dead) or revoke; both answer a message for the toast. */
export function useInvitationAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'resend' | 'revoke' }) =>
      action === 'resend'
        ? ((await api.call(invitationContracts.resend, { params: { id } })).message ?? INVITATION_MESSAGES.resent)
        : (await api.call(invitationContracts.revoke, { params: { id } })).message,
    onSettled: () => client.invalidateQueries({ queryKey: invitationQueries.all }),
  });
}
