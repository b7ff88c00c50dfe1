import {
  type AddOrderForm,
  type ApproveReturnInput,
  adminOrderContracts,
  type EditOrderInput,
  type OrderStatusForm,
  orderContracts,
  orderPaymentContracts,
  productContracts,
  type RecordPaymentValues,
  type RefundPaymentData,
  returnContracts,
} from '@seamline/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { catalogueQueryRoots, orderQueryRoots } from '../../lib/query-keys';
import type { OrderFilter } from './order-filters';

/** One page of the list with its filters (status, open returns, payment, dates, totals, guest/registered). */
export type OrderListParams = { page: number; limit: number; search: string } & OrderFilter;

/** The Add Order picker's size of product list: up to 100 active products with their size/color combinations. */
const PICKER_LIMIT = 100;

/** Query keys and options of the orders area, in one place (invalidate `orderQueries.all`). */
export const orderQueries = {
  all: orderQueryRoots.orders,
  /** One page of orders, newest first; the search runs on the server (order number, customer name, e-mail). */
  list: (params: OrderListParams) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'list', params] as const,
      queryFn: async ({ signal }) => {
        const { data } = await api.call(adminOrderContracts.list, { query: params, signal });
        // As the specification reads it: an answer without its order list is a failed fetch.
        if (!Array.isArray(data?.orders)) throw new Error('Invalid response structure');
        return data;
      },
      placeholderData: keepPreviousData,
    }),
  /** One order's returns, newest first. */
  returns: (orderId: string) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'returns', orderId] as const,
      queryFn: async ({ signal }) =>
        (await api.call(returnContracts.listForOrder, { params: { id: orderId }, signal })).data.returns,
    }),
  /**
   * The product picker of Add Order, read with the staff view (it shows what is available: quantity − reserved).
   * Its key starts with the products root, so catalogue and stock changes refresh it.
   */
  pickerProducts: () =>
    queryOptions({
      queryKey: [...catalogueQueryRoots.products, 'order-picker'] as const,
      queryFn: async ({ signal }) =>
        (
          await api.callStaffView(productContracts.list, {
            query: { limit: PICKER_LIMIT, isActive: 'true' },
            signal,
          })
        ).data.products,
    }),
};

export function useOrders(params: OrderListParams) {
  return useQuery(orderQueries.list(params));
}

export function usePickerProducts(enabled: boolean) {
  return useQuery({ ...orderQueries.pickerProducts(), enabled });
}

function useOrderMutation<TVars, TResult>(run: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: orderQueries.all }),
  });
}

/** Add Order: an Idempotency-Key per dialog submission, so a retried request never creates a second order. */
export function useAddOrder() {
  return useOrderMutation(({ values, key }: { values: AddOrderForm; key: string }) =>
    api.call(adminOrderContracts.create, { body: values, headers: { 'Idempotency-Key': key } }),
  );
}

export function useEditOrder() {
  return useOrderMutation(({ id, values }: { id: string; values: EditOrderInput }) =>
    api.call(adminOrderContracts.update, { params: { id }, body: values }),
  );
}

/** Tracking number and estimated delivery are sent only when filled. */
export function useUpdateOrderStatus() {
  return useOrderMutation(({ id, values }: { id: string; values: OrderStatusForm }) =>
    api.call(adminOrderContracts.updateStatus, {
      params: { id },
      body: {
        status: values.status,
        paymentStatus: values.paymentStatus,
        ...(values.trackingNumber ? { trackingNumber: values.trackingNumber } : {}),
        ...(values.estimatedDelivery ? { estimatedDelivery: values.estimatedDelivery } : {}),
      },
    }),
  );
}

export function useCancelOrder() {
  return useOrderMutation(({ id, reason }: { id: string; reason: string }) =>
    api.call(orderContracts.cancelWithReason, { params: { id }, body: { reason } }),
  );
}

/** Reserve a line's units at another stock location (only while the order's stock is reserved). */
export function useReassignLine() {
  return useOrderMutation(({ orderId, itemId, locationId }: { orderId: string; itemId: string; locationId: string }) =>
    api.call(adminOrderContracts.reassignLine, { params: { id: orderId, itemId }, body: { locationId } }),
  );
}

export function useDeleteOrder() {
  return useOrderMutation((id: string) => api.call(adminOrderContracts.remove, { params: { id } }));
}

export function useOrderReturns(orderId: string) {
  return useQuery(orderQueries.returns(orderId));
}

/** Approve a return: the refund and the units to restock; the order, its returns and the badge refresh. */
export function useApproveReturn() {
  return useOrderMutation(({ id, body }: { id: string; body: ApproveReturnInput }) =>
    api.call(returnContracts.approve, { params: { id }, body }),
  );
}

export function useDeclineReturn() {
  return useOrderMutation(({ id, reason }: { id: string; reason: string }) =>
    api.call(returnContracts.decline, { params: { id }, body: { reason } }),
  );
}

/** One order's payment timeline: charges, refunds, disputes and payments recorded by hand, with their totals. */
export function useOrderPayments(orderId: string) {
  return useQuery({
    queryKey: [...orderQueries.all, 'payments', orderId] as const,
    queryFn: async ({ signal }) =>
      (await api.call(orderPaymentContracts.list, { params: { id: orderId }, signal })).data,
  });
}

/**
 * Refund part or all of an order through its provider: an Idempotency-Key per dialog submission, so a retried
 * request never refunds twice. The order, its payments and the list refresh.
 */
export function useRefundOrder() {
  return useOrderMutation(({ id, body, key }: { id: string; body: RefundPaymentData; key: string }) =>
    api.call(orderPaymentContracts.refund, { params: { id }, body, headers: { 'Idempotency-Key': key } }),
  );
}

/** Record money received outside a provider (a bank transfer, cash); the order comes back as it now stands. */
export function useRecordPayment() {
  return useOrderMutation(({ id, values }: { id: string; values: RecordPaymentValues }) =>
    api.call(adminOrderContracts.recordPayment, { params: { id }, body: values }),
  );
}
