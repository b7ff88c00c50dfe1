import type { OrderStatus, PaymentStatus } from '@seamline/shared';
import type { Db } from '../src/db/client.js';
import { orderItems, orders } from '../src/db/schema/index.js';

let orderCounter = 0;

const ADDRESS = {
  firstName: 'Test',
  lastName: 'Customer',
  street: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'USA',
  phone: '5550000000',
};

/**
 * An order row straight in the database, for tests that need a customer's order history without going through
 * checkout. The total is taken as given; each item line is stored as priced.
 */
export async function buildOrder(
  db: Db,
  options: {
    customerId: string | null;
    total: number;
    status?: OrderStatus;
    paymentStatus?: PaymentStatus;
    createdAt?: Date;
    items?: { name?: string; size?: string; color?: string; price: number; quantity: number; productId?: string }[];
  },
) {
  orderCounter += 1;
  const items = options.items ?? [{ price: options.total, quantity: 1 }];
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `ORD-20260101-T${String(orderCounter).padStart(5, '0')}`,
      customerId: options.customerId,
      guestEmail: options.customerId ? null : 'guest@example.com',
      status: options.status ?? 'delivered',
      paymentStatus: options.paymentStatus ?? 'paid',
      subtotal: options.total,
      total: options.total,
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  await db.insert(orderItems).values(
    items.map((item, index) => ({
      orderId: order!.id,
      productId: item.productId ?? null,
      productName: item.name ?? `Item ${index + 1}`,
      productSlug: `item-${index + 1}`,
      productSku: `SKU-${index + 1}`,
      size: item.size ?? 'M',
      color: item.color ?? 'Black',
      price: item.price,
      quantity: item.quantity,
      total: Math.round(item.price * item.quantity * 100) / 100,
    })),
  );
  return order!;
}

/** A unique word per test, so searches only find that test's customers. */
// Letters only: a search with digits also matches phone numbers (the factories' customers share 555 numbers).
export const searchTag = () =>
  `z${Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
