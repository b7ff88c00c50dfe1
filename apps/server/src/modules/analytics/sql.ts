import type { DateRange } from '@seamline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';

/** Orders that count as revenue (docs/domain.md § Domain rules): every status except cancelled and refunded. */
export function revenueOrder(alias?: string): SQL {
  return sql.raw(`${alias ? `${alias}.` : ''}status NOT IN ('cancelled', 'refunded')`);
}
export const REVENUE_ORDER = revenueOrder();

/** `column` inside the half-open range [from, to); open bounds drop out (sargable, so the created_at indexes serve). */
export function within(column: SQL | string, range: DateRange): SQL {
  const col = typeof column === 'string' ? sql.raw(column) : column;
  const parts: SQL[] = [];
  if (range.from) parts.push(sql`${col} >= ${range.from.toISOString()}::timestamptz`);
  if (range.to) parts.push(sql`${col} < ${range.to.toISOString()}::timestamptz`);
  return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`;
}

/** A rollup `day` column (UTC date) inside the range; ranges are whole UTC days. */
export function withinDays(column: string, range: DateRange): SQL {
  const col = sql.raw(column);
  const parts: SQL[] = [];
  if (range.from) parts.push(sql`${col} >= ${range.from.toISOString().slice(0, 10)}::date`);
  if (range.to) parts.push(sql`${col} < ${range.to.toISOString().slice(0, 10)}::date`);
  return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`;
}

/** Raw rows; numeric and bigint arrive as numbers on both drivers (db/client.ts). */
export function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return queryRows<T>(db, query);
}

export async function one<T>(db: DbOrTx, query: SQL): Promise<T> {
  const [row] = await queryRows<T>(db, query);
  return row as T;
}

/** Echo of the requested range, for the response. */
export function rangeEcho(query: { startDate?: string; endDate?: string }) {
  return { startDate: query.startDate ?? null, endDate: query.endDate ?? null };
}
