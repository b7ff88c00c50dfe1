import {
  type CustomerListData,
  type CustomerListQuery,
  type CustomerStatusInput,
  type CustomerUpdateInput,
  customerContracts,
} from '@seamline/shared';
import {
  keepPreviousData,
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** What the screen asks for: one page of the list, searched and filtered on the server. */
export type CustomerPageQuery = Required<Pick<CustomerListQuery, 'page' | 'limit'>> &
  Pick<CustomerListQuery, 'search' | 'status' | 'registeredFrom' | 'registeredTo' | 'hasOrders'>;

const EMPTY: CustomerListData = {
  users: [],
  pagination: { page: 1, limit: 1, total: 0, pages: 1, totalPages: 1, exact: true },
  overall: { total: 0, exact: true },
};

/**
 * One page of customers. An answer without a `users` array counts as an empty list of one page (the specification); the
 * contract types the answer, this guards a server that answers something else.
 */
export async function fetchCustomerPage(query: CustomerPageQuery, signal?: AbortSignal): Promise<CustomerListData> {
  const answer = await api.call(customerContracts.list, { query, signal });
  const users: unknown = answer?.data?.users;
  return Array.isArray(users) ? answer.data : EMPTY;
}

/** Query keys and options of the customers area, in one place (invalidate `customerQueries.all`). */
export const customerQueries = {
  all: ['customers'] as const,
  list: (query: CustomerPageQuery) =>
    queryOptions({
      queryKey: [...customerQueries.all, 'list', query] as const,
      queryFn: ({ signal }) => fetchCustomerPage(query, signal),
      // The previous page stays on screen while the next one loads (no flash of placeholders between pages).
      placeholderData: keepPreviousData,
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

export function useCustomers(query: CustomerPageQuery) {
  return useQuery(customerQueries.list(query));
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

/** Erases the customer's personal data on their request (admins; cannot be undone). */
export function useEraseCustomer() {
  return useCustomerMutation<void>((id) => api.call(customerContracts.erase, { params: { id } }));
}
