import { date, doublePrecision, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Analytics rollups, kept exact by database triggers on orders and order_items (migration 0001): every insert,
 * update or delete of an order or line adjusts these sums in the same transaction, so the reports read a few
 * thousand day rows instead of every order. `analytics_rebuild()` recomputes both from the base tables.
 */

/** Orders per UTC day of creation × status × payment status × payment method (all statuses; revenue filters). */
export const analyticsOrderDays = pgTable(
  'analytics_order_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    paymentMethod: text('payment_method').notNull(),
    orders: integer('orders').notNull().default(0),
    total: numeric('total', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    subtotal: numeric('subtotal', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    /** Orders of the group that have a shipped time, and the sum of their created → shipped seconds. */
    shipped: integer('shipped').notNull().default(0),
    processingSeconds: doublePrecision('processing_seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.paymentStatus, t.paymentMethod] })],
);

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
  (t) => [primaryKey({ columns: [t.day, t.productKey] })],
);
