import {
  computeOrderTotals,
  type createOrderInput,
  formatOrderNumber,
  type guestOrderInput,
  ORDER_MESSAGES,
  type OrderView,
} from '@seamline/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PaymentSettings } from '../../config-payments.js';
import { type Db, type DbOrTx, rowFromJson, type Tx } from '../../db/client.js';
import { isRetryableConflict } from '../../db/retry.js';
import { type orderItems, orders, users } from '../../db/schema/index.js';
import { type AuditContext, createdFields, writeActivity } from '../../lib/audit.js';
import { actingUserId, isStaff } from '../../lib/caller.js';
import { badRequest } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events.js';
import { newId } from '../../lib/ids.js';
import { locksOf } from '../../lib/locked-transaction.js';
import { queueMail } from '../../lib/mail.js';
import type { AuthUser } from '../../types.js';
import { applyCouponDiscount, recordCouponRedemption } from '../coupons/index.js';
import { assertCustomerCanOrder } from '../customers/index.js';
import { activeLocation, reservationLockRows } from '../inventory/index.js';
import { bindIntentToOrder } from '../payments/index.js';
import { insertNewOrder } from './new-orders.js';
import { newOrderRow } from './order-events.js';
import { type PricedLine, priceLines, priceLinesFor } from './order-lines.js';
import { orderPlacedMail } from './order-mails.js';
import { allocatedLines, assertReserved, type NewLine, oneLinePerVariant, unitsByInventoryRow } from './order-stock.js';
import { toOrderView } from './order-view.js';
import { isOfflineMethod, type PaymentTerms, paymentTerms } from './payment-terms.js';

type OrderBody = Omit<z.output<typeof guestOrderInput>, 'email'>;
type Buyer = { customerId: string | null; guestEmail: string | null };
/**
 * An order placed through the API: the store's payment settings decide which methods are on and what a new order
 * starts as; the public address is what its mail links to. Left out (the demo data), any method is taken as pending.
 */
export type Checkout = { settings: PaymentSettings; publicUrl: string };
type Actor = { user: AuthUser | null; audit: AuditContext | null; checkout?: Checkout };

function randomOrderNumber(now: Date): string {
  return formatOrderNumber(now, [...crypto.getRandomValues(new Uint8Array(6))]);
}

/** A customer account by e-mail (case-insensitive), or null. */
async function customerByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

/**
 * Who an order is for. A customer orders for themself. Staff name a customer by id, or give an e-mail: an active
 * customer with that e-mail gets the order, any other address makes a guest order. Deactivated customers cannot order:
 * the customer guard checks that under a share lock on the customer row (step 1 of the lock order), so a deactivation
 * racing the order either waits for it or is seen by it.
 */
export async function resolveBuyer(
  db: DbOrTx,
  actor: AuthUser,
  input: Pick<z.output<typeof createOrderInput>, 'customerId' | 'email'>,
): Promise<Buyer> {
  if (!isStaff(actor)) {
    await assertCustomerCanOrder(db, actor.id);
    return { customerId: actor.id, guestEmail: null };
  }
  if (input.customerId) {
    const [row] = await db
      .select({ id: users.id, role: users.role, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, input.customerId));
    if (row?.role !== 'customer' || row.deletedAt) throw badRequest('Customer not found', 'customerId');
    await assertCustomerCanOrder(db, row.id);
    return { customerId: row.id, guestEmail: null };
  }
  if (input.email) return guestOrCustomer(db, input.email);
  throw badRequest(ORDER_MESSAGES.buyerRequired, 'email');
}

async function guestOrCustomer(db: DbOrTx, email: string): Promise<Buyer> {
  const account = await customerByEmail(db, email);
  if (account?.role === 'customer') {
    await assertCustomerCanOrder(db, account.id);
    return { customerId: account.id, guestEmail: null };
  }
  return { customerId: null, guestEmail: email };
}

/** A guest order: an e-mail, no account. An e-mail of a deactivated customer is refused like the account itself. */
export async function resolveGuest(db: DbOrTx, email: string): Promise<Buyer> {
  const account = await customerByEmail(db, email);
  if (account?.role === 'customer') await assertCustomerCanOrder(db, account.id);
  return { customerId: null, guestEmail: email };
}

/**
 * A guest order in as few round trips as it takes: the cart and the e-mail's account are read together (no locks), then
 * the customer guard runs only when the e-mail belongs to a customer (lock order step 1, still before anything else is
 * locked), then `placeOrder`. The refusals come in the same order as resolveGuest then placeOrder.
 */
export async function placeGuestOrder(
  tx: Tx,
  input: z.output<typeof guestOrderInput>,
  checkout?: Checkout,
): Promise<OrderView> {
  const cart = await priceLinesFor(tx, input.items, input.email);
  if (cart.account === undefined) await resolveGuest(tx, input.email);
  else if (cart.account?.role === 'customer') await assertCustomerCanOrder(tx, cart.account.id);
  const buyer: Buyer = { customerId: null, guestEmail: input.email };
  return placeOrder(tx, buyer, input, { user: null, audit: null, checkout }, new Date(), cart.resolve());
}

/**
 * The common guest order — no coupon, no payment intent, an e-mail without a customer account — needs no transaction:
 * the cart read takes no locks, and placeOrder's one statement is all-or-nothing (stock, order, lines and movements
 * together, or nothing). That is two round trips instead of four (BEGIN and COMMIT), and orders arriving together
 * share the statement (new-orders.ts). Anything else — a coupon to count, an intent to attach, a customer's e-mail to
 * guard, a deadlock to retry — runs in a transaction as before.
 */
export async function placeSimpleGuestOrder(
  db: Db,
  input: z.output<typeof guestOrderInput>,
  checkout?: Checkout,
): Promise<OrderView> {
  const inTransaction = () => db.transaction((tx) => placeGuestOrder(tx, input, checkout));
  // Cash and bank transfer queue their mail with the order: a transaction too.
  if (input.couponCode || input.paymentIntentId || isOfflineMethod(input.paymentMethod)) return inTransaction();
  const cart = await priceLinesFor(db, input.items, input.email);
  if (cart.account === undefined || cart.account?.role === 'customer') return inTransaction();
  const buyer: Buyer = { customerId: null, guestEmail: input.email };
  const lines = cart.resolve();
  try {
    return await placeOrder(db, buyer, input, { user: null, audit: null, checkout }, new Date(), lines);
  } catch (error) {
    if (isRetryableConflict(error)) return inTransaction();
    throw error;
  }
}

/**
 * The location a pickup order is collected at: required with the pickup method (an active location that offers
 * pickup), refused with any other; null for a delivery. Every unit of a pickup order is reserved there.
 */
async function pickupLocationOf(db: DbOrTx, input: OrderBody): Promise<{ id: string; name: string } | null> {
  if (input.shippingMethod !== 'pickup') {
    if (input.pickupLocationId) throw badRequest(ORDER_MESSAGES.pickupLocationOnlyForPickup, 'pickupLocationId');
    return null;
  }
  if (!input.pickupLocationId) throw badRequest(ORDER_MESSAGES.pickupLocationRequired, 'pickupLocationId');
  const location = await activeLocation(db, input.pickupLocationId);
  if (!location.pickup) throw badRequest(ORDER_MESSAGES.pickupNotOffered, 'pickupLocationId');
  return { id: location.id, name: location.name };
}

/**
 * Places an order in the caller's transaction: prices the lines from the catalogue (frozen), applies the coupon seam,
 * computes the totals, takes a unique order number and reserves the stock of every line (lines sharing a combination
 * summed). Any refusal throws, so nothing of the order remains.
 */
export async function placeOrder(
  tx: DbOrTx,
  buyer: Buyer,
  input: OrderBody,
  actor: Actor,
  /** When the order is placed (now; the demo data places orders in the past). */
  placedAt = new Date(),
  /** The cart already priced in this transaction (guest checkout reads it with the buyer's account). */
  priced?: PricedLine[],
): Promise<OrderView> {
  const pickup = await pickupLocationOf(tx, input);
  const pickupLocationId = pickup?.id ?? null;
  const lines = oneLinePerVariant(priced ?? (await priceLines(tx, input.items)));
  const orderId = newId();
  const preview = computeOrderTotals({ lines });
  const coupon = await applyCouponDiscount(tx, {
    code: input.couponCode,
    customerId: buyer.customerId,
    guestEmail: buyer.guestEmail,
    subtotal: preview.subtotal,
    orderId,
  });
  const totals = computeOrderTotals({
    lines,
    discount: coupon.discount,
    shippingMethod: input.shippingMethod,
    freeShipping: coupon.freeShipping,
  });
  // Refused here (400) before anything is written: a method that is off, cash above its limit.
  const terms: PaymentTerms | null = actor.checkout
    ? paymentTerms(actor.checkout.settings, input, totals.total, placedAt)
    : null;
  const orderValues = (orderNumber: string, paymentReference: string | null) => ({
    id: orderId,
    orderNumber,
    ...buyer,
    paymentMethod: input.paymentMethod,
    shippingMethod: input.shippingMethod,
    pickupLocationId,
    ...totals,
    couponId: coupon.couponId,
    couponCode: coupon.couponCode,
    shippingAddress: input.shippingAddress,
    billingAddress: input.billingAddress,
    notes: input.notes ?? '',
    paymentIntentId: input.paymentIntentId ?? null,
    status: terms?.status ?? 'pending',
    paymentReference,
    paymentDueAt: terms?.paymentDueAt ?? null,
    createdBy: actor.user ? actingUserId(actor.user) : null,
    createdAt: placedAt,
    updatedAt: placedAt,
  });
  const ordered: NewLine[] = lines.map((line) => ({
    id: newId(),
    orderId,
    inventoryId: line.inventoryId,
    productId: line.productId,
    productName: line.productName,
    productSlug: line.productSlug,
    productSku: line.productSku,
    variantSku: line.variantSku,
    image: line.image,
    size: line.size,
    color: line.color,
    price: line.unitPrice,
    quantity: line.quantity,
    total: (Math.round(line.unitPrice * 100) * line.quantity) / 100,
  }));
  // Lock order (lib/locked-transaction.ts): the coupon is held; now products and variants, then the order row. ONE
  // all-or-nothing statement (new-orders.ts; outside a transaction shared with other new orders) locks every combination
  // in id order, and only when all of them cover their units inserts the order (a taken order number inserts nothing
  // either: another number is tried), its lines, the reservations and their movements; the order's analytics rows are
  // locked by its triggers at the end of the statement.
  const wanted = unitsByInventoryRow(lines);
  // The rows the statement takes, so that a retry with another order number asks the same rows again.
  const rows = reservationLockRows(
    wanted.map((w) => w.line),
    orderId,
  );
  // Read before the statement, so the order.created event can be written by it.
  const [customer] = buyer.customerId
    ? await tx
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(eq(users.id, buyer.customerId))
    : [];
  let order: typeof orders.$inferSelect | undefined;
  let items: (typeof orderItems.$inferSelect)[] = [];
  let orderNumber = '';
  for (let attempt = 0; !order; attempt++) {
    if (attempt === 5) throw new Error('could not allocate a unique order number');
    orderNumber = randomOrderNumber(placedAt);
    // A bank-transfer reference is drawn again with each attempt too (its unique index also inserts nothing).
    const values = orderValues(orderNumber, terms?.reference() ?? null);
    const unallocated = ordered.map(({ inventoryId: _variant, ...line }) => ({ ...line, locationId: '' }));
    const row = newOrderRow(values);
    const result = await locksOf(tx).steps(rows, () =>
      insertNewOrder(tx, {
        order: row,
        lines: ordered,
        units: wanted.map((w) => ({ inventoryId: w.inventoryId, productId: w.line.productId, quantity: w.quantity })),
        reason: `Order ${orderNumber}`,
        actorId: actor.user?.id ?? null,
        view: toOrderView(row, unallocated, customer ?? null),
      }),
    );
    // A pickup order's shortage is the shop's: the refusal says where (the units may still ship from elsewhere).
    assertReserved(wanted, result.short, pickup?.name);
    order = result.order ? rowFromJson(orders, result.order) : undefined;
    if (order) items = allocatedLines(ordered, result.lines ?? []);
  }
  await recordCouponRedemption(tx, {
    orderId,
    couponId: coupon.couponId,
    customerId: buyer.customerId,
    guestEmail: buyer.guestEmail,
    discount: coupon.discount,
    at: placedAt,
  });
  if (coupon.couponId && coupon.couponCode)
    await recordEvent(tx, {
      type: 'coupon.redeemed',
      objectId: coupon.couponId,
      data: {
        couponId: coupon.couponId,
        code: coupon.couponCode,
        orderId,
        orderNumber,
        customerId: buyer.customerId,
        guestEmail: buyer.guestEmail,
        discount: coupon.discount,
      },
    });
  if (input.paymentIntentId) {
    // The placer's own checkout intent for this total now belongs to this order; anyone else's is "not found", one
    // for another amount a conflict, and the order is not placed.
    const owner = actor.user ? { userId: actor.user.id } : { guestEmail: buyer.guestEmail ?? '' };
    await bindIntentToOrder(tx, input.paymentIntentId, { id: orderId, total: order!.total }, owner);
  }
  const view = toOrderView(order, items, customer ?? null);
  // Cash on delivery and bank transfer are confirmed to the shopper now (the transfer's details in the mail); cards and
  // PayPal when paid.
  if (actor.checkout && isOfflineMethod(view.paymentMethod)) {
    const mail = orderPlacedMail(view, actor.checkout.publicUrl, actor.checkout.settings);
    if (mail) await queueMail(tx, mail);
  }
  if (actor.audit && isStaff(actor.user)) {
    await writeActivity(tx, actor.audit, {
      action: 'create',
      resource: 'order',
      resourceId: orderId,
      details: {
        orderNumber,
        customer: view.email,
        guest: view.isGuest,
        items: view.items.map((item) => `${item.product.name} (${item.size}/${item.color}) x${item.quantity}`),
        total: view.total,
        paymentMethod: view.paymentMethod,
        changes: createdFields({ status: view.status, paymentStatus: view.paymentStatus, total: view.total }),
      },
    });
  }
  return view;
}
