import {
  type AdminCustomer,
  type CustomerStatusInput,
  type CustomerUpdateInput,
  customerContracts,
  MAX_PAGE_LIMIT,
} from '@seamline/shared';
import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Guard against a runaway loop: 50 pages of 100 = 5,000 customers held for client-side search. */
const MAX_PAGES = 50;

/**
 * Every customer (or every active one), for the screen's client-side search and paging (spec §2.13). The server
 * pages by 10 by default; the screen asks for the largest page (100) and follows `pagination.pages` until it has
 * them all. An answer without a `users` array counts as an empty list (spec §8: invalid structure → empty list).
 */
export async function fetchAllCustomers(activeOnly: boolean, signal?: AbortSignal): Promise<AdminCustomer[]> {
  const all: AdminCustomer[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await api.call(customerContracts.list, {
      query: { page, limit: MAX_PAGE_LIMIT, status: activeOnly ? 'active' : undefined },
      signal,
    });
    // The contract types the answer; this guards a server that answers something else (spec §8).
    const users: unknown = answer?.data?.users;
    if (!Array.isArray(users)) return all;
    all.push(...answer.data.users);
    if (page >= (answer.data.pagination?.pages ?? 1)) break;
  }
  return all;
}

/** Query keys and options of the customers area, in one place (invalidate `customerQueries.all`). */
export const customerQueries = {
  all: ['customers'] as const,
  list: (activeOnly: boolean) =>
    queryOptions({
      queryKey: [...customerQueries.all, 'list', { activeOnly }] as const,
      queryFn: ({ signal }) => fetchAllCustomers(activeOnly, signal),
    }),
  /** One customer with their real orders and saved addresses (the details modal); nothing while none is open. */
  detail: (id: string | null) =>
    queryOptions({
      queryKey: [...customerQueries.all, 'detail', id ?? ''] as const,
      queryFn: id
        ? async ({ signal }) => (await api.call(customerContracts.get, { params: { id }, signal })).data
        : skipToken,
    }),
};

export function useCustomers(activeOnly: boolean) {
  return useQuery(customerQueries.list(activeOnly));
}

export function useCustomerDetail(id: string | null) {
  return useQuery(customerQueries.detail(id));
}

function useCustomerMutation<TInput>(send: (id: string, input: TInput) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TInput }) => send(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: customerQueries.all }),
  });
}

export function useUpdateCustomerStatus() {
  return useCustomerMutation<CustomerStatusInput>((id, body) =>
    api.call(customerContracts.setStatus, { params: { id }, body }),
  );
}

export function useUpdateCustomer() {
  return useCustomerMutation<CustomerUpdateInput>((id, body) =>
    api.call(customerContracts.update, { params: { id }, body }),
  );
}
