import type { ReturnStatus } from '@seamline/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderItems, returnRequestItems, returnRequests } from '../../db/schema/index.js';

/** Units per order line (order item id → units) in the order's returns with one of these statuses. */
export async function returnUnitsByLine(
  db: DbOrTx,
  orderId: string,
  statuses: readonly ReturnStatus[],
): Promise<Map<string, number>> {
  const rows = await db
    .select({ itemId: returnRequestItems.orderItemId, units: sql<number>`sum(${returnRequestItems.quantity})::int` })
    .from(returnRequestItems)
    .innerJoin(returnRequests, eq(returnRequests.id, returnRequestItems.returnId))
    .where(and(eq(returnRequests.orderId, orderId), inArray(returnRequests.status, [...statuses])))
    .groupBy(returnRequestItems.orderItemId);
  return new Map(rows.map((row) => [row.itemId, Number(row.units)]));
}

/**
 * The order's lines less the units that came back through approved returns: what the order itself still holds, so a
 * later cancel or refund of the whole order moves only those (staff already decided on the returned ones).
 */
export async function orderLinesLessReturned(db: DbOrTx, orderId: string) {
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const returned = await returnUnitsByLine(db, orderId, ['approved']);
  if (returned.size === 0) return lines;
  return lines
    .map((line) => ({ ...line, quantity: line.quantity - (returned.get(line.id) ?? 0) }))
    .filter((line) => line.quantity > 0);
}
