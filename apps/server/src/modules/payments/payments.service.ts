import { createHash } from 'node:crypto';
import {
  fromCents,
  ORDER_MESSAGES,
  type PaymentIntentView,
  type SavedPaymentMethodView,
  type savedPaymentMethodInput,
  toCents,
} from '@seamline/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { markExternalEffect } from '../../db/retry.js';
import { orders, paymentMethods, payments } from '../../db/schema/index.js';
import { isStaff } from '../../lib/caller.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { locksOf } from '../../lib/locked-transaction.js';
import type { AuthUser } from '../../types.js';
import type { PaymentProvider } from './provider.js';
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

/** How long a provider may take to answer a refund before staff are told it did not (the refund rolls back). */
export const REFUND_TIMEOUT_MS = 20_000;

/** Where a refund goes: the provider each charge was made with (or the one provider a caller has). */
export type RefundProviders = Pick<PaymentProviders, 'byName'> | PaymentProvider;

function providerNamed(providers: RefundProviders, name: string): PaymentProvider | undefined {
  return 'byName' in providers ? providers.byName(name) : providers.name === name ? providers : undefined;
}

export type RefundOptions = {
  /**
   * The request's own Idempotency-Key, when it has one: the provider keys are made from it, so the same request sent
   * again asks the provider with the same keys and gets the refund it already made, never a second one.
   */
  requestKey?: string | undefined;
  /** Why (staff's words), kept as the refund rows' message. */
  reason?: string | undefined;
  recordedBy?: string | null | undefined;
  /** How long the provider may take (REFUND_TIMEOUT_MS unless a test shortens it). */
  timeoutMs?: number | undefined;
};

export const refundFailed = (why: string) =>
  new AppError(502, 'REFUND_FAILED', `${why} Nothing was refunded; please try again later.`);

/** Money a refund counts against: refunds done and refunds the provider is still carrying out. */
const COUNTS_AS_REFUNDED = ['succeeded', 'pending'];

/**
 * The order's money that a refund can give back, oldest first: succeeded charges and succeeded manual records (cash,
 * transfers), each with what is left of it after its refunds (cents). A refund names its source by provider and
 * intent id.
 */
export function refundableSources(rows: readonly PaymentRow[]) {
  const at = (row: PaymentRow) => (row.occurredAt ?? row.createdAt).getTime();
  return rows
    .filter((row) => (row.kind === 'charge' || row.kind === 'manual') && row.status === 'succeeded')
    .sort((a, b) => at(a) - at(b) || a.createdAt.getTime() - b.createdAt.getTime())
    .map((source) => {
      const refunded = rows
        .filter(
          (row) =>
            row.kind === 'refund' &&
            COUNTS_AS_REFUNDED.includes(row.status) &&
            row.provider === source.provider &&
            row.intentId === source.intentId,
        )
        .reduce((sum, row) => sum + toCents(row.amount), 0);
      return { source, leftCents: toCents(source.amount) - refunded };
    })
    .filter((entry) => entry.leftCents > 0);
}

/** One provider refund call, bounded in time: a refusal, an error or no answer are all "not refunded" (502). */
async function askProvider(
  provider: PaymentProvider,
  input: Parameters<PaymentProvider['refund']>[0],
  timeoutMs = REFUND_TIMEOUT_MS,
) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
  });
  try {
    const refund = await Promise.race([provider.refund(input), timeout]);
    if (refund.status === 'failed') throw refundFailed('The payment provider refused the refund.');
    return refund;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refundFailed(
      error instanceof Error && error.message === 'timeout'
        ? 'The payment provider did not answer the refund in time.'
        : 'The payment provider could not be reached for the refund.',
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Refunds up to `amountCents` of the order's money (oldest first, each source at most what is left of it), one
 * refund row per part. Returns the cents refunded.
 *
 * The caller holds the order row's lock (FOR UPDATE) for its whole transaction, and the provider is called inside
 * it. That is what keeps refunds safe in parallel: a second refund of the same order waits for the lock, then reads
 * the first one's refund rows and sees only what is really left, so the refunds never add up to more than was
 * captured and the provider is asked once. A provider refusal, error or timeout throws 502 and the transaction rolls
 * back: nothing is recorded as refunded. Each provider call carries an idempotency key that the refund row stores;
 * when the request had its own Idempotency-Key the provider key is derived from it, so a request retried after a
 * lost answer (the provider refunded, our commit did not happen) gets the provider's same refund, not a second one,
 * and the provider's refund event (webhook) records any refund we could not. We chose this over a "pending row
 * first, provider call outside the transaction" design because the status change and return approval refund inside
 * their own order transaction (stock, coupon and status move with the money), and because a refund the provider
 * refused must leave no trace; the lock is held only for the provider's answer, bounded by REFUND_TIMEOUT_MS.
 *
 * Money staff recorded by hand (cash on delivery, a bank transfer) is refunded as a `manual` refund row: the store
 * pays it back by hand, outside any provider, and the row says so.
 */
export async function refundThroughProvider(
  db: DbOrTx,
  providers: RefundProviders,
  orderId: string,
  amountCents: number,
  options: RefundOptions = {},
): Promise<number> {
  const rows = await db.select().from(payments).where(eq(payments.orderId, orderId));
  const base = options.requestKey
    ? `refund:${orderId}:${createHash('sha256').update(options.requestKey).digest('hex').slice(0, 32)}`
    : `refund:${newId()}`;
  const message = options.reason?.trim() || null;
  let refundedCents = 0;
  for (const { source, leftCents } of refundableSources(rows)) {
    const cents = Math.min(leftCents, amountCents - refundedCents);
    if (cents <= 0) break;
    const idempotencyKey = `${base}:${source.id}`;
    const common = {
      orderId,
      intentId: source.intentId,
      amount: fromCents(cents),
      currency: source.currency,
      kind: 'refund' as const,
      idempotencyKey,
      recordedBy: options.recordedBy ?? null,
      occurredAt: new Date(),
    };
    if (source.provider === 'manual') {
      await db.insert(payments).values({
        ...common,
        provider: 'manual',
        status: 'succeeded',
        message: message ? `${message} (to pay back by hand)` : 'To pay back by hand',
      });
    } else {
      const provider = providerNamed(providers, source.provider);
      if (!provider)
        throw refundFailed(`The payment provider "${source.provider}" of this payment is not configured any more.`);
      markExternalEffect(db);
      const refund = await askProvider(
        provider,
        { intentId: source.intentId, amountCents: cents, currency: source.currency, idempotencyKey },
        options.timeoutMs,
      );
      await db.insert(payments).values({
        ...common,
        provider: source.provider,
        providerRef: refund.id || null,
        status: refund.status,
        message,
      });
    }
    refundedCents += cents;
  }
  return refundedCents;
}

/**
 * Refunds what is left of all the order's money (after partial refunds of returns, only the rest); the caller holds
 * the order row's lock (see refundThroughProvider). Returns the refunded amount in dollars (0 when nothing was paid or
 * all was given back).
 */
export async function refundOrderPayments(
  db: DbOrTx,
  providers: RefundProviders,
  orderId: string,
  options: RefundOptions = {},
): Promise<number> {
  return fromCents(await refundThroughProvider(db, providers, orderId, Number.MAX_SAFE_INTEGER, options));
}

export const PAYMENT_METHOD_NOT_FOUND = 'Payment method not found';

/** The user's saved cards, the default first, then the newest. */
export async function listPaymentMethods(db: DbOrTx, userId: string): Promise<SavedPaymentMethodView[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
  return rows.map(paymentMethodView);
}

/**
 * Saves a card by its provider token (kept server-side, never answered) and last 4 digits. A new default card
 * takes the default from the others in the same transaction.
 */
export async function savePaymentMethod(
  db: Db,
  userId: string,
  input: z.output<typeof savedPaymentMethodInput>,
): Promise<SavedPaymentMethodView> {
  const { token, ...card } = input;
  const row = await db.transaction(async (tx) => {
    if (card.isDefault)
      await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, userId));
    const [created] = await tx
      .insert(paymentMethods)
      .values({
        userId,
        providerToken: token,
        ...card,
        brand: card.brand ?? 'card',
        isDefault: card.isDefault ?? false,
      })
      .returning();
    return created!;
  });
  return paymentMethodView(row);
}

/** Deletes one of the user's own saved cards; someone else's card is "not found" like a missing one. */
export async function deletePaymentMethod(db: DbOrTx, userId: string, id: string): Promise<void> {
  const [deleted] = await db
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
    .returning({ id: paymentMethods.id });
  if (!deleted) throw notFound(PAYMENT_METHOD_NOT_FOUND);
}

function paymentMethodView(row: typeof paymentMethods.$inferSelect): SavedPaymentMethodView {
  return {
    _id: row.id,
    id: row.id,
    provider: row.provider,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}
