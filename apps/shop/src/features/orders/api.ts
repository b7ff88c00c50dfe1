import { orderContracts, paymentContracts, profileContracts } from '@seamline/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The signed-in customer's reads, all under the 'account' key (forgotten at sign-out). */
export const accountQueries = {
  all: ['account'] as const,
  profile: () =>
    queryOptions({
      queryKey: [...accountQueries.all, 'profile'],
      queryFn: async ({ signal }) => (await api.call(profileContracts.get, { signal })).data.user,
      staleTime: 0,
    }),
  addresses: () =>
    queryOptions({
      queryKey: [...accountQueries.all, 'addresses'],
      queryFn: async ({ signal }) => (await api.call(profileContracts.listAddresses, { signal })).data.addresses,
      staleTime: 0,
    }),
  cards: () =>
    queryOptions({
      queryKey: [...accountQueries.all, 'cards'],
      queryFn: async ({ signal }) => (await api.call(paymentContracts.listMethods, { signal })).data.methods,
      staleTime: 0,
    }),
  orders: (page: number) =>
    queryOptions({
      queryKey: [...accountQueries.all, 'orders', page],
      queryFn: async ({ signal }) => (await api.call(orderContracts.mine, { query: { page }, signal })).data,
      staleTime: 0,
    }),
  order: (id: string) =>
    queryOptions({
      queryKey: [...accountQueries.all, 'order', id],
      queryFn: async ({ signal }) => (await api.call(orderContracts.get, { params: { id }, signal })).data.order,
      staleTime: 0,
    }),
  tracking: (id: string) =>
    queryOptions({
      queryKey: [...accountQueries.all, 'order', id, 'tracking'],
      queryFn: async ({ signal }) =>
        (await api.call(orderContracts.tracking, { params: { id }, signal })).data.tracking,
      staleTime: 0,
    }),
};
