import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Units of a product in orders neither cancelled nor refunded, as an SQL expression for `productId` (a column or
 * value): the product's all-time total in the sales rollup plus its changes still pending a fold (migration 0047).
 * Two index probes, whatever the number of orders; exact at any moment, since a fold moves rows from one to the other
 * in one transaction and a statement reads both in one snapshot. Nothing is folded here, so it may be read inside a
 * write's transaction and on a replica.
 */
export function unitsSoldSql(productId: SQL | AnyPgColumn): SQL<number> {
  return sql<number>`(coalesce((SELECT t.units FROM analytics_product_totals t WHERE t.product_key = ${productId}::text), 0)
    + coalesce((SELECT sum(p.units) FROM analytics_pending_product_days p WHERE p.product_key = ${productId}::text), 0))::int`;
}
