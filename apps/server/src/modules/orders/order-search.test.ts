import { SEARCH_COUNT_EXACT_LIMIT } from '@seamline/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, searchTag as tag } from '../../../test/customer-factories.js';
import { buildProduct, buildUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { orderBody } from '../../../test/orders.js';
import { queryRows } from '../../db/client.js';
import { orderItems, orders, users } from '../../db/schema/index.js';
import { foldOrderSearch } from './search-documents.js';

let t: TestApp;
let staff: string;

const search = async (text: string, query = '') => {
  const res = await call(t.app, 'GET', `/api/admin/orders?search=${encodeURIComponent(text)}${query}`, {
    token: staff,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    orders: { _id: string; orderNumber: string; createdAt: string }[];
    pagination: { total: number; exact: boolean };
  };
};
const idsFound = async (text: string) => (await search(text)).orders.map((order) => order._id);

/** A guest checkout of a new product: the order's statement only leaves its search document pending. */
async function placeGuestOrder() {
  const { product } = await buildProduct(t.app.db, { name: `Pending ${tag()} Parka`, price: 80 }, [
    { size: 'L', color: 'Navy', quantity: 3 },
  ]);
  const mailbox = tag();
  const placed = await call(t.app, 'POST', '/api/orders/guest', {
    body: {
      ...orderBody([{ productId: product.id, size: 'L', color: 'Navy', quantity: 1 }]),
      email: `${mailbox}@example.com`,
    },
  });
  expect(placed.status).toBe(201);
  return { id: placed.body.data.order._id as string, mailbox };
}

/** `many` guest orders straight in the database (the trigger writes their search documents), one minute apart. */
async function insertGuestOrders(word: string, many: number) {
  const address = JSON.stringify({
    ...{ firstName: 'Bulk', lastName: 'Buyer', street: '1 Main St', city: 'Springfield', state: 'IL' },
    ...{ zipCode: '62701', country: 'USA', phone: '5550000000' },
  });
  await t.app.db.execute(sql`
    INSERT INTO orders (id, order_number, guest_email, subtotal, total, shipping_address, billing_address, created_at)
    SELECT substr(md5(${word} || g), 1, 24), 'ORD-' || ${word} || '-' || g, ${word} || g || '@example.com', 10, 10,
      ${address}::jsonb, ${address}::jsonb, now() - g * interval '1 minute'
    FROM generate_series(1, ${many}) AS g`);
}

beforeAll(async () => {
  t = await createTestApp();
  staff = (await signedIn(t.app, 'support')).token;
});
afterAll(async () => t.close());

describe('GET /api/admin/orders?search: any word staff type', () => {
  it('finds an order by surname, city, part of an e-mail, a product name of its lines and its number', async () => {
    const [surname, mailbox, city, product] = [tag(), tag(), tag(), tag()];
    const customer = await buildUser(t.app.db, { lastName: surname, email: `${mailbox}.k@shop.example.org` });
    const order = await buildOrder(t.app.db, {
      customerId: customer.id,
      total: 40,
      items: [{ name: `Relaxed ${product} Shirt`, price: 40, quantity: 1 }],
    });
    // The shipping address changes after the order is placed: the search follows it.
    await t.app.db
      .update(orders)
      .set({ shippingAddress: { ...order.shippingAddress, city: `New ${city}` } })
      .where(eq(orders.id, order.id));
    const words = [surname, `test ${surname}`, mailbox.slice(1, 6), city.toUpperCase(), `${product} shirt`];
    for (const word of [...words, order.orderNumber.toLowerCase()])
      expect(await idsFound(word), word).toEqual([order.id]);
    expect(await search(surname)).toMatchObject({ pagination: { total: 1, exact: true } });
  });

  it('follows a customer who changes name, a line that changes, and an order that goes', async () => {
    const [before, after, product] = [tag(), tag(), tag()];
    const customer = await buildUser(t.app.db, { lastName: before });
    const order = await buildOrder(t.app.db, { customerId: customer.id, total: 10 });
    await t.app.db.update(users).set({ lastName: after }).where(eq(users.id, customer.id));
    expect(await idsFound(before)).toEqual([]);
    expect(await idsFound(after)).toEqual([order.id]);
    await t.app.db.update(orderItems).set({ productName: product }).where(eq(orderItems.orderId, order.id));
    expect(await idsFound(product)).toEqual([order.id]);
    await t.app.db.delete(orderItems).where(eq(orderItems.orderId, order.id));
    expect(await idsFound(product)).toEqual([]);
    await t.app.db.delete(orders).where(eq(orders.id, order.id));
    expect(await idsFound(after)).toEqual([]);
  });

  it('counts exactly up to the bound and says when the total is an estimate past it, newest first', async () => {
    const word = tag();
    await insertGuestOrders(word, SEARCH_COUNT_EXACT_LIMIT + 5);
    const page = await search(word, '&limit=5');
    expect(page.pagination.exact).toBe(false);
    expect(page.pagination.total).toBeGreaterThan(SEARCH_COUNT_EXACT_LIMIT);
    expect(page.orders.map((o) => o.orderNumber)).toEqual([1, 2, 3, 4, 5].map((g) => `ORD-${word}-${g}`));
    const one = await search(`${word}17@`);
    expect(one.orders.map((o) => o.orderNumber)).toEqual([`ORD-${word}-17`]);
    expect(one.pagination).toMatchObject({ total: 1, exact: true });
  });

  it('pages a word in most orders, in some and in few newest first (walked or read in full, counted or estimated)', async () => {
    const [word, rare, middling] = [tag(), tag(), tag()];
    await insertGuestOrders(word, 10_000);
    await insertGuestOrders(rare, 30);
    await insertGuestOrders(middling, 700);
    // Their pending search documents written (as a search would), ANALYZE tells the planner how common the word is.
    await foldOrderSearch(t.app.db);
    await t.app.db.execute(sql`ANALYZE order_search_documents`);
    const page = await search(word, '&limit=5&page=3');
    expect(page.orders.map((o) => o.orderNumber)).toEqual([11, 12, 13, 14, 15].map((g) => `ORD-${word}-${g}`));
    expect(page.pagination.exact).toBe(false);
    expect(page.pagination.total).toBeGreaterThan(SEARCH_COUNT_EXACT_LIMIT);
    // A rare word among them: read from the index in full, newest first, counted exactly.
    const fewer = await search(rare, '&limit=5&page=2');
    expect(fewer.orders.map((o) => o.orderNumber)).toEqual([6, 7, 8, 9, 10].map((g) => `ORD-${rare}-${g}`));
    expect(fewer.pagination).toMatchObject({ total: 30, exact: true });
    // A word in some of them: walked to its page, counted exactly through the trigram index.
    const some = await search(middling, '&limit=5&page=2');
    expect(some.orders.map((o) => o.orderNumber)).toEqual([6, 7, 8, 9, 10].map((g) => `ORD-${middling}-${g}`));
    expect(some.pagination).toMatchObject({ total: 700, exact: true });
    // One of the many, among the newer ones.
    const one = await search(`${word}9999@`);
    expect(one.orders.map((o) => o.orderNumber)).toEqual([`ORD-${word}-9999`]);
    expect(one.pagination).toMatchObject({ total: 1, exact: true });
  });

  it('finds a checkout order at once, though its statement only left it pending', async () => {
    const { id, mailbox } = await placeGuestOrder();
    const written = () =>
      queryRows<{ n: number }>(
        t.app.db,
        sql`SELECT count(*)::int AS n FROM order_search_documents WHERE order_id = ${id}`,
      );
    expect(await written()).toEqual([{ n: 0 }]);
    expect(await idsFound(mailbox)).toEqual([id]);
    expect(await written()).toEqual([{ n: 1 }]);
  });

  it('does not queue behind another fold when nothing is pending, and waits for one while an order is', async () => {
    // Another fold in progress: its advisory lock held by an open transaction until released.
    let release = () => {};
    let lockTaken = () => {};
    const taken = new Promise<void>((resolve) => {
      lockTaken = resolve;
    });
    const otherFold = t.app.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('order_search_fold'))`);
      lockTaken();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await taken;
    try {
      const unanswered = Symbol('still waiting');
      const noWait = new Promise((resolve) => setTimeout(() => resolve(unanswered), 3_000).unref());
      expect(await Promise.race([search(tag()), noWait])).toMatchObject({ orders: [] });

      const { id, mailbox } = await placeGuestOrder();
      const found = idsFound(mailbox);
      release();
      expect(await found).toEqual([id]);
    } finally {
      release();
      await otherFold;
    }
  });
});
