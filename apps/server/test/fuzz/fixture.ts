import type { Role } from '@seamline/shared';
import { asc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  activityLogs,
  addresses,
  brands,
  categories,
  coupons,
  inventory,
  orders,
  paymentMethods,
  products,
  reviews,
  users,
} from '../../src/db/schema/index.js';
import { buildOrder } from '../customer-factories.js';
import { buildProduct, buildReviews, buildUser, DEFAULT_PASSWORD, signedIn } from '../factories.js';
import { call } from '../harness.js';
import { address, placeOrder } from '../orders.js';

export type CallerRole = Role | 'anonymous';
export const CALLER_ROLES: readonly CallerRole[] = ['anonymous', 'customer', 'support', 'moderator', 'admin'];

/** The signed-in callers, one per role; a caller whose token stops working is replaced by a new account. */
export class Callers {
  private readonly tokens = new Map<Role, { id: string; token: string }>();
  readonly ids = new Set<string>();
  replaced = 0;

  constructor(private readonly app: FastifyInstance) {}

  async signIn(role: Role) {
    const session = await signedIn(this.app, role);
    this.tokens.set(role, { id: session.user.id, token: session.token });
    this.ids.add(session.user.id);
  }

  token(role: CallerRole): string | undefined {
    return role === 'anonymous' ? undefined : this.tokens.get(role)?.token;
  }

  /** After a 401: if the caller's token no longer verifies (account deleted, deactivated, password changed), replace it. */
  async revive(role: CallerRole) {
    const token = this.token(role);
    if (!token || role === 'anonymous') return;
    const check = await call(this.app, 'GET', '/api/auth/verify', { token });
    if (check.status === 200) return;
    await this.signIn(role);
    this.replaced += 1;
  }
}

/** A realistic small store: categories, brands, products with variants, customers, staff, coupons and orders. */
export async function seedStore(app: FastifyInstance, callers: Callers) {
  const db = app.db;
  for (const role of ['customer', 'support', 'moderator', 'admin'] as const) await callers.signIn(role);
  const admin = callers.token('admin')!;
  const customer = callers.token('customer')!;

  const cats = await db
    .insert(categories)
    .values(['Tops', 'Bottoms', 'Outerwear'].map((name) => ({ name, description: `${name} for every day` })))
    .returning();
  const labels = await db
    .insert(brands)
    .values(['Northwind', 'Riverline', 'Atlas'].map((name) => ({ name, website: `https://${name}.example.com` })))
    .returning();
  const sizes = ['S', 'M', 'L'];
  const colors = ['Black', 'White', 'Navy'];
  for (let i = 0; i < 9; i += 1) {
    await buildProduct(
      db,
      {
        name: `Everyday Piece ${i}`,
        categoryId: cats[i % 3]!.id,
        brandId: labels[(i + 1) % 3]!.id,
        price: 20 + i * 7,
        salePrice: i % 3 === 0 ? 15 + i : null,
        costPrice: 8 + i,
        isFeatured: i % 2 === 0,
        isTikTokTrending: i % 3 === 1,
        isActive: i !== 8,
      },
      sizes.flatMap((size, s) =>
        colors.slice(0, 2).map((color, c) => ({ size, color, quantity: (i + s + c) % 4 === 0 ? 2 : 40, reserved: 0 })),
      ),
    );
  }
  for (let i = 0; i < 4; i += 1) await buildUser(db, { role: 'customer', firstName: `Shopper${i}` });
  for (const role of ['support', 'moderator', 'admin'] as const) await buildUser(db, { role, firstName: 'Colleague' });

  const coupon = (name: string, type: string, value: number) =>
    call(app, 'POST', '/api/admin/coupons', {
      token: admin,
      body: { name, type, value, usageLimit: 500, userUsageLimit: 50, isActive: true, firstTimeUserOnly: false },
    });
  for (const [name, type, value] of [
    ['Spring Sale', 'percentage', 15],
    ['Ten Off', 'fixed', 10],
    ['Free Ride', 'free_shipping', 1],
  ] as const) {
    const response = await coupon(name, type, value);
    if (response.status !== 201) throw new Error(`coupon seed failed: ${JSON.stringify(response.body)}`);
  }

  const pools = new Pools(app, callers);
  await pools.refresh();
  for (let i = 0; i < 4; i += 1) await placeOrder(app, customer, [{ ...pools.variant(i), quantity: 1 }]);
  const shopper = (await db.select().from(users).where(eq(users.firstName, 'Shopper0')))[0]!;
  for (const status of ['delivered', 'cancelled', 'shipped'] as const) {
    await buildOrder(db, { customerId: shopper.id, total: 64.5, status });
  }
  await buildOrder(db, { customerId: null, total: 30, status: 'pending', paymentStatus: 'pending' });
  // Published reviews, so the review routes (moderation, replies, votes, photos) meet real ones.
  for (const productId of pools.ids.products?.slice(0, 2) ?? []) await buildReviews(db, productId, [5, 4, 2]);
  await call(app, 'POST', '/api/users/addresses', { token: customer, body: { ...address, label: 'Home' } });
  for (let i = 0; i < 3; i += 1) pools.refreshTokens.push((await signedIn(app, 'customer')).refreshToken);
  await pools.refresh();
  return pools;
}

/** Real ids, codes and names from the database, by the kind of resource a path parameter or field names. */
export class Pools {
  ids: Record<string, string[]> = {};
  variants: { productId: string; size: string; color: string }[] = [];
  emails: string[] = [];
  /** Refresh tokens of accounts that are not callers, so refresh and logout sometimes get a real one. */
  refreshTokens: string[] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly callers: Callers,
  ) {}

  variant(index: number) {
    return this.variants[index % this.variants.length]!;
  }

  /** Re-read the pools, so objects the fuzzer created join them and deleted ones leave. */
  async refresh() {
    const db = this.app.db;
    const userRows = await db.select().from(users).orderBy(asc(users.email));
    const notCaller = userRows.filter((u) => !this.callers.ids.has(u.id));
    const productRows = await db.select().from(products).orderBy(asc(products.sku));
    const active = new Set(productRows.filter((p) => p.isActive).map((p) => p.id));
    const categoryRows = await db.select().from(categories).orderBy(asc(categories.name));
    const orderRows = await db.select().from(orders).orderBy(asc(orders.orderNumber));
    const brandRows = await db.select().from(brands).orderBy(asc(brands.name));
    const couponRows = await db.select().from(coupons).orderBy(asc(coupons.name));
    this.ids = {
      products: productRows.map((p) => p.id),
      slugs: productRows.map((p) => p.slug),
      categories: categoryRows.map((c) => c.id),
      categoryNames: categoryRows.map((c) => c.name),
      brands: brandRows.map((b) => b.id),
      brandNames: brandRows.map((b) => b.name),
      coupons: couponRows.map((c) => c.id),
      couponCodes: couponRows.map((c) => c.code),
      customers: notCaller.filter((u) => u.role === 'customer').map((u) => u.id),
      staff: notCaller.filter((u) => u.role !== 'customer').map((u) => u.id),
      orders: orderRows.map((o) => o.id),
      orderNumbers: orderRows.map((o) => o.orderNumber),
      addresses: (await db.select().from(addresses).orderBy(asc(addresses.createdAt))).map((a) => a.id),
      paymentMethods: (await db.select().from(paymentMethods).orderBy(asc(paymentMethods.createdAt))).map((m) => m.id),
      reviews: (await db.select({ id: reviews.id }).from(reviews).orderBy(asc(reviews.createdAt))).map((r) => r.id),
      activityLogs: (await db.select().from(activityLogs).orderBy(asc(activityLogs.createdAt)).limit(50)).map(
        (a) => a.id,
      ),
    };
    this.emails = userRows.map((u) => u.email);
    this.variants = (
      await db
        .select({ productId: inventory.productId, size: inventory.size, color: inventory.color })
        .from(inventory)
        .where(gt(inventory.quantity, 2))
        .orderBy(asc(inventory.productId), asc(inventory.size), asc(inventory.color))
    ).filter((v) => active.has(v.productId));
  }
}

export const PASSWORD = DEFAULT_PASSWORD;
