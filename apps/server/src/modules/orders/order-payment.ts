import type { ApiError, confirmPaymentInput, EndpointResponse, OrderView, paymentContracts } from '@seamline/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema/index.js';
import { type AuditContext, changedFields, writeActivity } from '../../lib/audit.js';
import { isStaff } from '../../lib/caller.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { callerOf, once, type Stored } from '../../lib/idempotency.js';
import { locksOf } from '../../lib/locked-transaction.js';
import { queueMail } from '../../lib/mail.js';
import { ok } from '../../lib/responses.js';
import type { AuthUser } from '../../types.js';
import { confirmIntent, type PaymentProviders } from '../payments/index.js';
import { customerView, ORDER_NOT_FOUND } from './order-access.js';
import { recordOrderChange } from './order-events.js';
import { orderConfirmationMail } from './order-mails.js';
import { lockOrderStock, moveOrderStock, targetStockState } from './order-stock.js';
import { loadOrderView } from './order-view.js';
import { isOfflineMethod } from './payment-terms.js';

type ConfirmInput = z.output<typeof confirmPaymentInput>;
type Confirmed = EndpointResponse<typeof paymentContracts.confirm>;
/** Who takes the payment, and the public address the confirmation mail links to. */
type Payments = { providers: PaymentProviders; publicUrl: string };

/**
 * What paying an order does, served by the payments module's POST /payments/confirm (modules/index.ts hands it over,
 * so payments never import orders). Once per Idempotency-Key (lib/idempotency.ts): the key is bound to the caller
 * (user, or the guest e-mail) and the body, and a replay answers the first answer (402 included) without paying twice.
 */
export async function confirmPayment(
  db: Db,
  payments: Payments,
  input: ConfirmInput,
  user: AuthUser | null,
  audit: AuditContext,
  key: string | undefined,
): Promise<Confirmed> {
  const idempotent = { operation: 'payment-confirm', key, caller: callerOf(user, input.email), body: input };
  const result = await once(db, idempotent, (tx) => confirmOrderPayment(tx, payments, input, user, audit));
  if (result.body.success) return result.body;
  // Raised only now, outside the transaction, so the failed payment status and its audit row stay written.
  throw new AppError(result.statusCode, result.body.code, result.body.message);
}

/**
 * POST /payments/confirm in one transaction (order row locked). Accepted: the order is paid, a pending order becomes
 * confirmed and its stock is committed. Declined: the order's payment status becomes failed and its stock stays
 * reserved until the order is paid another way or cancelled; the answer is the 402 error envelope, stored (and
 * replayed) like a success because the transaction commits.
 */
export async function confirmOrderPayment(
  tx: Tx,
  { providers, publicUrl }: Payments,
  input: ConfirmInput,
  user: AuthUser | null,
  audit: AuditContext,
): Promise<Stored<Confirmed | ApiError>> {
  // Lock order (lib/locked-transaction.ts): the order's variants before the order row.
  await lockOrderStock(tx, input.orderId);
  const [order] = await locksOf(tx).step(
    'order',
    () => tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update'),
    [input.orderId],
  );
  const allowed =
    order &&
    (isStaff(user) ||
      (order.customerId !== null && order.customerId === user?.id) ||
      (order.customerId === null && input.email !== undefined && order.guestEmail?.toLowerCase() === input.email));
  if (!order || !allowed) throw notFound(ORDER_NOT_FOUND);
  if (order.paymentStatus === 'paid') throw conflict('This order is already paid.', 'ALREADY_PAID');
  if (order.status === 'cancelled' || order.status === 'refunded')
    throw conflict(`This order is ${order.status} and cannot be paid.`, 'ORDER_CLOSED');

  const caller = { user, email: input.email };
  const result = await confirmIntent(tx, providers, order, input.paymentIntentId, caller, input.paymentMethod);
  if (result.status === 'pending') {
    const error = conflict(
      'The payment provider is reviewing this payment: the order is confirmed as soon as it completes.',
      'PAYMENT_PENDING',
    );
    return {
      statusCode: 409,
      body: { success: false, error: error.message, message: error.message, code: error.code },
    };
  }
  if (result.status === 'declined') {
    await tx.update(orders).set({ paymentStatus: 'failed' }).where(eq(orders.id, order.id));
    await logStaffConfirmation(tx, audit, user, order, { paymentStatus: 'failed' }, 'failure');
    const error = new AppError(402, 'PAYMENT_DECLINED', result.message ?? 'Your card was declined.');
    return {
      statusCode: 402,
      body: { success: false, error: error.message, message: error.message, code: error.code },
    };
  }
  const view = await markOrderPaid(tx, order, {
    actorId: user?.id ?? null,
    publicUrl,
    paymentIntentId: input.paymentIntentId,
    beforeEvents: () =>
      logStaffConfirmation(
        tx,
        audit,
        user,
        order,
        {
          status: order.status === 'pending' ? 'confirmed' : order.status,
          paymentStatus: 'paid',
          paymentIntentId: input.paymentIntentId,
        },
        'success',
      ),
  });
  return {
    statusCode: 200,
    body: ok(
      {
        order: isStaff(user) ? view : customerView(view),
        payment: { paymentIntentId: input.paymentIntentId, status: 'succeeded' as const },
      },
      'Payment confirmed',
    ),
  };
}

type OrderRow = typeof orders.$inferSelect;

/**
 * What an order becoming paid does, however the money came (a provider's confirmation, staff recording a transfer,
 * cash taken on delivery), in the caller's transaction with the order row locked: a pending order becomes confirmed,
 * its stock follows (targetStockState: committed), paidAt is set once, order.paid (and order.status_changed) are
 * recorded, and the shopper is mailed the confirmation — except for cash and bank transfer, mailed when placed.
 */
export async function markOrderPaid(
  tx: Tx,
  order: OrderRow,
  options: {
    actorId: string | null;
    publicUrl: string;
    /** The provider's intent that paid it (kept on the order); left out for money recorded by hand. */
    paymentIntentId?: string;
    /** Written after the order row and before its events (the caller's activity-log row). */
    beforeEvents?: () => Promise<void>;
  },
): Promise<OrderView> {
  const status = order.status === 'pending' ? 'confirmed' : order.status;
  const stockState = targetStockState(order.stockState, status, 'paid');
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  await moveOrderStock(tx, lines, order.stockState, stockState, {
    orderId: order.id,
    actorId: options.actorId,
    reason: `Order ${order.orderNumber} paid`,
  });
  await tx
    .update(orders)
    .set({
      status,
      paymentStatus: 'paid',
      paidAt: order.paidAt ?? new Date(),
      stockState,
      ...(options.paymentIntentId !== undefined ? { paymentIntentId: options.paymentIntentId } : {}),
    })
    .where(eq(orders.id, order.id));
  await options.beforeEvents?.();
  const view = (await loadOrderView(tx, order.id))!;
  await recordOrderChange(tx, order, view);
  // The order confirmation goes out when the order is paid (a declined attempt sends nothing; the retry does); cash
  // and bank transfer had theirs when placed.
  if (!isOfflineMethod(view.paymentMethod)) {
    const mail = orderConfirmationMail(view, options.publicUrl);
    if (mail) await queueMail(tx, mail);
  }
  return view;
}

/** Staff taking a payment for an order is a staff mutation (a customer or guest paying is not). */
async function logStaffConfirmation(
  tx: Tx,
  audit: AuditContext,
  user: AuthUser | null,
  order: OrderRow,
  next: Partial<Pick<OrderRow, 'status' | 'paymentStatus' | 'paymentIntentId'>>,
  status: 'success' | 'failure',
) {
  if (!isStaff(user)) return;
  const before = { status: order.status, paymentStatus: order.paymentStatus, paymentIntentId: order.paymentIntentId };
  await writeActivity(tx, audit, {
    action: 'confirm_payment',
    resource: 'order',
    resourceId: order.id,
    status,
    details: { orderNumber: order.orderNumber, changes: changedFields(before, next) },
  });
}
