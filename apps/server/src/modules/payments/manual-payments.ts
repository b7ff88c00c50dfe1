import { fromCents, type PaymentMethod, toCents } from '@seamline/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { payments } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { STORE_CURRENCY } from './payments.service.js';

/**
 * The money an order has received: its succeeded charges and the payments staff recorded by hand (dollars, exact to
 * the cent). Read under the order's row lock, so two recorders never both see the same sum.
 */
export async function receivedAmount(db: DbOrTx, orderId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(round(${payments.amount} * 100)), 0)` })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        inArray(payments.kind, ['charge', 'manual']),
        eq(payments.status, 'succeeded'),
      ),
    );
  return fromCents(Number(row?.cents ?? 0));
}

export type ManualPayment = {
  orderId: string;
  /** The order's payment method now (cash, bank transfer): the money is booked under it for good. */
  method: PaymentMethod;
  amount: number;
  /** When the money arrived (a transfer's value date, the delivery). */
  occurredAt: Date;
  /** The bank's reference of the transfer or a receipt number; empty when there is none. */
  reference: string;
  note: string;
  recordedBy: string | null;
};

/**
 * Records money received outside any provider as a `manual` payment row (provider `manual`, its own id as intent). A
 * reference already recorded for a manual payment is 409: the same transfer is not counted twice.
 */
export async function insertManualPayment(db: DbOrTx, payment: ManualPayment): Promise<string> {
  if (payment.reference) {
    const [taken] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(eq(payments.provider, 'manual'), eq(payments.kind, 'manual'), eq(payments.providerRef, payment.reference)),
      );
    if (taken)
      throw conflict(`A payment with the reference ${payment.reference} is already recorded.`, 'PAYMENT_RECORDED');
  }
  const id = newId();
  // A recorder racing this one with the same reference meets the unique index: 409 from the error handler.
  await db.insert(payments).values({
    id,
    orderId: payment.orderId,
    provider: 'manual',
    method: payment.method,
    intentId: `manual_${id}`,
    amount: fromCents(toCents(payment.amount)),
    currency: STORE_CURRENCY,
    status: 'succeeded',
    kind: 'manual',
    providerRef: payment.reference || null,
    message: payment.note || null,
    recordedBy: payment.recordedBy,
    occurredAt: payment.occurredAt,
  });
  return id;
}
