import type {
  AddOrderForm,
  EditOrderInput,
  OrderStatus,
  OrderStatusForm,
  OrderView,
  Pagination,
} from '@seamline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const AREA = 'orders';

export type OrderListParams = { page: number; limit: number; search: string; status?: OrderStatus };

/** One page of orders, newest first; the search runs on the server (order number, customer name, e-mail). */
export function useOrders(params: OrderListParams) {
  return useQuery({
    queryKey: queryKeys.list(AREA, params),
    queryFn: async ({ signal }) => {
      const response = await api.get<{ orders: OrderView[]; pagination: Pagination }>('/admin/orders', {
        query: params,
        signal,
      });
      if (!Array.isArray(response.data?.orders)) throw new Error('Invalid response structure');
      return response.data;
    },
    placeholderData: keepPreviousData,
  });
}

/** The product picker of Add Order: up to 100 active products with their size/color combinations. */
export type PickerProduct = {
  _id: string;
  name: string;
  price: number;
  salePrice: number | null;
  inventory: { size: string; color: string; quantity: number; reserved: number }[];
};
export function usePickerProducts(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.list('products', { picker: true }),
    queryFn: async () =>
      (await api.get<{ products: PickerProduct[] }>('/products', { query: { limit: 100, isActive: true } })).data
        .products,
    enabled,
  });
}

function useOrderMutation<TVars>(run: (vars: TVars) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.area(AREA) }),
  });
}

/** Add Order: an Idempotency-Key per dialog submission, so a retried request never creates a second order. */
export function useAddOrder() {
  return useOrderMutation(({ values, key }: { values: AddOrderForm; key: string }) =>
    api.post<{ order: OrderView }>('/admin/orders', values, { headers: { 'Idempotency-Key': key } }),
  );
}

export function useEditOrder() {
  return useOrderMutation(({ id, values }: { id: string; values: EditOrderInput }) =>
    api.put<{ order: OrderView }>(`/admin/orders/${id}`, values),
  );
}

/** Tracking number and estimated delivery are sent only when filled. */
export function useUpdateOrderStatus() {
  return useOrderMutation(({ id, values }: { id: string; values: OrderStatusForm }) =>
    api.put<{ order: OrderView }>(`/admin/orders/${id}/status`, {
      status: values.status,
      paymentStatus: values.paymentStatus,
      ...(values.trackingNumber ? { trackingNumber: values.trackingNumber } : {}),
      ...(values.estimatedDelivery ? { estimatedDelivery: values.estimatedDelivery } : {}),
    }),
  );
}

export function useCancelOrder() {
  return useOrderMutation(({ id, reason }: { id: string; reason: string }) =>
    api.put<{ order: OrderView }>(`/orders/${id}/cancel`, { reason }),
  );
}

export function useDeleteOrder() {
  return useOrderMutation((id: string) => api.delete(`/admin/orders/${id}`));
}
