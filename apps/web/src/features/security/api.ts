import { sessionContracts, twoFactorContracts } from '@seamline/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Query keys and options of the profile's security screen. */
export const securityQueries = {
  all: ['security'] as const,
  sessions: () =>
    queryOptions({
      queryKey: [...securityQueries.all, 'sessions'] as const,
      queryFn: async () => (await api.call(sessionContracts.list)).data.sessions,
    }),
  twoFactor: () =>
    queryOptions({
      queryKey: [...securityQueries.all, 'two-factor'] as const,
      queryFn: async () => (await api.call(twoFactorContracts.status)).data,
    }),
  settings: () =>
    queryOptions({
      queryKey: [...securityQueries.all, 'settings'] as const,
      queryFn: async () => (await api.call(twoFactorContracts.getSettings)).data,
    }),
};
