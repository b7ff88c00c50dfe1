import type { DateRange } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { one, revenueOrder, rows, within } from './sql.js';

export type TopCustomer = {
  customerId: string;
  customerName: string;
  email: string;
  orderCount: number;
  totalSpent: number;
};

/** Customers read per month list at first; each further round reads 8 times more. */
const FIRST_CANDIDATES = 64;

/**
 * The customers (role customer) who spent most on revenue orders in the range; ties: more orders first, then the
 * customer id. Found without summing every order of the range, from the per-month spend rollup
 * (analytics_customer_months): a customer who is not among the K biggest spenders of any month the range touches
 * spent at most the sum over those months of each month's (K+1)-th figure. So the top `limit` of the K biggest
 * spenders of each month, summed exactly over the range, are the answer once the limit-th of them spent more than
 * that bound; otherwise K widens (until the months have no more customers). Exact for any range.
 */
export async function topCustomers(db: DbOrTx, range: DateRange, limit: number): Promise<TopCustomer[]> {
  const months = await monthsOf(db, range);
  if (!months.length) return [];
  for (let k = FIRST_CANDIDATES; ; k *= 8) {
    const { candidates, bound, exhausted } = await monthLeaders(db, months, k);
    const top = candidates.length ? await spentInRange(db, range, candidates, limit) : [];
    const last = top[limit - 1];
    if (exhausted || (last && cents(last.totalSpent) > bound)) return top;
  }
}

/** The first days of the UTC months the range touches (those holding rollup rows when it is open-ended). */
async function monthsOf(db: DbOrTx, range: DateRange): Promise<string[]> {
  const { first, last } = await one<{ first: string | null; last: string | null }>(
    db,
    sql`SELECT to_char(greatest(min(month), ${monthOf(range.from)}), 'YYYY-MM-DD') AS "first",
          to_char(least(max(month), ${monthOf(range.to, true)}), 'YYYY-MM-DD') AS "last"
        FROM analytics_customer_months`,
  );
  if (!first || !last) return [];
  const months: string[] = [];
  for (let at = new Date(`${first}T00:00:00Z`); at <= new Date(`${last}T00:00:00Z`); ) {
    months.push(at.toISOString().slice(0, 10));
    at = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  }
  return months;
}

/** The UTC month of a bound (the end is exclusive: the month of its last instant); null when open. */
function monthOf(at: Date | null, end = false) {
  if (!at) return sql`NULL::date`;
  return sql`date_trunc('month', (${at.toISOString()}::timestamptz ${end ? sql`- interval '1 microsecond'` : sql``})
    AT TIME ZONE 'UTC')::date`;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * The K biggest spenders of each month, and the sum in cents of the months' (K+1)-th figures (0 for a month with no
 * more customers).
 */
async function monthLeaders(db: DbOrTx, months: string[], k: number) {
  const ranked = await rows<{ customerId: string; spent: number; rank: number }>(
    db,
    sql`SELECT l.customer_id AS "customerId", l.spent AS "spent", l.rank::int AS "rank"
        FROM unnest(${`{${months.join(',')}}`}::date[]) m(month)
        CROSS JOIN LATERAL (
          SELECT c.customer_id, c.spent, row_number() OVER (ORDER BY c.spent DESC) AS rank
          FROM analytics_customer_months c WHERE c.month = m.month AND c.orders > 0
          ORDER BY c.spent DESC LIMIT ${k + 1}) l`,
  );
  const next = ranked.filter((row) => row.rank > k);
  return {
    candidates: [...new Set(ranked.filter((row) => row.rank <= k).map((row) => row.customerId))],
    bound: next.reduce((sum, row) => sum + cents(row.spent), 0),
    exhausted: next.length === 0,
  };
}

/**
 * The candidates' revenue orders in the range, ranked, with their names: the first `limit`. The whole months inside
 * the range come from the month rollup; only the range's partial months at either end read orders.
 */
function spentInRange(db: DbOrTx, range: DateRange, candidates: string[], limit: number) {
  const { first, end, firstAt, endAt } = wholeMonths(range);
  const ids = sql`${`{${candidates.join(',')}}`}::bpchar[]`;
  const inWhole = sql.join(
    [first && sql`month >= ${first}::date`, end && sql`month < ${end}::date`, sql`TRUE`].filter(
      (part) => part !== null,
    ),
    sql` AND `,
  );
  const outsideWhole = sql.join(
    [firstAt && sql`created_at < ${firstAt}::timestamptz`, endAt && sql`created_at >= ${endAt}::timestamptz`].filter(
      (part) => part !== null,
    ),
    sql` OR `,
  );
  const edges = first || end ? sql`(${outsideWhole})` : sql`FALSE`;
  return rows<TopCustomer>(
    db,
    sql`WITH parts AS (
          SELECT customer_id, orders AS n, spent FROM analytics_customer_months
          WHERE customer_id = ANY(${ids}) AND ${inWhole}
          UNION ALL
          SELECT customer_id, count(*), sum(total) FROM orders
          WHERE customer_id = ANY(${ids}) AND ${revenueOrder()} AND ${within('created_at', range)} AND ${edges}
          GROUP BY 1),
        per AS (SELECT customer_id, sum(n)::int AS n, sum(spent)::numeric(14,2) AS spent FROM parts
          GROUP BY 1 HAVING sum(n) > 0)
        SELECT per.customer_id AS "customerId", trim(u.first_name || ' ' || u.last_name) AS "customerName",
          u.email AS "email", per.n AS "orderCount", per.spent AS "totalSpent"
        FROM per JOIN users u ON u.id = per.customer_id AND u.role = 'customer'
        ORDER BY per.spent DESC, per.n DESC, per.customer_id LIMIT ${limit}`,
  );
}

/**
 * The whole UTC months inside the range: from `first` (a month start, null when the range is open there) up to
 * `end` (exclusive). When first ≥ end no month is whole: the bounds then exclude every month row.
 */
function wholeMonths(range: DateRange) {
  const monthStart = (at: Date, next: boolean) => {
    const start = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
    return next && start < at.getTime() ? Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1) : start;
  };
  const first = range.from ? new Date(monthStart(range.from, true)).toISOString() : null;
  const end = range.to ? new Date(monthStart(range.to, false)).toISOString() : null;
  return { first: first?.slice(0, 10) ?? null, end: end?.slice(0, 10) ?? null, firstAt: first, endAt: end };
}
