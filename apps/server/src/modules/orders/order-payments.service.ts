import {
  fromCents,
  type OrderPaymentsView,
  type OrderView,
  orderStatusAfterRefund,
  paymentStatusAfterRefund,
  REFUND_MESSAGES,
  type refundPaymentInput,
  toCents,
} from '@seamline/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { type AuditContext, changedFields, writeActivity } from '../../lib/audit.js';
import { actingUserId } from '../../lib/caller.js';
import { conflict } from '../../lib/errors.js';
import { callerOf, once } from '../../lib/idempotency.js';
import { ok } from '../../lib/responses.js';
import type { AuthUser } from '../../types.js';
import { releaseCouponRedemption } from '../coupons/index.js';
import {
  orderPaymentRows,
  orderPaymentsView,
  type PaymentProviders,
  refundThroughProvider,
} from '../payments/index.js';
import { orderLinesLessReturned } from '../return-records/index.js';
import { lockedOrderForChange, visibleOrder } from './order-access.js';
import { recordOrderChange } from './order-events.js';
import { moveOrderStock, targetStockState } from './order-stock.js';
import { loadOrderView } from './order-view.js';

type RefundInput = z.output<typeof refundPaymentInput>;

/** The staff side of an order's payments: its timeline, and refunds through the provider. */
export class OrderPaymentsService {
  constructor(
    private readonly db: Db,
    private readonly providers: PaymentProviders,
  ) {}

  /** GET /admin/orders/{id}/payments. */
  async timeline(id: string, user: AuthUser, db: DbOrTx = this.db): Promise<OrderPaymentsView> {
    const order = await visibleOrder(db, id, user);
    return orderPaymentsView(await orderPaymentRows(db, order.id), order, this.providers);
  }

  /**
   * POST /admin/orders/{id}/refunds: one transaction holding the order row's lock (and, since a full refund closes
   * the order, its coupon and stock locks, taken in the global order). What is refundable is read under the lock, so
   * parallel refunds never add up to more than was captured: the first one refunds, the others see what is left
   * (409). The provider is called inside the lock (payments.service.ts refundThroughProvider says why); its refusal
   * rolls everything back (502). An Idempotency-Key makes a retried request answer the first refund again.
   */
  async refund(id: string, input: RefundInput, user: AuthUser, ctx: AuditContext, key: string | undefined) {
    const request = { operation: 'order-refund', key, caller: callerOf(user), body: { id, ...input } };
    const result = await once(this.db, request, async (tx) => {
      const order = await lockedOrderForChange(tx, id, user, { coupon: true, stock: true });
      const before = orderPaymentsView(await orderPaymentRows(tx, order.id), order, this.providers);
      if (toCents(before.refundable) === 0) throw conflict(REFUND_MESSAGES.nothingToRefund, 'NOTHING_TO_REFUND');
      if (toCents(input.amount) > toCents(before.refundable))
        throw conflict(REFUND_MESSAGES.tooHigh(before.refundable), 'REFUND_TOO_HIGH');
      const refundedCents = await refundThroughProvider(tx, this.providers, order.id, toCents(input.amount), {
        requestKey: key,
        reason: input.reason,
        recordedBy: actingUserId(user),
      });
      const amount = fromCents(refundedCents);
      const refundedBefore = fromCents(toCents(before.captured) - toCents(before.refundable));
      const paymentStatus = paymentStatusAfterRefund(order.paymentStatus, before.captured, refundedBefore, amount);
      const status = orderStatusAfterRefund(order.status, paymentStatus);
      // A fully refunded order closes like the status dialog closes it: its stock goes back, its coupon use too.
      const stockState = targetStockState(order.stockState, status, paymentStatus);
      await moveOrderStock(tx, await orderLinesLessReturned(tx, order.id), order.stockState, stockState, {
        orderId: order.id,
        actorId: actingUserId(user),
        reason: `Order ${order.orderNumber} ${status}`,
      });
      if (status === 'refunded' && order.status !== 'refunded') await releaseCouponRedemption(tx, order.id);
      const [updated] = await tx
        .update(orders)
        .set({ status, paymentStatus, stockState, ...(input.reason ? { refundReason: input.reason } : {}) })
        .where(eq(orders.id, order.id))
        .returning();
      await writeActivity(tx, ctx, {
        action: 'refund',
        resource: 'order',
        resourceId: order.id,
        details: {
          orderNumber: order.orderNumber,
          refundAmount: amount,
          reason: input.reason,
          changes: changedFields(
            { status: order.status, paymentStatus: order.paymentStatus, stockState: order.stockState },
            { status: updated!.status, paymentStatus: updated!.paymentStatus, stockState: updated!.stockState },
          ),
        },
      });
      const view: OrderView = (await loadOrderView(tx, order.id))!;
      await recordOrderChange(tx, order, view, amount);
      const payments = orderPaymentsView(await orderPaymentRows(tx, order.id), updated!, this.providers);
      return { statusCode: 200, body: ok({ order: view, payments }, `Refunded $${amount.toFixed(2)}`) };
    });
    return result.body;
  }
}
