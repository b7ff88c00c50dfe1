import type { PaymentMethod } from '@seamline/shared';
import type { Db } from '../src/db/client.js';
import { activityLogs, couponRedemptions, coupons, orderItems, orders, payments } from '../src/db/schema/index.js';

/** A complete order address for orders written straight into the database. */
export const ADDRESS = {
  firstName: 'Test',
  lastName: 'Buyer',
  street: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'US',
  phone: '5550100',
};

let orderCounter = 0;

type OrderInsert = typeof orders.$inferInsert;
export type OrderLine = { product: { id: string; name: string }; quantity: number; price: number };

/** An order row with its lines, straight in the database (analytics read the tables; no stock is touched). */
export async function buildOrder(
  db: Db,
  overrides: Partial<OrderInsert> & { total: number; createdAt: Date },
  lines: OrderLine[] = [],
) {
  orderCounter += 1;
  const subtotal = lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0) / 100;
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `ORD-TEST-${orderCounter.toString().padStart(6, '0')}`,
      subtotal,
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      guestEmail: overrides.customerId ? null : 'guest@example.com',
      ...overrides,
    })
    .returning();
  if (lines.length)
    await db.insert(orderItems).values(
      lines.map((line) => ({
        orderId: order!.id,
        productId: line.product.id,
        productName: line.product.name,
        productSlug: line.product.name.toLowerCase().replaceAll(' ', '-'),
        productSku: 'SKU',
        size: 'M',
        color: 'Black',
        price: line.price,
        quantity: line.quantity,
        total: Math.round(line.price * 100 * line.quantity) / 100,
      })),
    );
  return order!;
}

/**
 * A succeeded payment row of an order, straight in the database: a card or PayPal charge, a refund of it, or money
 * staff recorded by hand; `at` is when the money moved.
 */
export async function buildPayment(
  db: Db,
  order: { id: string },
  payment: { kind: 'charge' | 'refund' | 'manual'; method: PaymentMethod; amount: number; at: Date },
) {
  const provider = payment.kind === 'manual' ? 'manual' : payment.method === 'paypal' ? 'paypal' : 'test';
  await db.insert(payments).values({
    orderId: order.id,
    provider,
    method: payment.method,
    intentId: `pi_fixture_${order.id}`,
    amount: payment.amount,
    status: 'succeeded',
    kind: payment.kind,
    occurredAt: payment.at,
    createdAt: payment.at,
  });
}

export async function buildCoupon(db: Db, code: string) {
  const [coupon] = await db
    .insert(coupons)
    .values({
      code,
      name: `Coupon ${code}`,
      type: 'fixed',
      value: 10,
      startDate: new Date('2020-01-01T00:00:00Z'),
      endDate: new Date('2030-01-01T00:00:00Z'),
    })
    .returning();
  return coupon!;
}

export async function buildRedemption(
  db: Db,
  values: { couponId: string; orderId: string; discountAmount: number; createdAt: Date; releasedAt?: Date },
) {
  await db.insert(couponRedemptions).values(values);
}

export async function buildActivity(
  db: Db,
  values: { userId: string | null; action: string; resource: string; status: 'success' | 'failure'; createdAt: Date },
) {
  await db.insert(activityLogs).values(values);
}
