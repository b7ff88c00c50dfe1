import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type RankOrder, rankedCandidates } from '../../lib/ranked-candidates.js';

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

/**
 * The ids of the products that can take the first `first` places of a list of `products` sorted by units sold
 * (`unitsSoldSql`) in `direction`, ties broken by id in `idDirection`, among those `where` selects: a few more than
 * `first` (and products `where` does not select, which the caller's own `where` drops), found without working out
 * every product's figure (two index probes a product: 0.75 s a page of 100,000 products sorted that way).
 *
 * A product's figure is its folded total plus its pending changes, and pending changes are few: they are folded every
 * minute. Every product has a folded total (0 until it sells, migration 0057), and one with no pending changes stands
 * where that total puts it. So the candidates are every product with pending changes, and of the others those that
 * can lead the totals' order (`rankedCandidates`: the (units, key) index walked). Any product left out has no pending
 * changes and `first` candidates before it whose exact figures are their folded ones, so they stay before it. Product
 * ids and product keys are the same 24 hexadecimal digits, ordered alike by any collation.
 */
export function salesRankCandidates(q: RankOrder & { where: SQL }) {
  const folded = rankedCandidates(
    {
      from: sql`analytics_product_totals t JOIN products ON products.id = t.product_key::bpchar`,
      where: sql`${q.where} AND t.product_key NOT IN (SELECT product_key FROM pending)`,
      id: sql`products.id`,
      value: sql`t.units`,
      key: sql`t.product_key`,
    },
    q,
  );
  return sql`ARRAY(WITH pending AS MATERIALIZED (SELECT DISTINCT product_key FROM analytics_pending_product_days),
      ${folded.ctes}
    ${folded.ids} UNION ALL SELECT product_key::bpchar FROM pending)`;
}
