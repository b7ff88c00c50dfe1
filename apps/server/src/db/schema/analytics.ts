import {
  bigint,
  boolean,
  char,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { products } from './catalogue.js';

/**
 * Analytics rollups, kept exact by database triggers on orders and order_items (migration 0001): every insert,
 * update or delete of an order or line adjusts these sums in the same transaction, so the reports read a few
 * thousand day rows instead of every order. `analytics_rebuild()` recomputes both from the base tables.
 */

/**
 * Orders per UTC day of creation × status × payment status × payment method (all statuses; revenue filters), spread
 * over ANALYTICS_ORDER_SHARDS rows per group (migration analytics_order_shards): the triggers add an order to shard
 * `hashtext(order id) & 15`, so concurrent checkouts of the same day and kind update different rows instead of all
 * queueing on one "today" row. A group's figures are the SUM over its shards — every reader sums. An order always
 * maps to the same shard, so its later changes move its own contribution; `analytics_rebuild()` writes shard 0 only.
 */
export const ANALYTICS_ORDER_SHARDS = 16;
export const analyticsOrderDays = pgTable(
  'analytics_order_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    paymentMethod: text('payment_method').notNull(),
    shard: smallint('shard').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    total: numeric('total', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    subtotal: numeric('subtotal', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    /** Orders of the group that have a shipped time, and the sum of their created → shipped seconds. */
    shipped: integer('shipped').notNull().default(0),
    processingSeconds: doublePrecision('processing_seconds').notNull().default(0),
    /** The group's orders that belong to a customer (not guests), and their total. */
    customerOrders: integer('customer_orders').notNull().default(0),
    customerTotal: numeric('customer_total', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.paymentStatus, t.paymentMethod, t.shard] })],
);

/**
 * Order changes not yet added to analytics_order_days (migration 0047), as analytics_pending_product_days is for
 * product sales: the same columns, appended by the orders' trigger, added up by `analytics_fold_pending()`.
 */
export const analyticsPendingOrderDays = pgTable('analytics_pending_order_days', {
  day: date('day', { mode: 'string' }).notNull(),
  status: text('status').notNull(),
  paymentStatus: text('payment_status').notNull(),
  paymentMethod: text('payment_method').notNull(),
  shard: smallint('shard').notNull(),
  orders: integer('orders').notNull(),
  total: numeric('total', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  subtotal: numeric('subtotal', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  shipped: integer('shipped').notNull(),
  processingSeconds: doublePrecision('processing_seconds').notNull(),
  customerOrders: integer('customer_orders').notNull(),
  customerTotal: numeric('customer_total', { precision: 14, scale: 2, mode: 'number' }).notNull(),
});

/**
 * Lines of revenue orders (not cancelled or refunded) per UTC day × product. `product_key` is the product id, or ''
 * once the product is deleted. `orders` counts the orders holding the product (an order once per product).
 */
export const analyticsProductDays = pgTable(
  'analytics_product_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productKey: text('product_key').notNull(),
    units: integer('units').notNull().default(0),
    revenue: numeric('revenue', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    orders: integer('orders').notNull().default(0),
  },
  // By product: a product changing category or brand moves its history between the category/brand day rollups.
  (t) => [
    primaryKey({ columns: [t.day, t.productKey] }),
    index('analytics_product_days_product_idx').on(t.productKey, t.day),
  ],
);

/**
 * Product sales not yet added to analytics_product_days (migration 0047): the order-line triggers append their
 * changes here instead of updating the day rows, so an order's statement touches no shared rollup row and takes no
 * lock of another order's; `analytics_fold_pending()` adds them up in one statement (the analytics reads call it
 * first, a job every minute), so the figures read are exact. No key: rows are only appended and taken whole. Indexed
 * by product (migration 0055): a product's sales count adds its pending rows to its all-time total (`unitsSoldSql`).
 */
export const analyticsPendingProductDays = pgTable(
  'analytics_pending_product_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productKey: text('product_key').notNull(),
    units: integer('units').notNull(),
    revenue: numeric('revenue', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [index('analytics_pending_product_days_product_idx').on(t.productKey)],
);

/**
 * One row per product (migration 0007): its units in stock, how many of its combinations are at or below their
 * threshold, and the product columns the stock figures need, kept by triggers on products and inventory. Inventory
 * analytics read 1 row per product instead of every combination.
 */
export const analyticsProductStock = pgTable('analytics_product_stock', {
  productId: char('product_id', { length: 24 })
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  categoryId: char('category_id', { length: 24 }).notNull(),
  isActive: boolean('is_active').notNull(),
  price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  units: bigint('units', { mode: 'number' }).notNull().default(0),
  lowVariants: integer('low_variants').notNull().default(0),
});

/**
 * The store-wide stock totals as they stood at the start of a UTC day, worked out once from the movements
 * (inventory analytics' "vs 30 days ago") and kept: a past instant's figures do not change, so the comparison costs a
 * row read instead of replaying a month of movements on every request.
 */
export const analyticsStockSnapshots = pgTable('analytics_stock_snapshots', {
  at: timestamp('at', { withTimezone: true }).primaryKey(),
  totalProducts: integer('total_products').notNull(),
  lowStockProducts: integer('low_stock_products').notNull(),
  outOfStockProducts: integer('out_of_stock_products').notNull(),
  totalValue: numeric('total_value', { precision: 16, scale: 2, mode: 'number' }).notNull(),
  totalStockUnits: bigint('total_stock_units', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Per customer with revenue orders: the creation times of their latest two (migration 0007). For a range that reaches
 * today, a customer ordered in it when the latest is inside, and ordered twice or more when the second latest is.
 */
export const analyticsCustomers = pgTable(
  'analytics_customers',
  {
    customerId: char('customer_id', { length: 24 }).primaryKey(),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
    previousOrderAt: timestamp('previous_order_at', { withTimezone: true }),
  },
  (t) => [
    index('analytics_customers_last_idx').on(t.lastOrderAt),
    index('analytics_customers_previous_idx').on(t.previousOrderAt),
  ],
);

/** Coupon redemptions not given back, per UTC day of redemption × coupon, with the redeemed orders' subtotals. */
export const analyticsCouponDays = pgTable(
  'analytics_coupon_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    couponId: char('coupon_id', { length: 24 }).notNull(),
    redemptions: integer('redemptions').notNull().default(0),
    discount: numeric('discount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    subtotal: numeric('subtotal', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.couponId] })],
);

/** Activity-log entries per UTC day × user ('' for none) × status × action × resource. */
export const analyticsActivityDays = pgTable(
  'analytics_activity_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userKey: text('user_key').notNull(),
    status: text('status').notNull(),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    entries: integer('entries').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.userKey, t.status, t.action, t.resource] })],
);

/**
 * Per product key (as in analytics_product_days): all-time units of revenue-order lines (migration
 * analytics_product_totals). An upper bound of the product's units over any range, so the best sellers of a range
 * are found among the best sellers of all time (product-sales.ts) instead of summing every product of the range. With
 * the product's pending rows it is the product's `salesCount` (`unitsSoldSql`). Every product has a row, 0 until it
 * sells (an insert trigger on products and `analytics_rebuild()`, migration 0057), so a list sorted by sales walks
 * this table's (units, key) index alone, never-sold products included (`salesRankCandidates`).
 */
export const analyticsProductTotals = pgTable(
  'analytics_product_totals',
  {
    productKey: text('product_key').primaryKey(),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('analytics_product_totals_units_idx').on(t.units, t.productKey)],
);

/**
 * Line sales per UTC day × the product's current category ('' once the product is deleted), and the same per current
 * brand ('' for none or deleted), with the orders holding each product summed (an order once per product). Kept from
 * analytics_product_days by triggers; a product changing category or brand moves its history. Spread over shards
 * by transaction (like analytics_order_days), so concurrent checkouts do not queue on one "today" row; readers sum.
 */
export const analyticsCategoryDays = pgTable(
  'analytics_category_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    categoryKey: text('category_key').notNull(),
    shard: smallint('shard').notNull().default(0),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    revenue: numeric('revenue', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.categoryKey, t.shard] })],
);

export const analyticsBrandDays = pgTable(
  'analytics_brand_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    brandKey: text('brand_key').notNull(),
    shard: smallint('shard').notNull().default(0),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    revenue: numeric('revenue', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.brandKey, t.shard] })],
);

/**
 * Revenue orders per UTC month × customer: how many and their total (migration analytics_customer_months), kept by
 * triggers on orders. Top customers of a range take the month's biggest spenders as candidates and bound everyone
 * else by the months' next figures (top-customers.ts), instead of summing every order of the range.
 */
export const analyticsCustomerMonths = pgTable(
  'analytics_customer_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    customerId: char('customer_id', { length: 24 }).notNull(),
    orders: integer('orders').notNull().default(0),
    spent: numeric('spent', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.customerId] }),
    index('analytics_customer_months_spent_idx').on(t.month, t.spent),
  ],
);

/**
 * Money per UTC day it moved × payment method (migration analytics_payment_days), kept by a trigger on payments:
 * succeeded charges and manual records add to `received` (and count in `payments`), succeeded refunds add to
 * `refunded`; disputes and unsettled attempts add nothing. The trigger is deferred to commit, so these rows are the
 * last locks a transaction takes (lib/locked-transaction.ts), and spread over ANALYTICS_ORDER_SHARDS rows per day and
 * method by `hashtext(order id, else payment id) & 15`, so parallel payments do not queue on one "today" row. Readers
 * sum the shards; `analytics_rebuild()` writes shard 0. Revenue analytics read revenue here.
 */
export const analyticsPaymentDays = pgTable(
  'analytics_payment_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    shard: smallint('shard').notNull().default(0),
    received: numeric('received', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    refunded: numeric('refunded', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    /** Payments received (charges and manual records): an order paid in two transfers counts twice. */
    payments: integer('payments').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.method, t.shard] })],
);
