import { type AdminCustomer, customerTier, NOT_SPENT_ORDER_STATUSES } from '@seamline/shared';
import { inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orders, type users } from '../../db/schema/index.js';
import { toPublicUser } from '../auth/index.js';

export type CustomerStats = { orderCount: number; totalSpent: number };
const NO_ORDERS: CustomerStats = { orderCount: 0, totalSpent: 0 };

/**
 * Order figures per customer, computed in SQL from the orders table:
 * orderCount = every order the customer placed (any status, as the orders screens list them);
 * totalSpent = Σ total of those orders that are not cancelled or refunded (the revenue rule of docs/domain.md § Domain
 * rules), summed as numeric in the database so it stays exact to the cent.
 */
export async function statsFor(db: DbOrTx, customerIds: string[]): Promise<Map<string, CustomerStats>> {
  const result = new Map<string, CustomerStats>();
  if (customerIds.length === 0) return result;
  const spentOnly = notInArray(orders.status, [...NOT_SPENT_ORDER_STATUSES]);
  const rows = await db
    .select({
      customerId: orders.customerId,
      orderCount: sql<number>`count(*)::int`.mapWith(Number),
      totalSpent: sql<number>`coalesce(sum(${orders.total}) filter (where ${spentOnly}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(inArray(orders.customerId, customerIds))
    .groupBy(orders.customerId);
  for (const row of rows) {
    if (row.customerId) result.set(row.customerId, { orderCount: row.orderCount, totalSpent: row.totalSpent });
  }
  return result;
}

/** The back-office view of a customer: the public user plus order figures and tier. */
export function toAdminCustomer(row: typeof users.$inferSelect, stats: CustomerStats = NO_ORDERS): AdminCustomer {
  return { ...toPublicUser(row), ...stats, tier: customerTier(stats.totalSpent) };
}
