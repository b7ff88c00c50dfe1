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
 * minute. A product with none pending stands where its folded total puts it, so the candidates are every product with
 * pending changes, and of the others the first `first` with a folded total in that total's order (units, then key:
 * the units index walked) and the first `first` with none (no row, or zero: all level at 0) by id. Any product left
 * out has no pending changes and `first` candidates of its own group before it, which have none either: their exact
 * figures are their folded ones, so they stay before it. The products at 0 are read only when fewer than `first`
 * totals come before 0 in the sort (in a shop's data, where no total is below 0: only ascending, or when fewer than
 * `first` products ever sold). Product ids and product keys are the same 24 hexadecimal digits, ordered alike by any
 * collation.
 */
export function salesRankCandidates(q: { where: SQL; direction: Direction; idDirection: Direction; first: number }) {
  const limit = sql.raw(String(Math.max(FEWEST_CANDIDATES, 2 ** Math.ceil(Math.log2(q.first)))));
  const beforeZero = sql.raw(q.direction === 'desc' ? '>' : '<');
  return sql`ARRAY(WITH pending AS MATERIALIZED (SELECT DISTINCT product_key FROM analytics_pending_product_days),
      totalled AS MATERIALIZED (
        SELECT products.id, t.units FROM analytics_product_totals t JOIN products ON products.id = t.product_key::bpchar
        WHERE t.units <> 0 AND ${q.where} AND t.product_key NOT IN (SELECT product_key FROM pending)
        ORDER BY t.units ${sql.raw(q.direction)}, t.product_key ${sql.raw(q.idDirection)} LIMIT ${limit}),
      level AS MATERIALIZED (
        SELECT products.id FROM products
        WHERE ${q.where} AND products.id::text NOT IN (SELECT product_key FROM pending)
          AND NOT EXISTS (SELECT 1 FROM analytics_product_totals t WHERE t.product_key = products.id::text AND t.units <> 0)
          AND (SELECT count(*) FROM totalled WHERE units ${beforeZero} 0) < ${limit}
        ORDER BY products.id ${sql.raw(q.idDirection)} LIMIT ${limit})
    SELECT id FROM totalled UNION ALL SELECT id FROM level UNION ALL SELECT product_key::bpchar FROM pending)`;
}
