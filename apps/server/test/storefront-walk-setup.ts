import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { mailOutbox } from '../src/db/schema/index.js';
import { mailedToken } from './activity-log-coverage/types.js';
import { buildOrder } from './customer-factories.js';
import { buildProduct, signedIn } from './factories.js';
import { call } from './harness.js';
import { address, placeOrder } from './orders.js';
import type { WalkData, WalkEntry } from './storefront-walk.js';

/** The reads and the data the storefront exposure walk (storefront-walk-table.ts) builds its calls from. */

/** The same read anonymously and as the customer. */
export const read =
  (url: (d: WalkData) => string): WalkEntry =>
  async (d) => [
    { method: 'GET', url: url(d) },
    { method: 'GET', url: url(d), token: d.customer.token },
  ];

/** One call as the customer. */
export const asCustomer =
  (method: InjectOptions['method'], url: (d: WalkData) => string, body?: (d: WalkData) => unknown): WalkEntry =>
  async (d) => [{ method, url: url(d), token: d.customer.token, body: body?.(d) }];

/** One anonymous call. */
export const anonymous =
  (method: InjectOptions['method'], url: string, body: (d: WalkData) => unknown): WalkEntry =>
  async (d) => [{ method, url, body: body(d) }];

export const cart = (d: WalkData) => [
  { productId: d.product.id, size: 'M', color: 'Black', quantity: 1, variantId: 'M-Black' },
];
/** A second customer with an order of their own, for calls that change or end it. */
export async function customerWithOrder(d: WalkData) {
  const other = await signedIn(d.app, 'customer');
  const order = await placeOrder(d.app, other.token, [
    { productId: d.product.id, size: 'M', color: 'Black', quantity: 1 },
  ]);
  return { ...other, order };
}

export const savedAddress = { ...address, label: 'Home' };
/** A new saved address of the walk's customer. */
export async function addressOf(d: WalkData): Promise<string> {
  const saved = await call(d.app, 'POST', '/api/users/addresses', { token: d.customer.token, body: savedAddress });
  return saved.body.data.address.id;
}

let invitations = 0;
/** A staff invitation sent by a fresh admin; answers the mailed token. */
export async function invitationToken(d: WalkData): Promise<string> {
  const admin = await signedIn(d.app, 'admin');
  const email = `walk-invitee-${++invitations}-${Date.now()}@example.com`;
  await call(d.app, 'POST', '/api/admin/invitations', { token: admin.token, body: { email, role: 'support' } });
  return mailedToken(d.app, email);
}

let alerts = 0;
/** A new back-in-stock alert on a sold-out combination of a new product: its body, to subscribe with. */
export async function soldOutAlert(d: WalkData) {
  const { product } = await buildProduct(d.app.db, {}, [{ size: 'M', color: 'Black', quantity: 0 }]);
  return {
    productId: product.id,
    size: 'M',
    color: 'Black',
    email: `walk-alert-${++alerts}-${Date.now()}@example.com`,
  };
}
/** The unsubscribe token mailed for a new alert. */
export async function alertToken(d: WalkData): Promise<string> {
  const body = await soldOutAlert(d);
  await call(d.app, 'POST', '/api/stock-alerts', { body });
  const [mail] = await d.app.db.select().from(mailOutbox).where(eq(mailOutbox.toEmail, body.email));
  return /unsubscribe\/([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
}

export const reviewBody = { rating: 4, title: 'Fits well', body: 'Soft fabric.', size: 'M', fit: 'true_to_size' };
/** A new customer with a delivered order line of the walk's product, who may review it. */
export async function buyerOf(d: WalkData) {
  const buyer = await signedIn(d.app, 'customer');
  await buildOrder(d.app.db, {
    customerId: buyer.user.id,
    total: 25,
    items: [{ productId: d.product.id, price: 25, quantity: 1 }],
  });
  return buyer;
}
/** A review of the walk's product by a new buyer, published by a moderator when asked. */
export async function reviewOf(d: WalkData, publish = false) {
  const buyer = await buyerOf(d);
  const written = await call(d.app, 'POST', `/api/products/${d.product.id}/reviews`, {
    token: buyer.token,
    body: reviewBody,
  });
  const id = written.body.data.review.id as string;
  if (publish) {
    const moderator = await signedIn(d.app, 'moderator');
    await call(d.app, 'POST', `/api/admin/reviews/${id}/approve`, { token: moderator.token });
  }
  return { token: buyer.token, id };
}
