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

type Direction = 'asc' | 'desc';

/** The candidate groups are read at least this many at a time, in powers of two: few statement texts to plan. */
const FEWEST_CANDIDATES = 64;

/**
 * The ids of the products that can take the first `first` places of a list of `products` sorted by units sold
 * (`unitsSoldSql`) in `direction`, ties broken by id in `idDirection`, among those `where` selects: a few more than
 * `first` (and products `where` does not select, which the caller's own `where` drops), found without working out
 * every product's figure (two index probes a product: 0.75 s a page of 100,000 products sorted that way).
 *
 * A product's figure is its folded total plus its pending changes, and pending changes are few: they are folded every
 * minute. Every product has a folded total (0 until it sells, migration 0057), and one with no pending changes stands
 * where that total puts it. So the candidates are every product with pending changes, and of the others the first
 * `first` in the totals' order, read from the (units, key) index in two walks: the first `first` by units alone,
 * which gives the units of the last place they reach (`edge`), then the first `first` at exactly those units in key
 * order (the tie at the edge, however wide: a new shop's never-sold products are all at 0). Any product left out has
 * no pending changes and `first` candidates before it whose exact figures are their folded ones, so they stay before
 * it. Product ids and product keys are the same 24 hexadecimal digits, ordered alike by any collation.
 */
export function salesRankCandidates(q: { where: SQL; direction: Direction; idDirection: Direction; first: number }) {
  const limit = Math.max(FEWEST_CANDIDATES, 2 ** Math.ceil(Math.log2(q.first)));
  const totalled = sql`analytics_product_totals t JOIN products ON products.id = t.product_key::bpchar
    WHERE ${q.where} AND t.product_key NOT IN (SELECT product_key FROM pending)`;
  return sql`ARRAY(WITH pending AS MATERIALIZED (SELECT DISTINCT product_key FROM analytics_pending_product_days),
      walked AS MATERIALIZED (
        SELECT products.id, t.units FROM ${totalled} ORDER BY t.units ${sql.raw(q.direction)} LIMIT ${sql.raw(String(limit))}),
      edge AS MATERIALIZED (
        SELECT units FROM walked ORDER BY units ${sql.raw(q.direction)} OFFSET ${sql.raw(String(limit - 1))} LIMIT 1),
      tied AS MATERIALIZED (
        SELECT products.id FROM ${totalled} AND t.units = (SELECT units FROM edge)
        ORDER BY t.product_key ${sql.raw(q.idDirection)} LIMIT ${sql.raw(String(limit))})
    SELECT id FROM walked WHERE units IS DISTINCT FROM (SELECT units FROM edge)
    UNION ALL SELECT id FROM tied UNION ALL SELECT product_key::bpchar FROM pending)`;
}
