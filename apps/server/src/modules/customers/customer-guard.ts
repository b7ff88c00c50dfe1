import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { locksOf } from '../../lib/locked-transaction.js';

export const CUSTOMER_CANNOT_ORDER = 'This customer account is deactivated and cannot place orders.';

/**
 * docs/domain.md § Domain rules: a deactivated (or deleted) customer cannot order. Call it inside the order-creating
 * transaction: it takes a share lock on the customer row, so a deactivation running at the same time waits for the
 * order (or the order sees the deactivation) — never both. It is the first step of the lock order
 * (lib/locked-transaction.ts).
 * Throws 404 when the id is not a customer, 403 ACCOUNT_DEACTIVATED when the customer may not order.
 */
export async function assertCustomerCanOrder(db: DbOrTx, customerId: string): Promise<void> {
  const [customer] = await locksOf(db).step('customer', () =>
    db
      .select({ isActive: users.isActive, deletedAt: users.deletedAt })
      .from(users)
      .where(and(eq(users.id, customerId), eq(users.role, 'customer')))
      .for('share'),
  );
  if (!customer) throw notFound('Customer not found');
  if (!customer.isActive || customer.deletedAt) {
    throw new AppError(403, 'ACCOUNT_DEACTIVATED', CUSTOMER_CANNOT_ORDER);
  }
}
