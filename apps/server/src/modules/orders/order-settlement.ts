import { toCents } from '@seamline/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orders, paymentProviderEvents, payments } from '../../db/schema/index.js';
import { SYSTEM_ACTOR, writeActivity } from '../../lib/audit.js';
import { locksOf } from '../../lib/locked-transaction.js';
import { queueMailToAdmins } from '../../lib/mail.js';
import type { ProviderEvent, ProviderName, SettlementOutcome } from '../payments/index.js';
import { recordOrderChange } from './order-events.js';
import { markOrderPaid } from './order-payment.js';
import { lockOrderStock } from './order-stock.js';
import { loadOrderView } from './order-view.js';

type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/**
 * Applies a verified provider event (webhook or reconciliation) once: its id is claimed in the same transaction as
 * its effect, so the same event delivered 20 times at once, or again next week, changes the order once; events of one
 * intent arriving out of order never undo a payment (a failure after a success is kept as history only).
 */
export async function settleProviderEvent(
  db: Db,
  provider: ProviderName,
  event: ProviderEvent,
  publicUrl: string,
): Promise<SettlementOutcome> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(paymentProviderEvents)
      .values({ provider, eventId: event.id, type: event.type, intentId: event.intentId, outcome: 'applied' })
      .onConflictDoNothing()
      .returning({ eventId: paymentProviderEvents.eventId });
    if (!claimed) return 'duplicate';
    const outcome = await apply(tx, provider, event, publicUrl);
    if (outcome !== 'applied')
      await tx
        .update(paymentProviderEvents)
        .set({ outcome })
        .where(and(eq(paymentProviderEvents.provider, provider), eq(paymentProviderEvents.eventId, event.id)));
    return outcome;
  });
}

async function apply(
  tx: Tx,
  provider: ProviderName,
  event: ProviderEvent,
  publicUrl: string,
): Promise<SettlementOutcome> {
  const charge = await lockedCharge(tx, provider, event.intentId);
  if (!charge) return 'ignored';
  const { order, row } = charge;
  const sameMoney = event.currency.toLowerCase() === row.currency.toLowerCase();
  switch (event.type) {
    case 'payment.succeeded':
      if (!sameMoney || event.amountCents !== toCents(row.amount) || event.amountCents !== toCents(order.total))
        return 'refused';
      return paymentSucceeded(tx, order, row, publicUrl);
    case 'payment.failed':
      return paymentFailed(tx, order, row, event.message);
    case 'refund.succeeded':
      if (!sameMoney) return 'refused';
      return refundsKnown(tx, order, row, event.refunds);
    case 'dispute.opened':
    case 'dispute.closed':
      return disputeChanged(tx, order, row, event);
  }
}

/**
 * The charge row of the intent with its order, both locked in the business lock order (the order's variants, the
 * order, then the payment). An intent no order was placed with is none of the shop's business yet.
 */
async function lockedCharge(tx: Tx, provider: ProviderName, intentId: string) {
  const isCharge = and(eq(payments.provider, provider), eq(payments.intentId, intentId), eq(payments.kind, 'charge'));
  const [found] = await tx.select({ orderId: payments.orderId }).from(payments).where(isCharge);
  if (!found?.orderId) return null;
  const orderId = found.orderId;
  await lockOrderStock(tx, orderId);
  const [order] = await locksOf(tx).step(
    'order',
    () => tx.select().from(orders).where(eq(orders.id, orderId)).for('update'),
    [orderId],
  );
  const [row] = await locksOf(tx).step('payment', () => tx.select().from(payments).where(isCharge).for('update'));
  if (!order || !row || row.orderId !== order.id) return null;
  return { order, row };
}

async function paymentSucceeded(
  tx: Tx,
  order: OrderRow,
  charge: PaymentRow,
  publicUrl: string,
): Promise<SettlementOutcome> {
  await tx.update(payments).set({ status: 'succeeded', message: null }).where(eq(payments.id, charge.id));
  // Paid already (by this intent's confirmation), or closed: the money is on the timeline, the order stays as it is
  // (money caught on a cancelled order shows there as captured and is refunded by staff).
  if (order.paymentStatus === 'paid' || order.status === 'cancelled' || order.status === 'refunded') return 'applied';
  await markOrderPaid(tx, order, { paymentIntentId: charge.intentId, actorId: null, publicUrl });
  return 'applied';
}

async function paymentFailed(tx: Tx, order: OrderRow, charge: PaymentRow, message: string): Promise<SettlementOutcome> {
  // A failure reported after the success (events out of order, or an older attempt) never undoes the payment.
  if (charge.status === 'succeeded') return 'ignored';
  await tx.update(payments).set({ status: 'failed', message }).where(eq(payments.id, charge.id));
  if (order.paymentStatus === 'pending') {
    await tx.update(orders).set({ paymentStatus: 'failed' }).where(eq(orders.id, order.id));
    await recordOrderChange(tx, order, (await loadOrderView(tx, order.id))!);
  }
  return 'applied';
}

/**
 * The provider's list of the intent's refunds: each one not on the timeline yet (made in the provider's dashboard)
 * is added; refunds we asked for are there already under their id. The payment status then follows the money.
 */
async function refundsKnown(
  tx: Tx,
  order: OrderRow,
  charge: PaymentRow,
  refunds: readonly { id: string; amountCents: number }[],
): Promise<SettlementOutcome> {
  const added = await Promise.all(
    refunds.map(async (refund) => {
      const [row] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          provider: charge.provider,
          method: charge.method,
          intentId: charge.intentId,
          kind: 'refund',
          providerRef: refund.id,
          amount: refund.amountCents / 100,
          currency: charge.currency,
          status: 'succeeded',
          message: 'Refunded at the provider',
        })
        .onConflictDoNothing()
        .returning({ id: payments.id });
      return row;
    }),
  );
  if (!added.some(Boolean)) return 'ignored';
  const [money] = await tx
    .select({
      captured: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.kind} in ('charge', 'manual')), 0)`,
      refunded: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.kind} = 'refund'), 0)`,
    })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'succeeded')));
  const paymentStatus =
    toCents(Number(money!.refunded)) >= toCents(Number(money!.captured)) ? 'refunded' : 'partially_refunded';
  await tx.update(orders).set({ paymentStatus }).where(eq(orders.id, order.id));
  await recordOrderChange(tx, order, (await loadOrderView(tx, order.id))!);
  return 'applied';
}

/**
 * A dispute (chargeback) opened or closed at the provider: a dispute row on the timeline (one per dispute id, its
 * status kept current), the order flagged while any dispute is open, an activity-log row, and on opening a mail to
 * every active admin, who has days to answer it in the provider's dashboard.
 */
async function disputeChanged(
  tx: Tx,
  order: OrderRow,
  charge: PaymentRow,
  event: Extract<ProviderEvent, { type: 'dispute.opened' | 'dispute.closed' }>,
): Promise<SettlementOutcome> {
  await tx
    .insert(payments)
    .values({
      orderId: order.id,
      provider: charge.provider,
      method: charge.method,
      intentId: charge.intentId,
      kind: 'dispute',
      providerRef: event.disputeId,
      amount: event.amountCents / 100,
      currency: event.currency.toLowerCase(),
      status: event.status,
      message: event.reason,
    })
    .onConflictDoUpdate({
      target: [payments.provider, payments.kind, payments.providerRef],
      set: { status: event.status, message: event.reason },
    });
  const opened = event.type === 'dispute.opened';
  await tx
    .update(orders)
    .set({ disputedAt: opened ? (order.disputedAt ?? new Date()) : null })
    .where(eq(orders.id, order.id));
  await writeActivity(tx, SYSTEM_ACTOR, {
    action: opened ? 'dispute_opened' : 'dispute_closed',
    resource: 'order',
    resourceId: order.id,
    details: { orderNumber: order.orderNumber, disputeId: event.disputeId, reason: event.reason, status: event.status },
  });
  if (opened) await tellAdmins(tx, order, event.reason);
  await recordOrderChange(tx, order, (await loadOrderView(tx, order.id))!);
  return 'applied';
}

function tellAdmins(tx: Tx, order: OrderRow, reason: string) {
  return queueMailToAdmins(tx, {
    subject: `Payment disputed: order ${order.orderNumber}`,
    body:
      `The shopper's bank disputed the payment of order ${order.orderNumber} (reason: ${reason}).\n\n` +
      "Answer it with evidence in the payment provider's dashboard before its deadline; the order's payment " +
      'timeline in the back office links to it.',
    kind: 'payment_disputed',
  });
}
