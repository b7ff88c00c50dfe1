import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { recordEvent } from '../../lib/events.js';
import { statsFor, toAdminCustomer } from './customer-stats.js';

/**
 * customer.updated with the customer's back-office view as it stands in the transaction `tx` (after the change);
 * nothing for a staff account. For changes other modules make to a customer (their own profile, their erasure).
 */
export async function recordCustomerUpdated(tx: DbOrTx, id: string): Promise<void> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'customer')));
  if (!row) return;
  const view = toAdminCustomer(row, (await statsFor(tx, [id])).get(id));
  await recordEvent(tx, { type: 'customer.updated', objectId: id, data: view });
}
