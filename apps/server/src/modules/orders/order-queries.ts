import {
  dateFilterBound,
  type OrderCustomerType,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  pagination,
} from '@seamline/shared';
import { and, desc, eq, gte, ilike, isNotNull, isNull, lt, lte, not, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderSearchText, orders, returnRequests, userSearchText, users } from '../../db/schema/index.js';
import { boundedCount } from '../../lib/bounded-count.js';
import { containsPattern } from '../../lib/search.js';
import { loadOrderViews } from './order-view.js';

export type OrderFilter = {
  page: number;
  limit: number;
  status?: OrderStatus;
  search?: string;
  customerId?: string;
  email?: string;
  /** `open`: only orders with a return waiting for a decision. */
  returns?: 'open';
  paymentStatus?: PaymentStatus;
  paymentMethod?: PaymentMethod;
  startDate?: string;
  endDate?: string;
  minTotal?: number;
  maxTotal?: number;
  customerType?: OrderCustomerType;
};

/** The list filters of issue 17 (payment, dates, totals, guest/registered) as plain conditions on `orders`. */
function filterConditions(filter: Omit<OrderFilter, 'page' | 'limit'>): (SQL | undefined)[] {
  return [
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.customerId ? eq(orders.customerId, filter.customerId) : undefined,
    filter.paymentStatus ? eq(orders.paymentStatus, filter.paymentStatus) : undefined,
    filter.paymentMethod ? eq(orders.paymentMethod, filter.paymentMethod) : undefined,
    filter.startDate ? gte(orders.createdAt, dateFilterBound(filter.startDate, 'start')) : undefined,
    filter.endDate ? lt(orders.createdAt, dateFilterBound(filter.endDate, 'end')) : undefined,
    filter.minTotal !== undefined ? gte(orders.total, filter.minTotal) : undefined,
    filter.maxTotal !== undefined ? lte(orders.total, filter.maxTotal) : undefined,
    filter.customerType === 'guest' ? isNull(orders.customerId) : undefined,
    filter.customerType === 'registered' ? isNotNull(orders.customerId) : undefined,
    filter.returns === 'open'
      ? sql`${orders.id} IN (SELECT ${returnRequests.orderId} FROM ${returnRequests} WHERE ${returnRequests.status} = 'requested')`
      : undefined,
  ];
}

/**
 * The orders a filter selects, as one or more disjoint conditions on the orders table alone. A search is two of them:
 * the order's own text (number, guest e-mail, shipping name; orders_search_idx) and, for the other orders, their
 * customer's full name or e-mail (users_search_idx, then orders_customer_idx). Kept apart, each side uses its own
 * index; joined by OR, PostgreSQL could only filter every order.
 */
export function orderConditions(filter: Omit<OrderFilter, 'page' | 'limit'>): SQL[] {
  const base = filterConditions(filter);
  if (filter.email) {
    const email = filter.email.toLowerCase();
    const accounts = sql`SELECT ${users.id} FROM ${users} WHERE lower(${users.email}) = ${email}`;
    base.push(or(sql`lower(${orders.guestEmail}) = ${email}`, sql`${orders.customerId} IN (${accounts})`));
  }
  if (!filter.search) return [and(...base) ?? sql`true`];
  const pattern = containsPattern(filter.search);
  const ownText = ilike(orderSearchText, pattern);
  const customers = sql`SELECT ${users.id} FROM ${users} WHERE ${and(
    ilike(userSearchText, pattern),
    or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern), ilike(users.email, pattern)),
  )}`;
  return [and(...base, ownText)!, and(...base, sql`${orders.customerId} IN (${customers})`, not(ownText))!];
}

/**
 * One page of orders, newest first. Each condition gives its own newest `page × limit` orders (an index walk or a
 * search index hit), and the page is cut from their merge.
 */
export async function listOrders(db: DbOrTx, filter: OrderFilter) {
  const conditions = orderConditions(filter);
  const newest = sql`${orders.createdAt} DESC, ${orders.id} DESC`;
  const ranked = conditions.map(
    (where) =>
      sql`(SELECT ${orders.id} AS id, ${orders.createdAt} AS created_at FROM ${orders} WHERE ${where}
           ORDER BY ${newest} LIMIT ${filter.page * filter.limit})`,
  );
  const pageIds = sql`SELECT id FROM (${sql.join(ranked, sql` UNION ALL `)}) AS merged
    ORDER BY created_at DESC, id DESC LIMIT ${filter.limit} OFFSET ${(filter.page - 1) * filter.limit}`;
  const matching = sql.join(
    conditions.map((where) => sql`(SELECT ${orders.id} FROM ${orders} WHERE ${where})`),
    sql` UNION ALL `,
  );
  const [rows, counted] = await Promise.all([
    db.select().from(orders).where(sql`${orders.id} IN (${pageIds})`).orderBy(desc(orders.createdAt), desc(orders.id)),
    boundedCount(db, matching),
  ]);
  return {
    orders: await loadOrderViews(db, rows),
    pagination: pagination(filter.page, filter.limit, counted.total, counted.exact),
  };
}

/** A guest's or customer's order by its number, only when the e-mail matches (else nothing is revealed). */
export async function findByNumberAndEmail(db: DbOrTx, orderNumber: string, email: string) {
  const [row] = await db
    .select({ order: orders })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.customerId))
    .where(
      and(
        eq(orders.orderNumber, orderNumber.trim().toUpperCase()),
        or(
          sql`lower(${orders.guestEmail}) = ${email.toLowerCase()}`,
          sql`lower(${users.email}) = ${email.toLowerCase()}`,
        ),
      ),
    );
  return row ? ((await loadOrderViews(db, [row.order]))[0] ?? null) : null;
}
