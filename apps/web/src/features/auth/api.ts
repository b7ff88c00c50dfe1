import { authContracts, invitationContracts } from '@seamline/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Query keys and options of the sign-in screens, in one place. */
export const authQueries = {
  all: ['auth'] as const,
  /** Confirms the address once: the query dedupes and never refetches, the token is single-use. */
  verifyEmail: (token: string) =>
    queryOptions({
      queryKey: [...authQueries.all, 'verify-email', token] as const,
      queryFn: () => api.call(authContracts.verifyEmail, { body: { token } }),
      enabled: token !== '',
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: Number.POSITIVE_INFINITY,
    }),
  /** What an invitation link is for, or why it no longer works (a clear message from the server). */
  invitation: (token: string) =>
    queryOptions({
      queryKey: [...authQueries.all, 'invitation', token] as const,
      queryFn: async ({ signal }) => (await api.call(invitationContracts.preview, { query: { token }, signal })).data,
      enabled: token !== '',
      retry: false,
      refetchOnWindowFocus: false,
    }),
};
