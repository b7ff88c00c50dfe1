import { fromCents, ORDER_MESSAGES, type PaymentIntentView, toCents } from '@seamline/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { markExternalEffect } from '../../db/retry.js';
import { orders, payments } from '../../db/schema/index.js';
import { isStaff } from '../../lib/caller.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { locksOf } from '../../lib/locked-transaction.js';
import type { AuthUser } from '../../types.js';
import { type PaymentProvider, providerMethod } from './provider.js';
import type { PaymentProviders } from './provider-registry.js';

export const PAYMENT_INTENT_NOT_FOUND = 'Payment intent not found';

/** The store's one currency (prices are dollars, docs/domain.md). */
export const STORE_CURRENCY = 'usd';

/** Who created an intent: a signed-in user (customer or staff), or a guest by the e-mail of their checkout. */
export type IntentOwner = { userId: string } | { guestEmail: string };

/**
 * Creates a provider intent and records it with its creator, and with its order when one is named (the caller checked
 * that the order is theirs). The only durable thing a checkout session creates.
 */
export async function createPaymentIntent(
  db: DbOrTx,
  provider: PaymentProvider,
  amount: number,
  owner: IntentOwner,
  orderId: string | null = null,
): Promise<PaymentIntentView> {
  markExternalEffect(db);
  const intent = await provider.createIntent({
    amountCents: toCents(amount),
    currency: STORE_CURRENCY,
    idempotencyKey: `intent-${newId()}`,
    metadata: orderId ? { orderId } : {},
  });
  await db.insert(payments).values({
    orderId,
    provider: provider.name,
    method: providerMethod(provider.name),
    intentId: intent.id,
    amount: fromCents(intent.amountCents),
    currency: intent.currency,
    status: intent.status,
    kind: 'charge',
    ...('userId' in owner ? { createdBy: owner.userId } : { guestEmail: owner.guestEmail.toLowerCase() }),
  });
  return {
    id: intent.id,
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    amount: fromCents(intent.amountCents),
    currency: intent.currency,
    provider: provider.name === 'paypal' ? 'paypal' : provider.name === 'stripe' ? 'stripe' : 'test',
    status: intent.status,
  };
}

/**
 * POST /payments/create-payment-intent: an intent of the caller's, for an amount, and bound to an order when one is
 * named. Someone else's order (a customer's other than the caller's own, or a guest's) is "not found", and nothing is
 * created, at the provider or here; staff may create one for any order.
 */
export async function createIntentFor(
  db: Db,
  provider: PaymentProvider,
  input: { amount: number; orderId?: string | undefined },
  user: AuthUser,
): Promise<PaymentIntentView> {
  if (input.orderId) {
    const [order] = await db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, input.orderId));
    if (!order || (!isStaff(user) && order.customerId !== user.id)) throw notFound(ORDER_MESSAGES.notFound);
  }
  return createPaymentIntent(db, provider, input.amount, { userId: user.id }, input.orderId ?? null);
}

const ownedBy = (owner: IntentOwner) =>
  'userId' in owner
    ? eq(payments.createdBy, owner.userId)
    : and(isNull(payments.createdBy), eq(payments.guestEmail, owner.guestEmail.toLowerCase()));

/**
 * Binds an intent to the order being placed with it (same transaction, after the order row): only an intent of the
 * order's placer that no order has yet. Anything else (unknown, someone else's, another order's) is "not found", and
 * the order is not placed. An intent for another amount than the order's total could never pay it (the provider's
 * event would be refused): 409, and the order is not placed.
 */
export async function bindIntentToOrder(
  db: DbOrTx,
  intentId: string,
  order: { id: string; total: number },
  owner: IntentOwner,
) {
  const [bound] = await locksOf(db).step('payment', () =>
    db
      .update(payments)
      .set({ orderId: order.id })
      .where(
        and(eq(payments.intentId, intentId), eq(payments.kind, 'charge'), isNull(payments.orderId), ownedBy(owner)),
      )
      .returning({ amount: payments.amount }),
  );
  if (!bound) throw notFound(PAYMENT_INTENT_NOT_FOUND);
  if (toCents(bound.amount) !== toCents(order.total))
    throw new AppError(409, 'AMOUNT_MISMATCH', 'The payment amount does not match the order total');
}

type OrderRow = typeof orders.$inferSelect;

/** Who confirms: the signed-in user, if any, and the e-mail a guest proves their order with. */
export type IntentCaller = { user: AuthUser | null; email?: string | undefined };

type PaymentRow = typeof payments.$inferSelect;

/**
 * Whether the caller may use this intent for this order (the caller may act on the order: checked before). The intent
 * must be this order's or no order's yet, and the caller's own: created by the signed-in user, or in the guest
 * checkout of the e-mail given. Staff taking an order's payment may also use the intent bound to that order.
 */
function mayUse(intent: PaymentRow, order: OrderRow, caller: IntentCaller): boolean {
  if (intent.orderId !== null && intent.orderId !== order.id) return false;
  if (intent.createdBy !== null && intent.createdBy === caller.user?.id) return true;
  if (intent.guestEmail !== null && intent.guestEmail === caller.email?.toLowerCase()) return true;
  return intent.orderId === order.id && isStaff(caller.user);
}

/**
 * Confirms an intent for an order (in the caller's transaction, order row locked) at the intent's own provider. The
 * intent must be usable by the caller for this order (`mayUse`; otherwise "not found", nothing written), and for
 * exactly the order's total; `paymentMethod` is the test provider's card token. A provider the browser confirms with
 * (Stripe) answers 409: its webhook pays the order. Returns what the provider said (`pending`: PayPal holds the
 * capture for review, and its webhook settles it).
 */
export async function confirmIntent(
  db: DbOrTx,
  providers: PaymentProviders,
  order: OrderRow,
  intentId: string,
  caller: IntentCaller,
  paymentMethod?: string,
) {
  const [intent] = await locksOf(db).step('payment', () =>
    db
      .select()
      .from(payments)
      .where(and(eq(payments.intentId, intentId), eq(payments.kind, 'charge')))
      .for('update'),
  );
  if (!intent || !mayUse(intent, order, caller)) throw notFound(PAYMENT_INTENT_NOT_FOUND);
  const provider = providers.byName(intent.provider);
  if (!provider) throw notFound(PAYMENT_INTENT_NOT_FOUND);
  if (intent.status === 'succeeded') throw new AppError(409, 'ALREADY_PAID', 'This payment was already confirmed');
  if (!provider.confirm)
    throw new AppError(
      409,
      'CONFIRMED_BY_PROVIDER',
      'This payment is confirmed by the payment provider: the order is paid as soon as it says so.',
    );
  if (toCents(intent.amount) !== toCents(order.total))
    throw new AppError(400, 'AMOUNT_MISMATCH', 'The payment amount does not match the order total');
  markExternalEffect(db);
  const result = await provider.confirm(intentId, toCents(intent.amount), paymentMethod);
  await db
    .update(payments)
    .set({
      orderId: order.id,
      status: result.status === 'declined' ? 'failed' : result.status,
      message: result.message ?? null,
    })
    .where(eq(payments.id, intent.id));
  return result;
}
