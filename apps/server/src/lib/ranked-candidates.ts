import { type SQL, sql } from 'drizzle-orm';

export type Direction = 'asc' | 'desc';

/** The candidates are read at least this many at a time, in powers of two: few statement texts to plan. */
const FEWEST_CANDIDATES = 64;

/**
 * The rows a sort by a kept figure is walked over: `from` joined so that `id` is the listed product's id, `value` the
 * figure and `key` the tie-breaker, both columns of one index (value, key) of the table `from` reads first.
 */
export type RankedRows = { from: SQL; where: SQL; id: SQL; value: SQL; key: SQL };

/** A list's order by a kept figure: the figure's `direction`, ties by id in `idDirection`, through place `first`. */
export type RankOrder = { direction: Direction; idDirection: Direction; first: number };

/**
 * CTEs (`walked`, `edge`, `tied`) and the SELECT of the ids that can take the first `first` places of `rows` sorted by
 * `value` in `direction`, ties by `key` in `idDirection`, read from the (value, key) index in two short walks: the
 * first N by value alone, which gives the value at the N-th place (`edge`), then the first N at exactly that value in
 * key order (the tie at the edge, however wide: a new shop's products all share 0). Every row before the edge is
 * among the first N walked; at the edge the key order decides, so the N taken in that order are enough. N is `first`
 * rounded up to a power of two, at least 64. A row with no place (no row in the walked table) is never a candidate:
 * the tables walked keep a row for every product.
 */
export function rankedCandidates(rows: RankedRows, order: RankOrder) {
  const n = Math.max(FEWEST_CANDIDATES, 2 ** Math.ceil(Math.log2(order.first)));
  const limit = sql.raw(String(n));
  const direction = sql.raw(order.direction);
  return {
    ctes: sql`walked AS MATERIALIZED (
        SELECT ${rows.id} AS id, ${rows.value} AS value FROM ${rows.from} WHERE ${rows.where}
        ORDER BY ${rows.value} ${direction} LIMIT ${limit}),
      edge AS MATERIALIZED (SELECT value FROM walked ORDER BY value ${direction} OFFSET ${sql.raw(String(n - 1))} LIMIT 1),
      tied AS MATERIALIZED (
        SELECT ${rows.id} AS id FROM ${rows.from} WHERE ${rows.where} AND ${rows.value} = (SELECT value FROM edge)
        ORDER BY ${rows.key} ${sql.raw(order.idDirection)} LIMIT ${limit})`,
    ids: sql`SELECT id FROM walked WHERE value IS DISTINCT FROM (SELECT value FROM edge) UNION ALL SELECT id FROM tied`,
  };
}
