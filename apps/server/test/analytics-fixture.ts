import type { Db } from '../src/db/client.js';
import { brands, categories } from '../src/db/schema/index.js';
import { buildActivity, buildCoupon, buildOrder, buildRedemption } from './analytics-factories.js';
import { buildProduct, buildUser } from './factories.js';

const at = (iso: string) => new Date(iso);

/**
 * A small store with known answers (worked out by hand in analytics.test.ts). The range under test is March 2026
 * (2026-03-01..2026-03-31); its previous period of equal length is 2026-01-29..2026-02-28.
 */
export async function buildAnalyticsDataSet(db: Db) {
  const [tops] = await db.insert(categories).values({ name: 'Tops' }).returning();
  const [bottoms] = await db.insert(categories).values({ name: 'Bottoms' }).returning();
  const [alpha] = await db.insert(brands).values({ name: 'Alpha' }).returning();
  const [beta] = await db.insert(brands).values({ name: 'Beta' }).returning();
  const product = async (
    name: string,
    categoryId: string,
    brandId: string,
    rating: number,
    createdAt: string,
    isActive: boolean,
    variant: { size: string; color: string; quantity: number; lowStockThreshold: number },
  ) =>
    (await buildProduct(db, { name, categoryId, brandId, rating, createdAt: at(createdAt), isActive }, [variant]))
      .product;

  // Low Stock (3 <= 5), in range; In Stock, previous period; Out of Stock and inactive, earlier; Moderate, in range.
  const tee = await product('Tee', tops!.id, alpha!.id, 4.5, '2026-03-05T00:00:00Z', true, {
    size: 'M',
    color: 'Black',
    quantity: 3,
    lowStockThreshold: 5,
  });
  const jeans = await product('Jeans', bottoms!.id, beta!.id, 4, '2026-02-10T00:00:00Z', true, {
    size: 'M',
    color: 'Blue',
    quantity: 20,
    lowStockThreshold: 5,
  });
  const cap = await product('Cap', tops!.id, alpha!.id, 3.5, '2025-12-01T00:00:00Z', false, {
    size: 'One Size',
    color: 'Black',
    quantity: 0,
    lowStockThreshold: 5,
  });
  await product('Scarf', bottoms!.id, beta!.id, 5, '2026-03-10T00:00:00Z', true, {
    size: 'S',
    color: 'Red',
    quantity: 7,
    lowStockThreshold: 5,
  });

  const customer = (firstName: string, createdAt: string, isActive = true) =>
    buildUser(db, { role: 'customer', firstName, lastName: 'Shopper', createdAt: at(createdAt), isActive });
  const alice = await customer('Alice', '2025-12-15T00:00:00Z');
  const bob = await customer('Bob', '2026-03-02T00:00:00Z');
  await customer('Carol', '2026-03-20T00:00:00Z', false);
  const dan = await customer('Dan', '2026-02-05T00:00:00Z');
  const eve = await customer('Eve', '2026-04-10T00:00:00Z');

  const k1 = await buildCoupon(db, 'SAVE10AA');
  const k2 = await buildCoupon(db, 'FIVEOFFB');

  // In range.
  await buildOrder(
    db,
    {
      customerId: alice.id,
      status: 'delivered',
      paymentStatus: 'paid',
      paymentMethod: 'stripe',
      total: 59.99,
      createdAt: at('2026-03-03T10:00:00Z'),
      shippedAt: at('2026-03-04T10:00:00Z'),
    },
    [{ product: tee, quantity: 2, price: 25 }],
  );
  const o2 = await buildOrder(
    db,
    {
      customerId: alice.id,
      status: 'shipped',
      paymentStatus: 'paid',
      paymentMethod: 'paypal',
      discount: 10,
      total: 97.2,
      createdAt: at('2026-03-10T12:00:00Z'),
      shippedAt: at('2026-03-12T00:00:00Z'),
    },
    [{ product: jeans, quantity: 1, price: 100 }],
  );
  await buildRedemption(db, { couponId: k1.id, orderId: o2.id, discountAmount: 10, createdAt: o2.createdAt });
  const o3 = await buildOrder(
    db,
    {
      customerId: bob.id,
      status: 'cancelled',
      paymentMethod: 'stripe',
      total: 32.99,
      createdAt: at('2026-03-15T08:00:00Z'),
    },
    [{ product: tee, quantity: 1, price: 25 }],
  );
  await buildRedemption(db, {
    couponId: k1.id,
    orderId: o3.id,
    discountAmount: 2.5,
    createdAt: o3.createdAt,
    releasedAt: at('2026-03-16T00:00:00Z'),
  });
  await buildOrder(
    db,
    {
      customerId: bob.id,
      status: 'pending',
      paymentMethod: 'cash',
      total: 81.01,
      createdAt: at('2026-03-31T23:30:00Z'),
    },
    [
      { product: cap, quantity: 2, price: 25 },
      { product: tee, quantity: 1, price: 25 },
    ],
  );
  await buildOrder(
    db,
    {
      status: 'refunded',
      paymentStatus: 'refunded',
      paymentMethod: 'stripe',
      total: 113.99,
      createdAt: at('2026-03-20T00:00:00Z'),
    },
    [{ product: jeans, quantity: 1, price: 100 }],
  );
  const o6 = await buildOrder(
    db,
    {
      customerId: dan.id,
      status: 'delivered',
      paymentStatus: 'paid',
      paymentMethod: 'bank_transfer',
      discount: 5,
      total: 30,
      createdAt: at('2026-03-25T00:00:00Z'),
      shippedAt: at('2026-03-25T12:00:00Z'),
    },
    [{ product: cap, quantity: 1, price: 20 }],
  );
  await buildRedemption(db, { couponId: k2.id, orderId: o6.id, discountAmount: 5, createdAt: o6.createdAt });

  // Previous period.
  const o7 = await buildOrder(
    db,
    {
      customerId: alice.id,
      status: 'delivered',
      paymentStatus: 'paid',
      total: 100,
      createdAt: at('2026-02-15T00:00:00Z'),
    },
    [{ product: jeans, quantity: 1, price: 100 }],
  );
  await buildRedemption(db, { couponId: k2.id, orderId: o7.id, discountAmount: 3, createdAt: o7.createdAt });
  await buildOrder(db, { customerId: dan.id, status: 'cancelled', total: 50, createdAt: at('2026-02-20T00:00:00Z') });
  // Long before, and just after the range's end.
  await buildOrder(
    db,
    {
      customerId: alice.id,
      status: 'delivered',
      paymentStatus: 'paid',
      total: 200,
      createdAt: at('2025-06-01T00:00:00Z'),
    },
    [{ product: tee, quantity: 8, price: 25 }],
  );
  await buildOrder(
    db,
    {
      customerId: eve.id,
      status: 'delivered',
      paymentStatus: 'paid',
      total: 70,
      createdAt: at('2026-04-15T00:00:00Z'),
    },
    [{ product: tee, quantity: 2, price: 35 }],
  );

  const admin = await buildUser(db, { role: 'admin', createdAt: at('2025-01-01T00:00:00Z') });
  const moderator = await buildUser(db, { role: 'moderator', createdAt: at('2025-01-01T00:00:00Z') });
  const log = (userId: string | null, action: string, resource: string, status: 'success' | 'failure', iso: string) =>
    buildActivity(db, { userId, action, resource, status, createdAt: at(iso) });
  await log(admin.id, 'update', 'product', 'success', '2026-03-02T09:00:00Z');
  await log(admin.id, 'create', 'coupon', 'success', '2026-03-02T10:00:00Z');
  await log(moderator.id, 'update', 'product', 'failure', '2026-03-05T09:00:00Z');
  await log(null, 'login', 'auth', 'failure', '2026-03-05T10:00:00Z');
  await log(admin.id, 'delete', 'brand', 'success', '2026-02-01T00:00:00Z');

  return { tee, jeans, cap, alice, bob, dan, k1, k2 };
}
