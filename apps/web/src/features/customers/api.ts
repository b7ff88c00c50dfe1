import {
  type AdminCustomer,
  type CustomerDetail,
  type CustomerStatusInput,
  type CustomerUpdateInput,
  MAX_PAGE_LIMIT,
  type Pagination,
} from '@seamline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const AREA = 'customers';
/** Guard against a runaway loop: 50 pages of 100 = 5,000 customers held for client-side search. */
const MAX_PAGES = 50;

type ListAnswer = { users?: unknown; pagination?: Partial<Pagination> };

/**
 * Every customer (or every active one), for the screen's client-side search and paging (spec §2.13). The server
 * pages by 10 by default; the screen asks for the largest page (100) and follows `pagination.pages` until it has
 * them all. An answer without a `users` array counts as an empty list (spec §8: invalid structure → empty list).
 */
export async function fetchAllCustomers(activeOnly: boolean, signal?: AbortSignal): Promise<AdminCustomer[]> {
  const all: AdminCustomer[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await api.get<ListAnswer>('/admin/customers', {
      query: { page, limit: MAX_PAGE_LIMIT, status: activeOnly ? 'active' : undefined },
      signal,
    });
    const users = answer?.data?.users;
    if (!Array.isArray(users)) return all;
    all.push(...(users as AdminCustomer[]));
    if (page >= (answer.data.pagination?.pages ?? 1)) break;
  }
  return all;
}

export function useCustomers(activeOnly: boolean) {
  return useQuery({
    queryKey: queryKeys.list(AREA, { activeOnly }),
    queryFn: ({ signal }) => fetchAllCustomers(activeOnly, signal),
  });
}

/** One customer with their real orders and saved addresses (the details modal). */
export function useCustomerDetail(id: string | null) {
  return useQuery({
    queryKey: queryKeys.detail(AREA, id ?? ''),
    queryFn: async ({ signal }) => (await api.get<CustomerDetail>(`/admin/customers/${id}`, { signal })).data,
    enabled: Boolean(id),
  });
}

function useCustomerMutation<TInput>(send: (id: string, input: TInput) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TInput }) => send(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.area(AREA) }),
  });
}

export function useUpdateCustomerStatus() {
  return useCustomerMutation<CustomerStatusInput>((id, input) => api.put(`/admin/customers/${id}/status`, input));
}

export function useUpdateCustomer() {
  return useCustomerMutation<CustomerUpdateInput>((id, input) => api.put(`/admin/customers/${id}`, input));
}
