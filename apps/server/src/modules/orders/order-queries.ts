import { type OrderStatus, pagination } from '@seamline/shared';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orders, users } from '../../db/schema/index.js';
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
};

/**
 * One page of orders, newest first. Search matches the order number, the customer's name and e-mail, and a guest's
 * e-mail (plain text, case-insensitive).
 */
export async function listOrders(db: DbOrTx, filter: OrderFilter) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.customerId) conditions.push(eq(orders.customerId, filter.customerId));
  if (filter.email) {
    const email = filter.email.toLowerCase();
    conditions.push(or(sql`lower(${orders.guestEmail}) = ${email}`, sql`lower(${users.email}) = ${email}`)!);
  }
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(
        ilike(orders.orderNumber, pattern),
        ilike(orders.guestEmail, pattern),
        ilike(users.email, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        ilike(
          sql`(${orders.shippingAddress}->>'firstName') || ' ' || (${orders.shippingAddress}->>'lastName')`,
          pattern,
        ),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  // Counted up to COUNT_EXACT_LIMIT and estimated past it, so a page of a million orders costs what a page of a hundred does.
  const matching = db
    .select({ one: sql`1` })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.customerId))
    .where(where)
    .getSQL();
  const [rows, counted] = await Promise.all([
    db
      .select({ order: orders })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.customerId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    boundedCount(db, matching),
  ]);
  return {
    orders: await loadOrderViews(
      db,
      rows.map((row) => row.order),
    ),
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
