import type { DateRange, OrderStatus, PaymentMethod } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { revenueOrder, rows, within } from './sql.js';

/** Revenue of a range read from the money itself, in the groupings the revenue report shows. */
export type PaymentRevenue = {
  revenue: number;
  /** Payments received in the range (one per order paid, as a rule) plus the orders counted without payment rows. */
  orders: number;
  monthly: { month: string; revenue: number; orderCount: number }[];
  byMethod: { paymentMethod: PaymentMethod; revenue: number; orderCount: number }[];
  byStatus: Map<OrderStatus, number>;
};

type Grouped = {
  month: string | null;
  paymentMethod: PaymentMethod | null;
  status: OrderStatus | null;
  level: number;
  revenue: number;
  orderCount: number;
};

/**
 * Revenue as the money moved (docs/payments-staff.md § Analytics): succeeded charges and manual records count on the
 * day the money arrived, succeeded refunds count against the day they were given back, each under its order's payment
 * method and current status. Orders with no payment row at all (placed before payments were recorded, imported
 * history) count as revenue always did: their total on the day they were placed, unless cancelled or refunded.
 *
 * Speed at a million orders: the payment part reads only succeeded rows through the partial index
 * `payments_settled_idx` (created_at WHERE status = 'succeeded'), bounded below by the range's start — a payment is
 * recorded when or after its money moved (occurred_at ≤ created_at), so `created_at >= from` never drops a row of
 * the range; each row then finds its order by primary key. The fallback part walks the range's orders through
 * `orders_created_at_idx` and probes `payments_order_idx` once per order. An order's count is its money received
 * (one capture per order, as a rule), not a distinct count, which would sort every row. Both parts grow with the
 * range, not the store, and one statement with grouping sets gives every grouping in one pass. Measured on 1 M
 * orders with 0.85 M payments (2 shared cores): about 0.25 s for 30 days, about 4 s for the whole history; the whole
 * history at that size wants a trigger-maintained payment day rollup like the order day rollups.
 */
export async function paymentRevenue(db: DbOrTx, range: DateRange): Promise<PaymentRevenue> {
  const movedAt = sql`coalesce(p.occurred_at, p.created_at)`;
  const lowerBound = range.from ? sql`p.created_at >= ${range.from.toISOString()}::timestamptz` : sql`TRUE`;
  // A bounded range probes each of its orders' payments by index; the whole history is one hashed anti-join.
  const withoutPayments = range.from
    ? sql`(SELECT count(*) FROM (SELECT 1 FROM payments p WHERE p.order_id = o.id LIMIT 1) AS one) = 0`
    : sql`NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id)`;
  const grouped = await rows<Grouped>(
    db,
    sql`WITH money AS (
          SELECT to_char(${movedAt} AT TIME ZONE 'UTC', 'YYYY-MM') AS month, o.id AS order_id,
                 o.payment_method, o.status,
                 CASE WHEN p.kind = 'refund' THEN -p.amount ELSE p.amount END AS amount
          FROM payments p JOIN orders o ON o.id = p.order_id
          WHERE p.status = 'succeeded' AND p.kind IN ('charge', 'manual', 'refund') AND ${lowerBound}
            AND ${within(movedAt, range)}
          UNION ALL
          SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM'), o.id, o.payment_method, o.status, o.total
          FROM orders o
          WHERE ${within('o.created_at', range)} AND ${revenueOrder('o')}
            AND ${withoutPayments}
        )
        SELECT month, payment_method AS "paymentMethod", status,
               GROUPING(month, payment_method, status)::int AS "level",
               coalesce(sum(amount), 0)::numeric(14,2) AS "revenue", count(*) FILTER (WHERE amount > 0)::int AS "orderCount"
        FROM money
        GROUP BY GROUPING SETS ((), (month), (payment_method), (status))`,
  );
  // GROUPING(...) is a bit mask of the columns left out: 7 the grand total, 3 by month, 5 by method, 6 by status.
  const at = (level: number) => grouped.filter((row) => row.level === level);
  const total = at(7)[0];
  return {
    revenue: total?.revenue ?? 0,
    orders: total?.orderCount ?? 0,
    monthly: at(3)
      .map((row) => ({ month: row.month!, revenue: row.revenue, orderCount: row.orderCount }))
      .sort((a, b) => a.month.localeCompare(b.month)),
    byMethod: at(5)
      .map((row) => ({ paymentMethod: row.paymentMethod!, revenue: row.revenue, orderCount: row.orderCount }))
      .sort((a, b) => b.revenue - a.revenue || a.paymentMethod.localeCompare(b.paymentMethod)),
    byStatus: new Map(at(6).map((row) => [row.status!, row.revenue])),
  };
}
