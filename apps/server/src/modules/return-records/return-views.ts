import { fromCents, type ReturnRequestView, toCents } from '@seamline/shared';
import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderItems, orders, returnRequestItems, returnRequests, users } from '../../db/schema/index.js';
import { iso } from '../../lib/serialize.js';

type ReturnRow = typeof returnRequests.$inferSelect & { orderNumber: string };

const nameOf = (user: { firstName: string; lastName: string } | undefined) =>
  user ? `${user.firstName} ${user.lastName}`.trim() : null;

/** Return requests with their lines and people, newest first (three queries, not one per return). */
export async function loadReturnViews(
  db: DbOrTx,
  where: SQL,
  page?: { limit: number; offset: number },
): Promise<ReturnRequestView[]> {
  const query = db
    .select({ request: returnRequests, orderNumber: orders.orderNumber })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(where)
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id));
  const found = page ? await query.limit(page.limit).offset(page.offset) : await query;
  const rows: ReturnRow[] = found.map((row) => ({ ...row.request, orderNumber: row.orderNumber }));
  if (rows.length === 0) return [];
  const lines = await db
    .select({ line: returnRequestItems, item: orderItems })
    .from(returnRequestItems)
    .innerJoin(orderItems, eq(orderItems.id, returnRequestItems.orderItemId))
    .where(
      inArray(
        returnRequestItems.returnId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.productName), asc(orderItems.size), asc(orderItems.color));
  const people = [...new Set(rows.flatMap((row) => [row.requestedBy, row.decidedBy]).filter((id) => id !== null))];
  const names = people.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, people))
    : [];
  return rows.map((row) => {
    const items = lines
      .filter(({ line }) => line.returnId === row.id)
      .map(({ line, item }) => ({
        itemId: item.id,
        productId: item.productId,
        productName: item.productName,
        sku: item.productSku,
        size: item.size,
        color: item.color,
        price: item.price,
        quantity: line.quantity,
        restocked: line.restocked,
        value: fromCents(toCents(item.price) * line.quantity),
      }));
    return {
      _id: row.id,
      id: row.id,
      orderId: row.orderId,
      orderNumber: row.orderNumber,
      status: row.status,
      reason: row.reason,
      items,
      value: fromCents(items.reduce((sum, item) => sum + toCents(item.value), 0)),
      refundAmount: row.refundAmount,
      declineReason: row.declineReason,
      requestedAt: row.createdAt.toISOString(),
      requestedBy: nameOf(names.find((user) => user.id === row.requestedBy)),
      decidedAt: iso(row.decidedAt),
      decidedBy: nameOf(names.find((user) => user.id === row.decidedBy)),
    };
  });
}

/** One order's returns, newest first. */
export function loadOrderReturns(db: DbOrTx, orderId: string) {
  return loadReturnViews(db, eq(returnRequests.orderId, orderId));
}

/** What a customer sees of a return: who decided stays in the back office. */
export function customerReturnView(view: ReturnRequestView): ReturnRequestView {
  return { ...view, decidedBy: null };
}
