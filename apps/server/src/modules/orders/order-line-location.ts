import { REASSIGN_MESSAGES } from '@seamline/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderItems, stockLocations } from '../../db/schema/index.js';
import { type AuditContext, changedFields, writeActivity } from '../../lib/audit.js';
import { actingUserId } from '../../lib/caller.js';
import { conflict, notFound } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events.js';
import type { AuthUser } from '../../types.js';
import { activeLocation, changeStock } from '../inventory/index.js';
import { lockedOrderForChange } from './order-access.js';
import { loadOrderView } from './order-view.js';

/**
 * PUT /admin/orders/{id}/items/{itemId}/location (staff): the line's reservation moves to another location — a
 * release at its location and a reserve at the new one, in the transaction and lock order a shipment takes (the
 * order's variants, then the order row), so a shipment racing it commits at one location or the other, once.
 */
export async function reassignLine(
  db: Db,
  id: string,
  itemId: string,
  locationId: string,
  user: AuthUser,
  ctx: AuditContext,
) {
  return db.transaction(async (tx) => {
    const order = await lockedOrderForChange(tx, id, user, { coupon: false, stock: true });
    const [line] = await tx
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, order.id)));
    if (!line) throw notFound(REASSIGN_MESSAGES.lineNotFound);
    const to = await activeLocation(tx, locationId);
    if (order.stockState !== 'reserved') throw conflict(REASSIGN_MESSAGES.notReserved, 'LINE_NOT_RESERVED');
    if (!line.productId) throw conflict(REASSIGN_MESSAGES.productGone, 'PRODUCT_GONE');
    if (line.locationId === locationId) return (await loadOrderView(tx, id))!;
    const [from] = await tx.select().from(stockLocations).where(eq(stockLocations.id, line.locationId));
    const step = { productId: line.productId, size: line.size, color: line.color, quantity: line.quantity };
    const reason = `Order ${order.orderNumber}: line moved from ${from?.name ?? 'another location'} to ${to.name}`;
    const common = { ...step, orderId: order.id, actorId: actingUserId(user), reason };
    const released = await changeStock(tx, { ...common, operation: 'release', locationId: line.locationId });
    if (!released.ok)
      throw conflict(
        `The stock of ${line.productName} (${line.size}/${line.color}) does not hold this order's units; nothing was changed.`,
        'STOCK_STATE_CONFLICT',
      );
    const reserved = await changeStock(tx, { ...common, operation: 'reserve', locationId });
    if (!reserved.ok)
      throw conflict(
        REASSIGN_MESSAGES.insufficient(line.productName, line.size, line.color, to.name),
        'INSUFFICIENT_STOCK',
      );
    await tx.update(orderItems).set({ locationId }).where(eq(orderItems.id, line.id));
    await writeActivity(tx, ctx, {
      action: 'reassign_line',
      resource: 'order',
      resourceId: order.id,
      details: {
        orderNumber: order.orderNumber,
        line: `${line.productName} (${line.size}/${line.color}) x${line.quantity}`,
        changes: changedFields({ location: from?.name ?? line.locationId }, { location: to.name }),
      },
    });
    const view = (await loadOrderView(tx, id))!;
    await recordEvent(tx, {
      type: 'order.line_reassigned',
      objectId: order.id,
      data: { ...view, itemId: line.id, fromLocationId: line.locationId, toLocationId: locationId },
    });
    return view;
  });
}
