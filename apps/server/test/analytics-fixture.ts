import type { Db } from '../src/db/client.js';
import { brands, categories } from '../src/db/schema/index.js';
import { buildActivity, buildCoupon, buildOrder, buildPayment, buildRedemption } from './analytics-factories.js';
import { buildProduct, buildReviews, buildUser } from './factories.js';

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
    createdAt: string,
    isActive: boolean,
    variant: { size: string; color: string; quantity: number; lowStockThreshold: number },
  ) => (await buildProduct(db, { name, categoryId, brandId, createdAt: at(createdAt), isActive }, [variant])).product;

  // Low Stock (3 <= 5), in range; In Stock, previous period; Out of Stock and inactive, earlier; Moderate, in range.
  const tee = await product('Tee', tops!.id, alpha!.id, '2026-03-05T00:00:00Z', true, {
    size: 'M',
    color: 'Black',
    quantity: 3,
    lowStockThreshold: 5,
  });
  const jeans = await product('Jeans', bottoms!.id, beta!.id, '2026-02-10T00:00:00Z', true, {
    size: 'M',
    color: 'Blue',
    quantity: 20,
    lowStockThreshold: 5,
  });
  const cap = await product('Cap', tops!.id, alpha!.id, '2025-12-01T00:00:00Z', false, {
    size: 'One Size',
    color: 'Black',
    quantity: 0,
    lowStockThreshold: 5,
  });
  const scarf = await product('Scarf', bottoms!.id, beta!.id, '2026-03-10T00:00:00Z', true, {
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

  // Ratings from published reviews by these customers: Tee 4.5, Jeans 4, Cap 3.5, Scarf 5.
  await buildReviews(db, tee.id, [4, 5], [alice.id, bob.id]);
  await buildReviews(db, jeans.id, [4], [alice.id]);
  await buildReviews(db, cap.id, [3, 4], [alice.id, bob.id]);
  await buildReviews(db, scarf.id, [5], [dan.id]);

  const k1 = await buildCoupon(db, 'SAVE10AA');
  const k2 = await buildCoupon(db, 'FIVEOFFB');

  type Product = typeof tee;
  type Fields = Omit<Parameters<typeof buildOrder>[1], 'createdAt' | 'shippedAt'>;
  /** One order: placed and shipped at ISO times, its lines as [product, quantity, unit price]. */
  const order = (placed: string, fields: Fields, lines: [Product, number, number][] = [], shipped?: string) =>
    buildOrder(
      db,
      { ...fields, createdAt: at(placed), ...(shipped ? { shippedAt: at(shipped) } : {}) },
      lines.map(([item, quantity, price]) => ({ product: item, quantity, price })),
    );
  const redeem = (
    couponId: string,
    placed: { id: string; createdAt: Date },
    discountAmount: number,
    released?: string,
  ) =>
    buildRedemption(db, {
      couponId,
      orderId: placed.id,
      discountAmount,
      createdAt: placed.createdAt,
      ...(released ? { releasedAt: at(released) } : {}),
    });
  const delivered = { status: 'delivered', paymentStatus: 'paid' } as const;

  // The money of paid orders (revenue analytics read it): a charge when paid, a refund when given back.
  const pay = (
    placed: { id: string },
    kind: 'charge' | 'refund' | 'manual',
    method: 'stripe' | 'paypal' | 'bank_transfer',
    amount: number,
    iso: string,
  ) => buildPayment(db, placed, { kind, method, amount, at: at(iso) });

  // In range.
  const o1 = await order(
    '2026-03-03T10:00:00Z',
    { ...delivered, customerId: alice.id, paymentMethod: 'stripe', total: 59.99 },
    [[tee, 2, 25]],
    '2026-03-04T10:00:00Z',
  );
  const shipped = { status: 'shipped', paymentStatus: 'paid', paymentMethod: 'paypal' } as const;
  const o2 = await order(
    '2026-03-10T12:00:00Z',
    { ...shipped, customerId: alice.id, discount: 10, total: 97.2 },
    [[jeans, 1, 100]],
    '2026-03-12T00:00:00Z',
  );
  await redeem(k1.id, o2, 10);
  await pay(o1, 'charge', 'stripe', 59.99, '2026-03-03T10:01:00Z');
  await pay(o2, 'charge', 'paypal', 97.2, '2026-03-10T12:01:00Z');
  const cancelled = { status: 'cancelled', paymentMethod: 'stripe' } as const;
  const o3 = await order('2026-03-15T08:00:00Z', { ...cancelled, customerId: bob.id, total: 32.99 }, [[tee, 1, 25]]);
  await redeem(k1.id, o3, 2.5, '2026-03-16T00:00:00Z');
  await order('2026-03-31T23:30:00Z', { status: 'pending', customerId: bob.id, paymentMethod: 'cash', total: 81.01 }, [
    [cap, 2, 25],
    [tee, 1, 25],
  ]);
  const refunded = { status: 'refunded', paymentStatus: 'refunded', paymentMethod: 'stripe' } as const;
  const o5 = await order('2026-03-20T00:00:00Z', { ...refunded, total: 113.99 }, [[jeans, 1, 100]]);
  await pay(o5, 'charge', 'stripe', 113.99, '2026-03-20T00:01:00Z');
  await pay(o5, 'refund', 'stripe', 113.99, '2026-03-22T09:00:00Z');
  const byBank = { ...delivered, customerId: dan.id, paymentMethod: 'bank_transfer', discount: 5, total: 30 } as const;
  const o6 = await order('2026-03-25T00:00:00Z', byBank, [[cap, 1, 20]], '2026-03-25T12:00:00Z');
  await redeem(k2.id, o6, 5);
  await pay(o6, 'manual', 'bank_transfer', 30, '2026-03-26T00:00:00Z');

  // Previous period.
  const o7 = await order('2026-02-15T00:00:00Z', { ...delivered, customerId: alice.id, total: 100 }, [[jeans, 1, 100]]);
  await redeem(k2.id, o7, 3);
  // Paid in February; a part given back in March counts against March.
  await pay(o7, 'charge', 'stripe', 100, '2026-02-15T00:01:00Z');
  await pay(o7, 'refund', 'stripe', 25, '2026-03-02T00:00:00Z');
  await order('2026-02-20T00:00:00Z', { customerId: dan.id, status: 'cancelled', total: 50 });
  // Long before, and just after the range's end.
  const o9 = await order('2025-06-01T00:00:00Z', { ...delivered, customerId: alice.id, total: 200 }, [[tee, 8, 25]]);
  await pay(o9, 'charge', 'stripe', 200, '2025-06-01T00:01:00Z');
  const o10 = await order('2026-04-15T00:00:00Z', { ...delivered, customerId: eve.id, total: 70 }, [[tee, 2, 35]]);
  await pay(o10, 'charge', 'stripe', 70, '2026-04-15T00:01:00Z');

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
