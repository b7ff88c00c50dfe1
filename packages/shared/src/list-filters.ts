import { z } from 'zod';
import { dateFilter } from './api.js';
import { PAGE_SIZES, PAYMENT_METHODS, PAYMENT_STATUSES } from './constants.js';
import { orderListQuery } from './orders.js';

/** Money bounds in a list filter (dollars, ≥ 0). */
const amountFilter = z.coerce.number().finite().min(0, 'Amount must be 0 or more').max(1e9);

/** Who placed an order: a guest (an e-mail, no account) or a registered customer. */
export const ORDER_CUSTOMER_TYPES = ['guest', 'registered'] as const;
export type OrderCustomerType = (typeof ORDER_CUSTOMER_TYPES)[number];

/**
 * The back office's order list filters (issue 17 item 4), on top of status and search: payment status and method,
 * created-date range (a day or an instant, docs/domain.md § Corrections), total range and guest/registered.
 */
export const orderFilterFields = {
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  startDate: dateFilter.optional(),
  endDate: dateFilter.optional(),
  minTotal: amountFilter.optional(),
  maxTotal: amountFilter.optional(),
  customerType: z.enum(ORDER_CUSTOMER_TYPES).optional(),
};
export const staffOrderListQuery = orderListQuery(PAGE_SIZES.adminOrdersDefault).extend(orderFilterFields);
export type StaffOrderListQuery = z.output<typeof staffOrderListQuery>;

/**
 * A product's stock state as a list filter: the four stock statuses of `stockStatus` (the specification).
 * out: total quantity 0; low: some variant at or below its threshold; moderate: some variant within 1.5 × its
 * threshold (and none at or below it); in: every variant above 1.5 × its threshold.
 */
export const STOCK_FILTERS = ['out', 'low', 'moderate', 'in'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];
export const STOCK_FILTER_LABELS: Record<StockFilter, string> = {
  out: 'Out of Stock',
  low: 'Low Stock',
  moderate: 'Moderate Stock',
  in: 'In Stock',
};
export const stockFilterField = { stock: z.enum(STOCK_FILTERS).optional() };
