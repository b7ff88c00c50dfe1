import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { queueJobs, until } from '../../../test/queue.js';
import { queryRows } from '../../db/client.js';
import { changeStock } from '../inventory/index.js';
import { NOTIFY_TASK } from './notify.js';

let t: TestApp;
let moderator: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  moderator = (await signedIn(t.app, 'moderator')).token;
  admin = (await signedIn(t.app, 'admin')).token;
});
afterAll(async () => t.close());

const soldOut = () =>
  buildProduct(t.app.db, {}, [
    { size: 'M', color: 'Black', quantity: 0 },
    { size: 'S', color: 'Black', quantity: 5 },
  ]);

const subscribe = (productId: string, email: string, size = 'M', color = 'Black') =>
  call(t.app, 'POST', '/api/stock-alerts', { body: { productId, size, color, email } });

/** The waiting line of the product, in order of subscription. */
const line = async (productId: string) =>
  (
    await queryRows<{ email: string }>(
      t.app.db,
      sql`SELECT email FROM stock_alerts WHERE product_id = ${productId} ORDER BY created_at, id`,
    )
  ).map((r) => r.email);

/** Addresses mailed "back in stock" whose address starts with `prefix`, sorted (one job's mails share a time). */
const mailed = async (prefix: string) =>
  (
    await queryRows<{ to_email: string }>(
      t.app.db,
      sql`SELECT to_email FROM mail_outbox WHERE kind = 'stock_alert' AND to_email LIKE ${`${prefix}%`}
          ORDER BY to_email`,
    )
  ).map((r) => r.to_email);

const restock = async (productId: string, quantity: number) => {
  const res = await call(t.app, 'POST', `/api/products/${productId}/stock/add`, {
    token: moderator,
    body: { size: 'M', color: 'Black', quantity, reason: 'restock' },
  });
  expect(res.status).toBe(200);
};

/** Waits until every mailing job the restocks added has run. */
const settled = () => until(async () => (await queueJobs(t.app.db, NOTIFY_TASK)).length === 0);

/** The unsubscribe token mailed to `email` when it subscribed. */
const tokenOf = async (email: string) => {
  const [mail] = await queryRows<{ body: string }>(
    t.app.db,
    sql`SELECT body FROM mail_outbox WHERE kind = 'stock_alert_subscribed' AND to_email = ${email}
        ORDER BY created_at DESC LIMIT 1`,
  );
  return /\/shop\/alerts\/unsubscribe\/([\w-]+)/.exec(mail!.body)![1]!;
};

describe('POST /api/stock-alerts', () => {
  it('refuses a combination in stock, an unknown one and an unknown product, writing nothing', async () => {
    const { product } = await soldOut();
    const inStock = await subscribe(product.id, 'a@example.com', 'S', 'Black');
    expect(inStock.status).toBe(400);
    expect(inStock.body.message).toMatch(/in stock/);
    expect((await subscribe(product.id, 'a@example.com', 'XL', 'Black')).status).toBe(400);
    expect((await subscribe('64b7f0c2a1b2c3d4e5f60718', 'a@example.com')).status).toBe(400);
    expect((await subscribe(product.id, 'not-an-email')).status).toBe(400);
    expect(await line(product.id)).toEqual([]);
  });

  it('keeps one waiting alert per address (case-insensitively) and confirms it by mail once', async () => {
    const { product } = await soldOut();
    const first = await subscribe(product.id, 'twice@example.com', 'm', 'BLACK');
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({ productId: product.id, size: 'M', color: 'Black', email: 'twice@example.com' });
    expect((await subscribe(product.id, 'TWICE@example.com')).status).toBe(201);
    expect(await line(product.id)).toEqual(['twice@example.com']);
    const [confirmations] = await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM mail_outbox WHERE to_email = 'twice@example.com'`,
    );
    expect(confirmations!.n).toBe(1);
  });
});

describe('back in stock', () => {
  it('mails the first subscribers, one per unit, in order of subscription; later units mail the next ones', async () => {
    const { product } = await soldOut();
    const emails = Array.from({ length: 50 }, (_, i) => `line${i}-${product.id}@example.com`);
    const answers = await Promise.all(emails.map((email) => subscribe(product.id, email)));
    expect(answers.map((a) => a.status)).toEqual(emails.map(() => 201));
    const order = await line(product.id);
    expect(order).toHaveLength(50);

    await restock(product.id, 2);
    await settled();
    expect(await mailed('line')).toEqual(order.slice(0, 2).sort());

    await restock(product.id, 3);
    await settled();
    expect(await mailed('line')).toEqual(order.slice(0, 5).sort());
  });

  it('mails nobody who unsubscribed, by the link (GET) or one-click POST', async () => {
    const { product } = await soldOut();
    const emails = ['u1', 'u2', 'u3'].map((n) => `${n}-${product.id}@example.com`);
    for (const email of emails) expect((await subscribe(product.id, email)).status).toBe(201);
    const byLink = await call(t.app, 'GET', `/api/stock-alerts/unsubscribe/${await tokenOf(emails[0]!)}`);
    expect(byLink.status).toBe(200);
    const byPost = await call(t.app, 'POST', `/api/stock-alerts/unsubscribe/${await tokenOf(emails[1]!)}`);
    expect(byPost.status).toBe(200);
    // An unknown token gets the same answer.
    expect((await call(t.app, 'POST', '/api/stock-alerts/unsubscribe/nothing-here')).status).toBe(200);

    await restock(product.id, 3);
    await settled();
    expect(await mailed('u')).toEqual([emails[2]]);
  });

  it('mails each subscriber at most once under parallel restocks, whatever path brings units back', async () => {
    const { product } = await soldOut();
    const emails = Array.from({ length: 20 }, (_, i) => `par${i}-${product.id}@example.com`);
    await Promise.all(emails.map((email) => subscribe(product.id, email)));
    const order = await line(product.id);

    await Promise.all(Array.from({ length: 8 }, () => restock(product.id, 1)));
    await settled();
    const afterRestocks = await mailed('par');
    expect(afterRestocks).toHaveLength(8);
    expect(new Set(afterRestocks).size).toBe(8);
    expect(afterRestocks).toEqual(order.slice(0, 8).sort());

    // A cancelled order's reservation given back is units coming back too.
    await changeStock(t.app.db, {
      productId: product.id,
      size: 'M',
      color: 'Black',
      operation: 'reserve',
      quantity: 2,
    });
    await settled();
    await changeStock(t.app.db, {
      productId: product.id,
      size: 'M',
      color: 'Black',
      operation: 'release',
      quantity: 2,
    });
    await settled();
    const all = await mailed('par');
    expect(all).toHaveLength(10);
    expect(all).toEqual(order.slice(0, 10).sort());
  });

  it('is deleted with its product', async () => {
    const { product } = await soldOut();
    expect((await subscribe(product.id, `gone-${product.id}@example.com`)).status).toBe(201);
    const res = await call(t.app, 'DELETE', `/api/products/${product.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(await line(product.id)).toEqual([]);
  });
});

describe("a customer's account deletion", () => {
  it('removes their wishlist and their alerts', async () => {
    const me = await signedIn(t.app, 'customer');
    const { product } = await soldOut();
    const alert = await call(t.app, 'POST', '/api/stock-alerts', {
      token: me.token,
      body: { productId: product.id, size: 'M', color: 'Black', email: me.user.email },
    });
    expect(alert.status).toBe(201);
    expect(
      (await call(t.app, 'POST', '/api/wishlist', { token: me.token, body: { productId: product.id } })).status,
    ).toBe(200);
    const res = await call(t.app, 'DELETE', '/api/users/account', {
      token: me.token,
      body: { password: me.user.password },
    });
    expect(res.status).toBe(200);
    expect(await line(product.id)).toEqual([]);
    const [wished] = await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM wishlist_items WHERE user_id = ${me.user.id}`,
    );
    expect(wished!.n).toBe(0);
  });
});

describe('subscription throttle', () => {
  it('shares the per-IP budget of expensive public writes', async () => {
    const limited = await createTestApp({
      rateLimitMax: undefined,
      rateLimits: { anonymous: 100, customer: 100, staff: 100, apiKey: 100, publicWrites: 2 },
    });
    try {
      const body = { productId: '64b7f0c2a1b2c3d4e5f60718', size: 'M', color: 'Black', email: 'ivy@example.com' };
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await call(limited.app, 'POST', '/api/stock-alerts', { body, ip: '203.0.113.9' })).status);
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});
