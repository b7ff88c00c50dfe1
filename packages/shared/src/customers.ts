import { z } from 'zod';
import { savedAddress } from './addresses.js';
import { dateFilter, pageQuery, paginationView } from './api.js';
import { personNameSchema, publicUser } from './auth.js';
import { CUSTOMER_TIERS, ORDER_STATUSES, PAGE_SIZES, PAYMENT_STATUSES } from './constants.js';

export const CUSTOMER_TIER_NAMES = ['High Value', 'Medium Value', 'Standard'] as const;
export type CustomerTier = (typeof CUSTOMER_TIER_NAMES)[number];

/** Customer value tier by total spent (the specification): ≥ 1000 High Value, ≥ 500 Medium Value, else Standard. */
export function customerTier(totalSpent: number): CustomerTier {
  if (totalSpent >= CUSTOMER_TIERS.high) return 'High Value';
  if (totalSpent >= CUSTOMER_TIERS.medium) return 'Medium Value';
  return 'Standard';
}

/**
 * Order statuses whose totals do not count as money spent (the same rule as revenue, docs/domain.md § Domain rules).
 */
export const NOT_SPENT_ORDER_STATUSES = [
  'cancelled',
  'refunded',
] as const satisfies readonly (typeof ORDER_STATUSES)[number][];

export const CUSTOMER_SEARCH_MAX = 100;

export const CUSTOMER_HAS_ORDERS = ['yes', 'no'] as const;

/** GET /admin/customers: page, limit (10), optional search, status, registration range and whether they ordered. */
export const customerListQuery = pageQuery(PAGE_SIZES.customersServer).extend({
  search: z.string().trim().max(CUSTOMER_SEARCH_MAX, 'Search must be at most 100 characters').optional(),
  status: z.enum(['active', 'inactive'], { error: 'Status must be active or inactive' }).optional(),
  /** Registered from / to (a day or an instant, docs/domain.md § Corrections). */
  registeredFrom: dateFilter.optional(),
  registeredTo: dateFilter.optional(),
  /** yes: has placed at least one order; no: never ordered. */
  hasOrders: z.enum(CUSTOMER_HAS_ORDERS, { error: 'hasOrders must be yes or no' }).optional(),
});
export type CustomerListQuery = z.input<typeof customerListQuery>;

/** A phone number: optional; empty clears it. Digits with the usual separators, 7–15 digits. */
export const customerPhoneSchema = z
  .string()
  .trim()
  .max(30, 'Please enter a valid phone number')
  .refine((v) => v === '' || (/^\+?[\d\s().-]+$/.test(v) && /^(\D*\d){7,15}\D*$/.test(v)), {
    message: 'Please enter a valid phone number',
  })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/** PUT /admin/customers/{id}: the fields staff may edit (docs/domain.md § Corrections: edit name and phone). */
export const customerUpdateInput = z.strictObject({
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  phone: customerPhoneSchema,
});
export type CustomerUpdateInput = z.input<typeof customerUpdateInput>;

export const customerStatusInput = z.strictObject({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});
export type CustomerStatusInput = z.infer<typeof customerStatusInput>;

/** A customer as the back office sees it: the user plus order figures and tier. */
export const adminCustomer = publicUser.extend({
  orderCount: z.number().int(),
  totalSpent: z.number(),
  tier: z.enum(CUSTOMER_TIER_NAMES),
});
export type AdminCustomer = z.infer<typeof adminCustomer>;

/**
 * One page of customers. `overall` is how many the list holds without the search (the Y of the screen's
 * "X of Y customers"), counted exactly up to COUNT_EXACT_LIMIT, estimated past it (`pagination.total` of a search:
 * up to SEARCH_COUNT_EXACT_LIMIT).
 */
export const customerListData = z.object({
  users: z.array(adminCustomer),
  pagination: paginationView,
  overall: z.object({ total: z.number(), exact: z.boolean() }),
});
export type CustomerListData = z.infer<typeof customerListData>;

export const customerOrderSummary = z.object({
  _id: z.string(),
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  total: z.number(),
  itemsCount: z.number().int(),
  createdAt: z.string(),
});
export type CustomerOrderSummary = z.infer<typeof customerOrderSummary>;

export const customerDetail = z.object({
  user: adminCustomer,
  orders: z.array(customerOrderSummary),
  addresses: z.array(savedAddress),
});
export type CustomerDetail = z.infer<typeof customerDetail>;
