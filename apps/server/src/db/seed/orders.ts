import { type OrderStatus, PAYMENT_METHODS, type PaymentMethod, type PaymentStatus } from '@seamline/shared';
import { and, eq, sql } from 'drizzle-orm';
import { releaseCouponRedemption } from '../../modules/coupons/index.js';
import { moveOrderStock, placeOrder, targetStockState } from '../../modules/orders/index.js';
import type { Db, Tx } from '../client.js';
import { inventory, inventoryMovements, orders, payments, products, users } from '../schema/index.js';
import { CITIES, STREETS } from './places.js';
import type { Random } from './random.js';

const DAY = 86_400_000;
/** Demo coupons (seed/coupons.ts) that demo orders may use. */
const DEMO_ORDER_COUPONS = ['NEWCUS15', 'SPRING20', 'SAVE10US', 'FLASH50X'];
const GUESTS: [string, string][] = [
  ['Nora', 'Bennett'],
  ['Leo', 'Fischer'],
  ['Ivy', 'Coleman'],
  ['Hugo', 'Ramirez'],
  ['Ruby', 'Sullivan'],
];
const NOTES = [
  '',
  '',
  '',
  '',
  'Please leave at the front desk.',
  'Gift — no invoice in the box, please.',
  'Call on arrival.',
];

/** Status by the order's age in days: recent orders are still open, older ones mostly delivered. */
function statusForAge(random: Random, age: number): OrderStatus {
  if (age < 2)
    return random.weighted([
      ['pending', 45],
      ['confirmed', 25],
      ['processing', 20],
      ['cancelled', 10],
    ] as const);
  if (age < 5)
    return random.weighted([
      ['pending', 8],
      ['confirmed', 12],
      ['processing', 30],
      ['shipped', 40],
      ['cancelled', 10],
    ] as const);
  if (age < 10)
    return random.weighted([
      ['processing', 8],
      ['shipped', 40],
      ['delivered', 42],
      ['cancelled', 8],
      ['refunded', 2],
    ] as const);
  return random.weighted([
    ['delivered', 78],
    ['shipped', 2],
    ['cancelled', 13],
    ['refunded', 7],
  ] as const);
}

function paymentFor(random: Random, status: OrderStatus, method: PaymentMethod): PaymentStatus {
  const paysLater = method === 'cash' || method === 'bank_transfer';
  switch (status) {
    case 'delivered':
      return 'paid';
    case 'shipped':
    case 'processing':
    case 'confirmed':
      return paysLater ? 'pending' : 'paid';
    case 'pending':
      return random.next() < 0.15 ? 'failed' : 'pending';
    case 'cancelled':
      return random.next() < 0.3 ? 'refunded' : 'pending';
    case 'refunded':
      return 'refunded';
  }
}

type Variant = { productId: string; name: string; size: string; color: string; available: number };

/**
 * About `count` orders over the last 90 days from the demo customers and a few guests, placed through the real order
 * function (prices, totals, reservations and movements), then moved to a realistic status through the stock state
 * machine, and back-dated. Returns how many orders were created.
 */
export async function seedDemoOrders(db: Db, random: Random, now: Date, count = 300): Promise<number> {
  const customers = await db
    .select()
    .from(users)
    .where(and(eq(users.role, 'customer'), eq(users.isActive, true)));
  const stock = await db
    .select({
      productId: inventory.productId,
      name: products.name,
      size: inventory.size,
      color: inventory.color,
      available: sql<number>`${inventory.quantity} - ${inventory.reserved}`,
    })
    .from(inventory)
    .innerJoin(products, eq(products.id, inventory.productId))
    .where(eq(products.isActive, true));
  const variants: Variant[] = stock.map((row) => ({ ...row, available: Number(row.available) }));
  if (!variants.length || !customers.length) return 0;

  const dates = Array.from({ length: count }, () => now.getTime() - Math.floor(90 * DAY * random.next() ** 1.15))
    .map((t) => new Date(Math.min(t, now.getTime() - 60_000)))
    .sort((a, b) => a.getTime() - b.getTime());

  let created = 0;
  await db.transaction(async (tx) => {
    for (const createdAt of dates) {
      const lines = pickLines(random, variants);
      if (!lines.length) continue;
      const guest = random.next() < 0.08;
      const known = customers.filter((c) => c.createdAt.getTime() < createdAt.getTime());
      const customer = guest ? null : random.pick(known.length ? known : customers);
      const [firstName, lastName] = customer ? [customer.firstName, customer.lastName] : random.pick(GUESTS);
      const [city, state, zipCode] = random.pick(CITIES);
      const address = {
        firstName,
        lastName: lastName || 'Customer',
        street: `${random.int(10, 9800)} ${random.pick(STREETS)}`,
        city,
        state,
        zipCode,
        country: 'US',
        phone: customer?.phone ?? `555${random.int(1_000_000, 9_999_999)}`,
      };
      const paymentMethod = random.weighted(
        PAYMENT_METHODS.map((m) => [m, { stripe: 55, paypal: 25, cash: 10, bank_transfer: 10 }[m]] as const),
      );
      const shippingMethod = random.weighted([
        ['standard', 80],
        ['express', 15],
        ['overnight', 5],
      ] as const);
      const notes = random.pick(NOTES);
      const place = (db: Tx, couponCode?: string) =>
        placeOrder(
          db,
          customer
            ? { customerId: customer.id, guestEmail: null }
            : { customerId: null, guestEmail: `${`${firstName}.${lastName}`.toLowerCase()}@example.net` },
          {
            items: lines.map((l) => ({
              productId: l.variant.productId,
              size: l.variant.size,
              color: l.variant.color,
              quantity: l.quantity,
            })),
            shippingAddress: address,
            billingAddress: address,
            paymentMethod,
            shippingMethod,
            notes,
            couponCode,
          },
          { user: null, audit: null },
          createdAt,
        );
      // About one customer order in six tries a live demo coupon; when the coupon's rules refuse it (minimum amount,
      // first order, per-customer limit) the savepoint is rolled back and the order is placed without it.
      const couponCode = customer && random.next() < 0.17 ? random.pick(DEMO_ORDER_COUPONS) : undefined;
      // Each order in its own savepoint, placed and settled in the same one: a business operation after another, each
      // taking its row locks in the lock order (lib/locked-transaction.ts tracks them per savepoint; the seed runs
      // alone).
      const placedAndSettled = async (db: Tx, code?: string) => {
        const order = await place(db, code);
        return (await settle(db, random, order, createdAt, now)) === 'released';
      };
      await tx.transaction(async (one) => {
        const withCoupon = couponCode
          ? await one.transaction((savepoint) => placedAndSettled(savepoint, couponCode)).catch(() => null)
          : null;
        const released = withCoupon ?? (await placedAndSettled(one));
        for (const line of lines) line.variant.available -= line.quantity;
        if (released) for (const line of lines) line.variant.available += line.quantity;
      });
      created += 1;
    }
  });
  return created;
}

function pickLines(random: Random, variants: Variant[]) {
  const lines: { variant: Variant; quantity: number }[] = [];
  const wanted = random.weighted([
    [1, 55],
    [2, 30],
    [3, 15],
  ] as const);
  for (let attempt = 0; attempt < 10 && lines.length < wanted; attempt++) {
    const variant = random.pick(variants);
    const quantity = random.weighted([
      [1, 75],
      [2, 20],
      [3, 5],
    ] as const);
    if (variant.available < quantity || lines.some((l) => l.variant === variant)) continue;
    lines.push({ variant, quantity });
  }
  return lines;
}

type Placed = Awaited<ReturnType<typeof placeOrder>>;

/** Moves a freshly placed order to its demo status (through the stock state machine) and back-dates everything. */
async function settle(tx: Tx, random: Random, order: Placed, createdAt: Date, now: Date) {
  const age = (now.getTime() - createdAt.getTime()) / DAY;
  const status = statusForAge(random, age);
  const paymentStatus = paymentFor(random, status, order.paymentMethod);
  const stockState = targetStockState('reserved', status, paymentStatus);
  const lines = order.items.map((item) => ({
    productId: item.productId,
    productName: item.product.name,
    size: item.size,
    color: item.color,
    quantity: item.quantity,
    locationId: item.locationId,
  }));
  await moveOrderStock(tx, lines, 'reserved', stockState, {
    orderId: order.id,
    actorId: null,
    reason: `Order ${order.orderNumber} ${status}`,
  });
  const at = (hours: number) => new Date(Math.min(createdAt.getTime() + hours * 3_600_000, now.getTime() - 1000));
  const wasPaid = paymentStatus === 'paid' || paymentStatus === 'refunded';
  const paidAt = wasPaid ? at(random.int(0, 2)) : null;
  const shipped = ['shipped', 'delivered'].includes(status) || (status === 'refunded' && random.next() < 0.7);
  const shippedAt = shipped ? at(random.int(20, 60)) : null;
  const deliveredAt = status === 'delivered' || (status === 'refunded' && shipped) ? at(random.int(80, 160)) : null;
  const closedAt = status === 'cancelled' || status === 'refunded' ? at(random.int(3, deliveredAt ? 200 : 30)) : null;
  const tracking = shipped ? `1Z${random.int(100_000, 999_999)}${random.int(10_000_000, 99_999_999)}` : null;
  await tx
    .update(orders)
    .set({
      status,
      paymentStatus,
      stockState,
      createdAt,
      updatedAt: closedAt ?? deliveredAt ?? shippedAt ?? paidAt ?? createdAt,
      paidAt,
      shippedAt,
      deliveredAt,
      cancelledAt: status === 'cancelled' ? closedAt : null,
      cancelReason: status === 'cancelled' ? random.pick(['Cancelled by customer', 'Order cancelled by admin']) : null,
      refundReason:
        status === 'refunded' ? random.pick(['Item did not fit', 'Arrived damaged', 'Changed my mind']) : null,
      trackingNumber: tracking,
      trackingUrl: tracking ? `https://www.ups.com/track?tracknum=${tracking}` : null,
      estimatedDelivery: shippedAt ? new Date(shippedAt.getTime() + 5 * DAY) : null,
    })
    .where(eq(orders.id, order.id));
  // A closed order's coupon use is given back, as the order code does on cancel/refund.
  if (closedAt) await releaseCouponRedemption(tx, order.id, closedAt);
  // Movements carry the dates of the steps they belong to, so the inventory history reads true.
  await tx
    .update(inventoryMovements)
    .set({
      createdAt: sql`CASE ${inventoryMovements.operation}
        WHEN 'reserve' THEN ${createdAt.toISOString()}::timestamptz
        WHEN 'commit' THEN ${(paidAt ?? shippedAt ?? createdAt).toISOString()}::timestamptz
        ELSE ${(closedAt ?? createdAt).toISOString()}::timestamptz END`,
    })
    .where(eq(inventoryMovements.orderId, order.id));
  if (wasPaid) {
    const intentId = `pi_test_seed${order.id}`;
    await tx.insert(payments).values({
      orderId: order.id,
      provider: 'test',
      method: order.paymentMethod,
      intentId,
      amount: order.total,
      status: 'succeeded',
      kind: 'charge',
      createdAt: paidAt!,
    });
    if (paymentStatus === 'refunded')
      await tx.insert(payments).values({
        orderId: order.id,
        provider: 'test',
        method: order.paymentMethod,
        intentId,
        amount: order.total,
        status: 'succeeded',
        kind: 'refund',
        createdAt: closedAt ?? paidAt!,
      });
  }
  return stockState;
}
