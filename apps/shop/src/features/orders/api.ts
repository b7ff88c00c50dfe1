import { orderContracts, type RefundRequestInput } from '@seamline/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { ACCOUNT_QUERY_KEY } from '../../lib/query-client';

/** The customer's orders, under the account key (forgotten at sign-out); always fetched fresh. */
export const orderQueries = {
  all: [...ACCOUNT_QUERY_KEY, 'orders'] as const,
  list: (page: number) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'list', page] as const,
      queryFn: async ({ signal }) => (await api.call(orderContracts.mine, { query: { page }, signal })).data,
      staleTime: 0,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'detail', id] as const,
      queryFn: async ({ signal }) => (await api.call(orderContracts.get, { params: { id }, signal })).data.order,
      staleTime: 0,
    }),
  tracking: (id: string) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'detail', id, 'tracking'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(orderContracts.tracking, { params: { id }, signal })).data.tracking,
      staleTime: 0,
    }),
};

/** Cancels an order while it is still pending or confirmed (the server frees the stock and the coupon use). */
export const cancelOrder = (id: string) =>
  api.call(orderContracts.cancelWithReason, { params: { id }, body: { reason: 'Cancelled by the customer' } });

export const requestReturn = (id: string, body: RefundRequestInput) =>
  api.call(orderContracts.requestRefund, { params: { id }, body });

/** A guest's order by its number and the e-mail it was placed with. */
export const trackOrder = async ({ orderNumber, email }: { orderNumber: string; email: string }) =>
  (await api.call(orderContracts.track, { params: { orderNumber }, query: { email } })).data;
