import type { FastifyInstance, InjectOptions } from 'fastify';
import type { RouteAccess } from '../src/types.js';
import { buildCoupon } from './analytics-factories.js';
import { API_CLIENT, buildProduct, buildUser } from './factories.js';
import { call } from './harness.js';
import { orderBody, placeOrder } from './orders.js';

/**
 * The storefront exposure walk: every public, authenticated and customer route is called anonymously and as a
 * customer with realistic data present, and no answer may carry a staff-only field.
 */

export type WalkCall = {
  method: InjectOptions['method'];
  url: string;
  /** Who calls: nobody (anonymous) or the walk's customer (or another signed-in customer's token). */
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
};

/** The data the walk reads and the people it calls as. */
export type WalkData = {
  app: FastifyInstance;
  customer: { token: string; refreshToken: string; email: string; password: string };
  product: { id: string; slug: string; categoryId: string; brandId: string };
  order: { id: string; orderNumber: string };
  guestOrder: { orderNumber: string; email: string };
  couponCode: string;
};

/** A route's calls, or the reason it answers no data at all (API documentation). */
export type WalkEntry = ((data: WalkData) => Promise<WalkCall[]>) | { noData: string };
export type WalkTable = Record<string, WalkEntry>;

export const walkKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** Routes a caller who is not staff can reach: public, any signed-in user, or customers only. */
export function storefrontRoutes(routeTable: RouteAccess[]): RouteAccess[] {
  const seen = new Set<string>();
  return routeTable.filter((route) => {
    const reachable = route.access === 'public' || route.access === 'authenticated' || route.access === 'customer';
    if (!reachable || route.method === 'HEAD' || !route.url.startsWith('/api') || seen.has(walkKey(route)))
      return false;
    seen.add(walkKey(route));
    return true;
  });
}

/** Routes without an entry and entries for routes that do not exist. */
export function walkProblems(routeTable: RouteAccess[], table: WalkTable): string[] {
  const keys = new Set(storefrontRoutes(routeTable).map(walkKey));
  const problems = [...keys].filter((key) => !table[key]).map((key) => `no scenario for ${key}`);
  for (const key of Object.keys(table)) if (!keys.has(key)) problems.push(`scenario for unknown route ${key}`);
  return problems;
}

/** Prepares the catalogue, a customer with an order, a guest order and a coupon. */
export async function buildWalkData(app: FastifyInstance): Promise<WalkData> {
  const user = await buildUser(app.db, { role: 'customer' });
  const session = await call(app, 'POST', '/api/auth/login', {
    headers: API_CLIENT,
    body: { email: user.email, password: user.password },
  });
  const tokens = session.body.data.tokens;
  const admin = await buildUser(app.db, { role: 'admin' });
  const variants = [
    { size: 'M', color: 'Black', quantity: 40, reserved: 3, lowStockThreshold: 5 },
    { size: 'L', color: 'Navy', quantity: 2, lowStockThreshold: 5 },
  ];
  const { product } = await buildProduct(
    app.db,
    { isFeatured: true, isTikTokTrending: true, costPrice: 7, createdBy: admin.id },
    variants,
  );
  const shared = { categoryId: product.categoryId, brandId: product.brandId, createdBy: admin.id };
  await buildProduct(app.db, { ...shared, isFeatured: true }, variants);
  await buildProduct(app.db, { ...shared, isActive: false }, variants);
  const order = await placeOrder(app, tokens.accessToken, [
    { productId: product.id, size: 'M', color: 'Black', quantity: 1 },
  ]);
  const guestEmail = `walk-guest-${Date.now()}@example.com`;
  const guest = await call(app, 'POST', '/api/orders/guest', {
    body: { ...orderBody([{ productId: product.id, size: 'M', color: 'Black', quantity: 1 }]), email: guestEmail },
  });
  const coupon = await buildCoupon(app.db, `WALK${Date.now().toString(36).toUpperCase().slice(-4)}`);
  return {
    app,
    customer: {
      token: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      email: user.email,
      password: user.password,
    },
    product: { id: product.id, slug: product.slug, categoryId: product.categoryId, brandId: product.brandId },
    order: { id: order.id, orderNumber: order.orderNumber },
    guestOrder: { orderNumber: guest.body.data.order.orderNumber, email: guestEmail },
    couponCode: coupon.code,
  };
}
