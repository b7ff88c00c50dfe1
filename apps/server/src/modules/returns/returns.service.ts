import {
  type approveReturnInput,
  defaultRefund,
  fromCents,
  orderStatusAfterRefund,
  type PaymentStatus,
  pagination,
  paidAmount,
  paymentStatusAfterRefund,
  RETURN_MESSAGES,
  RETURNABLE_ORDER_STATUSES,
  type ReturnRequestView,
  type ReturnStatus,
  refundableAmount,
  type refundRequestInput,
  type returnListQuery,
  toCents,
} from '@seamline/shared';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { orderItems, orders, returnRequestItems, returnRequests } from '../../db/schema/index.js';
import { type AuditContext, changedFields, writeActivity } from '../../lib/audit.js';
import { actingUserId, isStaff } from '../../lib/caller.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events.js';
import type { AuthUser } from '../../types.js';
import { releaseCouponRedemption } from '../coupons/index.js';
import { activeLocation, changeStock } from '../inventory/index.js';
import { loadOrderView, lockedOrderForChange, recordOrderChange, viewFor, visibleOrder } from '../orders/index.js';
import { type PaymentProviders, refundThroughProvider } from '../payments/index.js';
import { customerReturnView, loadOrderReturns, loadReturnViews, returnUnitsByLine } from '../return-records/index.js';

type OrderLine = typeof orderItems.$inferSelect;
type Units = { itemId: string; quantity: number };
type OrderRow = typeof orders.$inferSelect;

/** The same line named twice counts once, with its units added. */
function summed(units: readonly Units[]): Units[] {
  const byLine = new Map<string, number>();
  for (const unit of units) byLine.set(unit.itemId, (byLine.get(unit.itemId) ?? 0) + unit.quantity);
  return [...byLine].map(([itemId, quantity]) => ({ itemId, quantity }));
}

const lineName = (line: Pick<OrderLine, 'productName' | 'size' | 'color'>) =>
  `${line.productName} (${line.size}/${line.color})`;

const forCaller = (user: AuthUser, view: ReturnRequestView) => (isStaff(user) ? view : customerReturnView(view));

/**
 * Returns (refund requests): a customer asks back units of a shipped or delivered order; staff approve (refund
 * through the payment provider, chosen units back to stock) or decline, once. Locks follow docs/domain.md § Production:
 * the order row (after its coupon and stock rows when approving), then the return row, claimed with a conditional
 * UPDATE.
 */
export class ReturnsService {
  constructor(
    private readonly db: Db,
    private readonly providers: PaymentProviders,
  ) {}

  /** POST /orders/{id}/refund (owner or staff). */
  async request(orderId: string, input: z.output<typeof refundRequestInput>, user: AuthUser, ctx: AuditContext) {
    return this.db.transaction(async (tx) => {
      // The order row lock serialises requests of one order, so two of them cannot both take the last units.
      const order = await visibleOrder(tx, orderId, user, { lock: true });
      if (!RETURNABLE_ORDER_STATUSES.includes(order.status))
        throw conflict(RETURN_MESSAGES.notReturnable, 'ORDER_NOT_REFUNDABLE');
      const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      const taken = await returnUnitsByLine(tx, orderId, ['requested', 'approved']);
      const left = (line: OrderLine) => line.quantity - (taken.get(line.id) ?? 0);
      const wanted = input.items?.length
        ? summed(input.items).map((asked, index) => {
            const line = lines.find((l) => l.id === asked.itemId);
            if (!line) throw badRequest(RETURN_MESSAGES.itemNotInOrder, `items.${index}.itemId`);
            if (asked.quantity > left(line))
              throw badRequest(RETURN_MESSAGES.tooMany(lineName(line), left(line)), `items.${index}.quantity`);
            return { line, quantity: asked.quantity };
          })
        : lines.map((line) => ({ line, quantity: left(line) })).filter((want) => want.quantity > 0);
      if (wanted.length === 0) throw conflict(RETURN_MESSAGES.nothingLeft, 'NOTHING_TO_RETURN');

      const [created] = await tx
        .insert(returnRequests)
        .values({ orderId, reason: input.reason, requestedBy: user.id })
        .returning();
      await tx
        .insert(returnRequestItems)
        .values(wanted.map((want) => ({ returnId: created!.id, orderItemId: want.line.id, quantity: want.quantity })));
      await tx.update(orders).set({ refundReason: input.reason }).where(eq(orders.id, orderId));
      // A customer's own request is not a staff mutation; staff recording one for a customer is.
      if (isStaff(user))
        await writeActivity(tx, ctx, {
          action: 'refund_request',
          resource: 'order',
          resourceId: orderId,
          details: {
            orderNumber: order.orderNumber,
            returnId: created!.id,
            items: wanted.map((want) => `${lineName(want.line)} x${want.quantity}`),
            changes: changedFields({ refundReason: order.refundReason }, { refundReason: input.reason }),
          },
        });
      const [view] = await loadReturnViews(tx, eq(returnRequests.id, created!.id));
      await recordEvent(tx, { type: 'return.requested', objectId: view!.id, data: view! });
      return { order: viewFor(user, (await loadOrderView(tx, orderId))!), refundRequest: forCaller(user, view!) };
    });
  }

  /** GET /orders/{id}/returns: the order's returns (customers only their own orders). */
  async forOrder(orderId: string, user: AuthUser) {
    await visibleOrder(this.db, orderId, user);
    return (await loadOrderReturns(this.db, orderId)).map((view) => forCaller(user, view));
  }

  /** GET /admin/returns. */
  async list(query: z.output<typeof returnListQuery>) {
    const where = query.status ? eq(returnRequests.status, query.status) : sql`true`;
    const [views, [counted]] = await Promise.all([
      loadReturnViews(this.db, where, { limit: query.limit, offset: (query.page - 1) * query.limit }),
      this.db.select({ n: count() }).from(returnRequests).where(where),
    ]);
    return { returns: views, pagination: pagination(query.page, query.limit, counted!.n) };
  }

  /** GET /admin/returns/open-count: the Orders badge. */
  async openCount() {
    const [row] = await this.db
      .select({ n: count() })
      .from(returnRequests)
      .where(eq(returnRequests.status, 'requested'));
    return row!.n;
  }

  /** POST /admin/returns/{id}/approve. */
  async approve(returnId: string, input: z.output<typeof approveReturnInput>, user: AuthUser, ctx: AuditContext) {
    return this.db.transaction(async (tx) => {
      const order = await lockedOrderForChange(tx, await this.orderOf(tx, returnId), user, {
        coupon: true,
        stock: true,
      });
      await this.claim(tx, returnId, { status: 'approved', decidedBy: actingUserId(user), decidedAt: new Date() });
      const lines = await tx
        .select({ entry: returnRequestItems, line: orderItems })
        .from(returnRequestItems)
        .innerJoin(orderItems, eq(orderItems.id, returnRequestItems.orderItemId))
        .where(eq(returnRequestItems.returnId, returnId));

      const restock = new Map(lines.map(({ line, entry }) => [line.id, entry.quantity]));
      if (input.restock) {
        for (const [index, wanted] of summed(input.restock).entries()) {
          const found = lines.find(({ line }) => line.id === wanted.itemId);
          if (!found) throw badRequest(RETURN_MESSAGES.restockNotInReturn, `restock.${index}.itemId`);
          if (wanted.quantity > found.entry.quantity)
            throw badRequest(
              RETURN_MESSAGES.restockTooMany(lineName(found.line), found.entry.quantity),
              `restock.${index}.quantity`,
            );
          restock.set(wanted.itemId, wanted.quantity);
        }
      }

      const paid = paidAmount(order.total, order.paymentStatus);
      const refundedBefore = await this.refundedBefore(tx, order.id, returnId);
      const refundable = refundableAmount(paid, refundedBefore);
      const value = fromCents(lines.reduce((sum, { line, entry }) => sum + toCents(line.price) * entry.quantity, 0));
      const amount = input.refundAmount ?? defaultRefund(value, refundable);
      if (toCents(amount) > toCents(refundable))
        throw badRequest(RETURN_MESSAGES.amountTooHigh(refundable), 'refundAmount');
      // Where the units go back (the named location, or each line's own) must take stock: checked and held before the
      // payment provider is called, so the restock below cannot be refused once money has moved.
      const restockAt = new Set(
        lines
          .filter(({ line }) => (restock.get(line.id) ?? 0) > 0 && line.productId !== null)
          .map(({ line }) => input.restockLocationId ?? line.locationId),
      );
      if (input.restockLocationId) restockAt.add(input.restockLocationId);
      for (const locationId of [...restockAt].sort()) await activeLocation(tx, locationId, { hold: true });
      const throughProvider = await refundThroughProvider(tx, this.providers, order.id, toCents(amount), {
        reason: `Return of order ${order.orderNumber}`,
        recordedBy: actingUserId(user),
      });

      const restocked: string[] = [];
      for (const { entry, line } of lines) {
        const units = restock.get(line.id) ?? 0;
        if (units === 0 || line.productId === null) continue;
        const moved = await changeStock(tx, {
          productId: line.productId,
          size: line.size,
          color: line.color,
          operation: 'return',
          quantity: units,
          locationId: input.restockLocationId ?? line.locationId,
          reason: `Return of order ${order.orderNumber}`,
          actorId: actingUserId(user),
          orderId: order.id,
        });
        // A combination deleted since the order was placed has no shelf to go back to.
        if (!moved.ok) continue;
        await tx.update(returnRequestItems).set({ restocked: units }).where(eq(returnRequestItems.id, entry.id));
        restocked.push(`${lineName(line)} x${units}`);
      }
      await tx.update(returnRequests).set({ refundAmount: amount }).where(eq(returnRequests.id, returnId));

      const paymentStatus = paymentStatusAfterRefund(order.paymentStatus, paid, refundedBefore, amount);
      const status = orderStatusAfterRefund(order.status, paymentStatus);
      const updated = await this.settle(tx, order, status, paymentStatus);
      await writeActivity(tx, ctx, {
        action: 'approve_return',
        resource: 'order',
        resourceId: order.id,
        details: {
          orderNumber: order.orderNumber,
          returnId,
          refundAmount: amount,
          refundedThroughProvider: fromCents(throughProvider),
          restocked,
          changes: changedFields(
            {
              returnStatus: 'requested',
              status: order.status,
              paymentStatus: order.paymentStatus,
              stockState: order.stockState,
            },
            {
              returnStatus: 'approved',
              status: updated.status,
              paymentStatus: updated.paymentStatus,
              stockState: updated.stockState,
            },
          ),
        },
      });
      const answer = await this.answer(tx, returnId, order.id);
      await recordOrderChange(tx, order, answer.order, amount);
      return answer;
    });
  }

  /** POST /admin/returns/{id}/decline. */
  async decline(returnId: string, reason: string, user: AuthUser, ctx: AuditContext) {
    return this.db.transaction(async (tx) => {
      const order = await visibleOrder(tx, await this.orderOf(tx, returnId), user, { lock: true });
      await this.claim(tx, returnId, {
        status: 'declined',
        declineReason: reason,
        decidedBy: actingUserId(user),
        decidedAt: new Date(),
      });
      await writeActivity(tx, ctx, {
        action: 'decline_return',
        resource: 'order',
        resourceId: order.id,
        details: {
          orderNumber: order.orderNumber,
          returnId,
          changes: changedFields(
            { returnStatus: 'requested', declineReason: null as string | null },
            { returnStatus: 'declined', declineReason: reason },
          ),
        },
      });
      return this.answer(tx, returnId, order.id);
    });
  }

  private async orderOf(tx: Tx, returnId: string): Promise<string> {
    const [row] = await tx
      .select({ orderId: returnRequests.orderId })
      .from(returnRequests)
      .where(eq(returnRequests.id, returnId));
    if (!row) throw notFound(RETURN_MESSAGES.notFound);
    return row.orderId;
  }

  /** Decides a return once: the conditional UPDATE only takes a return that is still requested; else 409. */
  private async claim(tx: Tx, returnId: string, decision: Partial<typeof returnRequests.$inferInsert>) {
    const [claimed] = await tx
      .update(returnRequests)
      .set(decision)
      .where(and(eq(returnRequests.id, returnId), eq(returnRequests.status, 'requested')))
      .returning({ id: returnRequests.id });
    if (claimed) return;
    const [current] = await tx
      .select({ status: returnRequests.status })
      .from(returnRequests)
      .where(eq(returnRequests.id, returnId));
    throw conflict(RETURN_MESSAGES.alreadyDecided(current!.status as ReturnStatus), 'RETURN_DECIDED');
  }

  /** What the order's other approved returns gave back. */
  private async refundedBefore(tx: Tx, orderId: string, returnId: string): Promise<number> {
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(${returnRequests.refundAmount}), 0)` })
      .from(returnRequests)
      .where(
        and(
          eq(returnRequests.orderId, orderId),
          eq(returnRequests.status, 'approved'),
          ne(returnRequests.id, returnId),
        ),
      );
    return Number(row!.total);
  }

  /**
   * The order after a return's refund. Fully refunded, it is `refunded` and holds no stock any more (the returned
   * units were put back as staff chose; the others stay with the customer), and its coupon use is given back.
   */
  private async settle(tx: Tx, order: OrderRow, status: OrderRow['status'], paymentStatus: PaymentStatus) {
    const closing = status === 'refunded' && order.status !== 'refunded';
    if (closing) await releaseCouponRedemption(tx, order.id);
    const [updated] = await tx
      .update(orders)
      .set({ status, paymentStatus, ...(closing ? { stockState: 'released' as const } : {}) })
      .where(eq(orders.id, order.id))
      .returning();
    return updated!;
  }

  /** The decided return and its order, after the decision; records return.decided. */
  private async answer(tx: Tx, returnId: string, orderId: string) {
    const [view] = await loadReturnViews(tx, eq(returnRequests.id, returnId));
    await recordEvent(tx, { type: 'return.decided', objectId: returnId, data: view! });
    return { return: view!, order: (await loadOrderView(tx, orderId))! };
  }
}
