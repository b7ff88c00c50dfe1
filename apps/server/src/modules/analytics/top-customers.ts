import type { DateRange } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { revenueOrder, rows, within } from './sql.js';

export type TopCustomer = {
  customerId: string;
  customerName: string;
  email: string;
  orderCount: number;
  totalSpent: number;
};

/**
 * The customers (role customer) who spent most on revenue orders in the range: ranked and cut in SQL, so only
 * `limit` rows leave the database however many customers ordered. Ties: more orders first, then the customer id.
 */
export function topCustomers(db: DbOrTx, range: DateRange, limit: number) {
  return rows<TopCustomer>(
    db,
    sql`WITH per AS (
          SELECT customer_id, count(*)::int AS n, sum(total)::numeric(14,2) AS spent FROM orders
          WHERE customer_id IS NOT NULL AND ${revenueOrder()} AND ${within('created_at', range)} GROUP BY 1)
        SELECT per.customer_id AS "customerId", trim(u.first_name || ' ' || u.last_name) AS "customerName",
          u.email AS "email", per.n AS "orderCount", per.spent AS "totalSpent"
        FROM per JOIN users u ON u.id = per.customer_id AND u.role = 'customer'
        ORDER BY per.spent DESC, per.n DESC, per.customer_id LIMIT ${limit}`,
  );
}
