import type { DateRange, PaymentMethod } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows, withinDays } from './sql.js';

/** Revenue of a range as the money moved, in the groupings the revenue reports show. */
export type PaymentRevenue = {
  /** Money received less money given back. */
  revenue: number;
  /** Payments received (charges and manual records). */
  payments: number;
  monthly: { month: string; revenue: number; orderCount: number }[];
  byMethod: { paymentMethod: PaymentMethod; revenue: number; orderCount: number }[];
};

type Grouped = {
  month: string | null;
  paymentMethod: PaymentMethod | null;
  level: number;
  revenue: number;
  payments: number;
};

/**
 * Revenue read from the payment day rollup (db/schema/analytics.ts, kept by the payments' trigger): succeeded charges
 * and manual records on the day the money arrived, less succeeded refunds on the day they were given back, by the
 * method the money moved by. A period's count is its payments received. The rollup holds at most a row per day,
 * method and shard, so a year costs the same at any number of orders; one statement with grouping sets gives the
 * total, the months and the methods.
 */
export async function paymentRevenue(db: DbOrTx, range: DateRange): Promise<PaymentRevenue> {
  const grouped = await rows<Grouped>(
    db,
    sql`SELECT to_char(day, 'YYYY-MM') AS "month", method AS "paymentMethod",
          GROUPING(to_char(day, 'YYYY-MM'), method)::int AS "level",
          coalesce(sum(received - refunded), 0)::numeric(14,2) AS "revenue", coalesce(sum(payments), 0)::int AS "payments"
        FROM analytics_payment_days WHERE ${withinDays('day', range)}
        GROUP BY GROUPING SETS ((), (to_char(day, 'YYYY-MM')), (method))
        HAVING GROUPING(to_char(day, 'YYYY-MM'), method) = 3 OR sum(received) <> 0 OR sum(refunded) <> 0`,
  );
  // GROUPING(...) is a bit mask of the columns left out: 3 the grand total, 1 by month, 2 by method.
  const at = (level: number) => grouped.filter((row) => row.level === level);
  const total = at(3)[0];
  return {
    revenue: total?.revenue ?? 0,
    payments: total?.payments ?? 0,
    monthly: at(1)
      .map((row) => ({ month: row.month!, revenue: row.revenue, orderCount: row.payments }))
      .sort((a, b) => a.month.localeCompare(b.month)),
    byMethod: at(2)
      .map((row) => ({ paymentMethod: row.paymentMethod!, revenue: row.revenue, orderCount: row.payments }))
      .sort((a, b) => b.revenue - a.revenue || a.paymentMethod.localeCompare(b.paymentMethod)),
  };
}
