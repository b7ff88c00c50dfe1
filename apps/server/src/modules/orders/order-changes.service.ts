import {
  CUSTOMER_CANCELLABLE_STATUSES,
  type editOrderInput,
  fromCents,
  HOLDS_MONEY,
  type OrderStatus,
  type orderStatusInput,
  type PaymentStatus,
  REASSIGN_MESSAGES,
  type recordPaymentInput,
  toCents,
} from '@seamline/shared';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { coupons, orderItems, orders, stockLocations } from '../../db/schema/index.js';
import { type AuditContext, changedFields, writeActivity } from '../../lib/audit.js';
import { actingUserId, isStaff } from '../../lib/caller.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events.js';
import { usd } from '../../lib/html.js';
import { locksOf } from '../../lib/locked-transaction.js';
import { queueMail } from '../../lib/mail.js';
import type { AuthUser } from '../../types.js';
import { releaseCouponRedemption } from '../coupons/index.js';
import { activeLocation, changeStock } from '../inventory/index.js';
import { insertManualPayment, type PaymentProviders, receivedAmount, refundOrderPayments } from '../payments/index.js';
import { orderLinesLessReturned } from '../return-records/index.js';
import { lockedOrderForChange, visibleOrder } from './order-access.js';
import { recordOrderChange } from './order-events.js';
import { orderConfirmationMail, orderShippedMail } from './order-mails.js';
import { markOrderPaid } from './order-payment.js';
import { lockOrderStock, moveOrderStock, targetStockState } from './order-stock.js';
import { loadOrderView } from './order-view.js';
import { isOfflineMethod } from './payment-terms.js';

type OrderRow = typeof orders.$inferSelect;
type StatusChange = z.output<typeof orderStatusInput>;
type RecordPayment = z.output<typeof recordPaymentInput>;

const CLOSED: readonly OrderStatus[] = ['cancelled', 'refunded'];
const UNPAID: readonly PaymentStatus[] = ['pending', 'failed'];

/** Why an overdue bank-transfer order was cancelled (its cancelReason). */
export const TRANSFER_OVERDUE_REASON = 'Bank transfer not received by the payment deadline';

/** A bank-transfer order whose deadline has passed unpaid: pending, not paid, due before `now`. */
function overdueTransfer(now: Date) {
  return and(
    eq(orders.paymentMethod, 'bank_transfer'),
    eq(orders.status, 'pending'),
    inArray(orders.paymentStatus, [...UNPAID]),
    lt(orders.paymentDueAt, now),
  );
}

/** The fields an activity-log entry compares (money as numbers, dates as ISO strings). */
function auditable(row: OrderRow) {
  return {
    status: row.status,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingUrl,
    estimatedDelivery: row.estimatedDelivery?.toISOString() ?? null,
    notes: row.notes,
    adminNotes: row.adminNotes,
    shippingAddress: row.shippingAddress,
    billingAddress: row.billingAddress,
    stockState: row.stockState,
    cancelReason: row.cancelReason,
  };
}

export class OrderChangesService {
  constructor(
    private readonly db: Db,
    private readonly providers: PaymentProviders,
    private readonly publicUrl: string,
  ) {}

  /**
   * Moves an order to a status/payment status (one transaction, order row locked): stock follows the order's stock
   * state machine, a refund goes through the provider, timestamps are set once.
   */
  private async transition(
    tx: Tx,
    order: OrderRow,
    next: { status: OrderStatus; paymentStatus: PaymentStatus },
    actorId: string | null,
  ) {
    let paymentStatus = next.paymentStatus;
    let refunded = 0;
    const refunding = next.status === 'refunded' || paymentStatus === 'refunded';
    // A partly refunded order (a return) still holds money: refunding or cancelling it gives back the rest.
    const holdsMoney = HOLDS_MONEY.includes(order.paymentStatus);
    if (refunding && holdsMoney) {
      refunded = await refundOrderPayments(tx, this.providers, order.id, { recordedBy: actorId });
      if (refunded > 0 || next.status === 'refunded') paymentStatus = 'refunded';
    }
    if (next.status === 'cancelled' && holdsMoney && paymentStatus === order.paymentStatus) {
      // Cancelling a paid order gives the money back too.
      refunded = await refundOrderPayments(tx, this.providers, order.id, { recordedBy: actorId });
      paymentStatus = 'refunded';
    }
    if (
      next.status === 'delivered' &&
      order.paymentMethod === 'cash' &&
      UNPAID.includes(paymentStatus) &&
      UNPAID.includes(order.paymentStatus)
    ) {
      // Cash on delivery: the courier took what was still owed (staff may have recorded part of it beforehand).
      const received = await receivedAmount(tx, order.id);
      const outstanding = toCents(order.total) - toCents(received);
      if (outstanding > 0)
        await insertManualPayment(tx, {
          orderId: order.id,
          method: order.paymentMethod,
          amount: fromCents(outstanding),
          occurredAt: new Date(),
          reference: '',
          note: 'Cash taken on delivery',
          recordedBy: actorId,
        });
      paymentStatus = 'paid';
    }
    const stockState = targetStockState(order.stockState, next.status, paymentStatus);
    // Units already back through approved returns are no longer the order's to move.
    const lines = await orderLinesLessReturned(tx, order.id);
    await moveOrderStock(tx, lines, order.stockState, stockState, {
      orderId: order.id,
      actorId,
      reason: `Order ${order.orderNumber} ${next.status}`,
    });
    if (CLOSED.includes(next.status) && !CLOSED.includes(order.status)) await releaseCouponRedemption(tx, order.id);
    const now = new Date();
    const changes = {
      status: next.status,
      paymentStatus,
      stockState,
      paidAt: paymentStatus === 'paid' ? (order.paidAt ?? now) : order.paidAt,
      shippedAt: ['shipped', 'delivered'].includes(next.status) ? (order.shippedAt ?? now) : order.shippedAt,
      deliveredAt: next.status === 'delivered' ? (order.deliveredAt ?? now) : order.deliveredAt,
      cancelledAt: next.status === 'cancelled' ? (order.cancelledAt ?? now) : order.cancelledAt,
    };
    return { changes, refunded };
  }

  private async save(tx: Tx, order: OrderRow, changes: Partial<typeof orders.$inferInsert>) {
    const [updated] = await tx.update(orders).set(changes).where(eq(orders.id, order.id)).returning();
    return updated!;
  }

  /**
   * PUT /orders/{id}/status (staff): the status dialog, or adminNotes alone. `alsoInTransaction` joins the same
   * transaction (a bulk job's progress).
   */
  async updateStatus(
    id: string,
    input: StatusChange,
    user: AuthUser,
    ctx: AuditContext,
    alsoInTransaction?: (tx: Tx) => Promise<void>,
  ) {
    return this.db.transaction(async (tx) => {
      const order = await lockedOrderForChange(tx, id, user, {
        coupon: input.status !== undefined && CLOSED.includes(input.status),
        stock: Boolean(input.status || input.paymentStatus),
      });
      const moved =
        input.status || input.paymentStatus
          ? await this.transition(
              tx,
              order,
              { status: input.status ?? order.status, paymentStatus: input.paymentStatus ?? order.paymentStatus },
              actingUserId(user),
            )
          : { changes: {}, refunded: 0 };
      const updated = await this.save(tx, order, {
        ...moved.changes,
        ...(input.trackingNumber !== undefined ? { trackingNumber: input.trackingNumber } : {}),
        ...(input.trackingUrl !== undefined ? { trackingUrl: input.trackingUrl } : {}),
        ...(input.estimatedDelivery !== undefined ? { estimatedDelivery: new Date(input.estimatedDelivery) } : {}),
        ...(input.adminNotes !== undefined ? { adminNotes: input.adminNotes } : {}),
      });
      await writeActivity(tx, ctx, {
        action: 'update_status',
        resource: 'order',
        resourceId: order.id,
        details: { orderNumber: order.orderNumber, changes: changedFields(auditable(order), auditable(updated)) },
      });
      const view = (await loadOrderView(tx, id))!;
      await recordOrderChange(tx, order, view, moved.refunded);
      // The shopper hears when the order is first paid (staff taking the payment here) and when it first ships.
      // (Cash on delivery and bank transfer were mailed when placed.)
      const paidNow = !order.paidAt && updated.paidAt !== null && !isOfflineMethod(updated.paymentMethod);
      const shippedNow = updated.status === 'shipped' && order.status !== 'shipped' && !order.shippedAt;
      for (const mail of [
        paidNow ? orderConfirmationMail(view, this.publicUrl) : null,
        shippedNow ? orderShippedMail(view, this.publicUrl) : null,
      ])
        if (mail) await queueMail(tx, mail);
      await alsoInTransaction?.(tx);
      return view;
    });
  }

  /**
   * Cancels an order (DELETE /orders/{id}, PUT /orders/{id}/cancel). Customers may cancel their own order while it is
   * pending or confirmed; staff any order that is not already cancelled or refunded.
   */
  async cancel(id: string, reason: string | undefined, user: AuthUser, ctx: AuditContext) {
    return this.db.transaction(async (tx) => {
      const order = await lockedOrderForChange(tx, id, user, { coupon: true, stock: true });
      if (CLOSED.includes(order.status)) throw conflict(`This order is already ${order.status}.`, 'ORDER_CLOSED');
      const staff = isStaff(user);
      if (!staff && !CUSTOMER_CANCELLABLE_STATUSES.includes(order.status))
        throw conflict('Only pending or confirmed orders can be cancelled.', 'ORDER_NOT_CANCELLABLE');
      const moved = await this.transition(
        tx,
        order,
        { status: 'cancelled', paymentStatus: order.paymentStatus },
        actingUserId(user),
      );
      const cancelReason = reason?.trim() || (staff ? 'Order cancelled by admin' : 'Cancelled by customer');
      const updated = await this.save(tx, order, { ...moved.changes, cancelReason });
      if (staff)
        await writeActivity(tx, ctx, {
          action: 'cancel',
          resource: 'order',
          resourceId: order.id,
          details: { orderNumber: order.orderNumber, changes: changedFields(auditable(order), auditable(updated)) },
        });
      const view = (await loadOrderView(tx, id))!;
      await recordOrderChange(tx, order, view, moved.refunded);
      return view;
    });
  }

  /**
   * PUT /admin/orders/{id}/items/{itemId}/location (staff): the line's reservation moves to another location — a
   * release at its location and a reserve at the new one, in the transaction and lock order a shipment takes (the
   * order's variants, then the order row), so a shipment racing it commits at one location or the other, once.
   */
  async reassignLine(id: string, itemId: string, locationId: string, user: AuthUser, ctx: AuditContext) {
    return this.db.transaction(async (tx) => {
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

  /**
   * POST /admin/orders/{id}/payments (staff): money received outside a provider, as a manual payment row. Part
   * payments add up; the one that reaches the total makes the order paid (markOrderPaid: confirmed, stock committed).
   * The order row is locked (after its stock, in the lock order) before the sum is read, so parallel records queue
   * and never add up to more than the total.
   */
  async recordPayment(id: string, input: RecordPayment, user: AuthUser, ctx: AuditContext) {
    return this.db.transaction(async (tx) => {
      const order = await lockedOrderForChange(tx, id, user, { coupon: false, stock: true });
      if (CLOSED.includes(order.status))
        throw conflict(`This order is ${order.status} and cannot be paid.`, 'ORDER_CLOSED');
      if (order.paymentStatus === 'paid') throw conflict('This order is already paid.', 'ALREADY_PAID');
      const received = await receivedAmount(tx, order.id);
      const outstanding = toCents(order.total) - toCents(received);
      const amount = toCents(input.amount);
      if (amount > outstanding)
        throw badRequest(
          `The amount is more than the ${usd(fromCents(outstanding))} still owed on this order.`,
          'amount',
        );
      const occurredAt = input.receivedAt ? new Date(`${input.receivedAt}T12:00:00Z`) : new Date();
      await insertManualPayment(tx, {
        orderId: order.id,
        method: order.paymentMethod,
        amount: input.amount,
        occurredAt,
        reference: input.reference,
        note: input.note,
        recordedBy: actingUserId(user),
      });
      const paid = amount === outstanding;
      const writeLog = () =>
        writeActivity(tx, ctx, {
          action: 'record_payment',
          resource: 'order',
          resourceId: order.id,
          details: {
            orderNumber: order.orderNumber,
            amount: input.amount,
            reference: input.reference,
            receivedAt: occurredAt.toISOString(),
            outstanding: fromCents(outstanding - amount),
            changes: paid
              ? changedFields(
                  { status: order.status, paymentStatus: order.paymentStatus },
                  { status: order.status === 'pending' ? 'confirmed' : order.status, paymentStatus: 'paid' },
                )
              : {},
          },
        });
      if (paid)
        return markOrderPaid(tx, order, {
          actorId: actingUserId(user),
          publicUrl: this.publicUrl,
          beforeEvents: writeLog,
        });
      await writeLog();
      return (await loadOrderView(tx, id))!;
    });
  }

  /**
   * The bank-transfer orders past their payment deadline and still unpaid, oldest deadline first (at most `limit`),
   * read without locks: each is then cancelled by cancelOverdueTransfer, which checks again under the row lock.
   */
  async overdueTransfers(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(overdueTransfer(now))
      .orderBy(orders.paymentDueAt, orders.id)
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /**
   * Cancels one bank-transfer order whose money did not arrive by its deadline, through the cancellation's own rules
   * (stock released, coupon use given back, order.status_changed and order.cancelled recorded), in one transaction.
   * The order is checked again under its row lock (taken in the lock order: coupon, stock, order), so instances
   * sweeping at once, or a payment recorded meanwhile, cancel it at most once: false when there was nothing to do.
   * A system change: no activity-log row (that log records what people did), the events say what happened.
   */
  async cancelOverdueTransfer(id: string, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [first] = await tx.select({ couponId: orders.couponId }).from(orders).where(eq(orders.id, id));
      if (!first) return false;
      const { couponId } = first;
      if (couponId)
        await locksOf(tx).step(
          'coupon',
          () => tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, couponId)).for('update'),
          [couponId],
        );
      await lockOrderStock(tx, id);
      const [order] = await locksOf(tx).step(
        'order',
        () =>
          tx
            .select()
            .from(orders)
            .where(and(eq(orders.id, id), overdueTransfer(now)))
            .for('update'),
        [id],
      );
      if (!order) return false;
      const moved = await this.transition(tx, order, { status: 'cancelled', paymentStatus: order.paymentStatus }, null);
      // Conditional on the state just read under the lock: a second sweep finds the row changed and writes nothing.
      const [updated] = await tx
        .update(orders)
        .set({ ...moved.changes, cancelReason: TRANSFER_OVERDUE_REASON })
        .where(and(eq(orders.id, id), eq(orders.status, 'pending'), sql`${orders.cancelledAt} IS NULL`))
        .returning({ id: orders.id });
      if (!updated) throw conflict('The order changed while it was being cancelled.', 'ORDER_CHANGED');
      const view = (await loadOrderView(tx, id))!;
      await recordOrderChange(tx, order, view, moved.refunded);
      return true;
    });
  }

  /** PUT /admin/orders/{id}: addresses, payment method, notes and admin notes. */
  async edit(id: string, input: z.output<typeof editOrderInput>, user: AuthUser, ctx: AuditContext) {
    return this.db.transaction(async (tx) => {
      const order = await visibleOrder(tx, id, user, { lock: true });
      const updated = await this.save(tx, order, {
        paymentMethod: input.paymentMethod,
        ...(input.shippingAddress ? { shippingAddress: input.shippingAddress } : {}),
        ...(input.billingAddress ? { billingAddress: input.billingAddress } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
        ...(input.adminNotes !== undefined ? { adminNotes: input.adminNotes } : {}),
      });
      await writeActivity(tx, ctx, {
        action: 'update',
        resource: 'order',
        resourceId: order.id,
        details: { orderNumber: order.orderNumber, changes: changedFields(auditable(order), auditable(updated)) },
      });
      return (await loadOrderView(tx, id))!;
    });
  }

  /** DELETE /admin/orders/{id} (admin): only a cancelled or refunded order, whose stock is already given back. */
  async remove(id: string, user: AuthUser, ctx: AuditContext) {
    await this.db.transaction(async (tx) => {
      const order = await visibleOrder(tx, id, user, { lock: true });
      if (!CLOSED.includes(order.status))
        throw conflict('Only cancelled or refunded orders can be deleted.', 'ORDER_ACTIVE');
      await tx.delete(orders).where(eq(orders.id, id));
      await writeActivity(tx, ctx, {
        action: 'delete',
        resource: 'order',
        resourceId: id,
        details: {
          orderNumber: order.orderNumber,
          before: { status: order.status, paymentStatus: order.paymentStatus, total: order.total },
          after: null,
        },
      });
    });
  }
}
