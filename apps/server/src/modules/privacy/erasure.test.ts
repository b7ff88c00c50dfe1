import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, buildUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { addressOf, as, livedAccount, PASSWORD, person, signIn, termsOf } from '../../../test/lived-account.js';
import { tablesMentioning } from '../../../test/personal-data.js';
import { activityLogs, orders, users } from '../../db/schema/index.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
});
afterAll(async () => t.close());

async function analyticsFigures() {
  const sales = await call(t.app, 'GET', '/api/admin/analytics/sales', { token: admin });
  const dashboard = await call(t.app, 'GET', '/api/admin/analytics', { token: admin });
  expect([sales.status, dashboard.status]).toEqual([200, 200]);
  return {
    totalSales: sales.body.data.totalSales,
    totalOrders: sales.body.data.totalOrders,
    averageOrderValue: sales.body.data.averageOrderValue,
    orderStats: dashboard.body.data.orderStats,
  };
}

describe('DELETE /api/users/account erases the person everywhere', () => {
  it('leaves no table holding their e-mail, names, phones, streets, IP or browser', async () => {
    const p = person('erasure');
    const { token } = await livedAccount(t.app, admin, p);
    // The scan sees the person wherever they were written (so a miss below is a real one).
    const before = await tablesMentioning(t.app.db, termsOf(p));
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        'public.users',
        'public.orders',
        'public.addresses',
        'public.payment_methods',
        'public.return_requests',
        'public.mail_outbox',
        'public.login_failures',
        'public.sessions',
        'public.activity_logs',
        'public.idempotency_keys',
        'public.jobs',
      ]),
    );

    const res = await call(t.app, 'DELETE', '/api/users/account', { ...as(p, token), body: { password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(await tablesMentioning(t.app.db, termsOf(p))).toEqual({});
  });

  it("leaves a namesake's data alone: names are erased only where they are about the person", async () => {
    const p = person('namesake');
    const { token } = await livedAccount(t.app, admin, p);
    const namesake = await buildUser(t.app.db, { firstName: p.firstName, lastName: 'Other' });
    const renamed = await call(t.app, 'PUT', `/api/admin/customers/${namesake.id}`, {
      token: admin,
      body: { firstName: p.firstName, lastName: p.lastName, phone: '5550001111' },
    });
    expect(renamed.status).toBe(200);
    expect(
      (await call(t.app, 'DELETE', '/api/users/account', { ...as(p, token), body: { password: PASSWORD } })).status,
    ).toBe(200);
    // The namesake's own rows keep the name: their account, the log of the rename and its customer.updated event.
    expect(await tablesMentioning(t.app.db, [p.lastName])).toEqual({
      'public.activity_logs': [p.lastName],
      'public.events': [p.lastName],
      'public.users': [p.lastName],
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, namesake.id));
    expect(row).toMatchObject({ firstName: p.firstName, lastName: p.lastName, email: namesake.email });
  });

  it('keeps the orders for the books: numbers, lines, amounts, tax state and analytics unchanged', async () => {
    const p = person('books');
    const { token, order, guestOrder, userId } = await livedAccount(t.app, admin, p);
    const figures = await analyticsFigures();
    const view = async (id: string) => (await call(t.app, 'GET', `/api/admin/orders/${id}`, { token: admin })).body;
    const kept = await view(order.id);

    expect(
      (await call(t.app, 'DELETE', '/api/users/account', { ...as(p, token), body: { password: PASSWORD } })).status,
    ).toBe(200);
    expect(await analyticsFigures()).toEqual(figures);
    const after = (await view(order.id)).data.order;
    const books = (o: typeof after) => ({
      orderNumber: o.orderNumber,
      status: o.status,
      paymentStatus: o.paymentStatus,
      items: o.items,
      subtotal: o.subtotal,
      discount: o.discount,
      shipping: o.shipping,
      tax: o.tax,
      total: o.total,
      paidAt: o.paidAt,
      createdAt: o.createdAt,
    });
    expect(books(after)).toEqual(books(kept.data.order));
    const erasedAddress = {
      firstName: 'Deleted',
      lastName: 'Customer',
      street: '',
      city: '',
      phone: '',
      state: 'OR',
      zipCode: '97201',
      country: 'US',
    };
    expect(after).toMatchObject({
      shippingAddress: erasedAddress,
      billingAddress: erasedAddress,
      customer: { id: userId, firstName: 'Deleted', lastName: 'Customer', email: `deleted-${userId}@deleted.invalid` },
      notes: '',
      adminNotes: '',
      trackingNumber: null,
      refundReason: '[erased]',
    });
    // The guest order placed with the confirmed address is the person's too.
    expect((await view(guestOrder.id)).data.order).toMatchObject({
      isGuest: true,
      guestEmail: `deleted-${userId}@deleted.invalid`,
      shippingAddress: erasedAddress,
    });
    const track = await call(t.app, 'GET', `/api/orders/track/${guestOrder.orderNumber}?email=${p.email}`);
    expect(track.status).toBe(404);
  });

  it('lets the person register again with the same e-mail, as a new customer with no past', async () => {
    const p = person('again');
    const { token } = await livedAccount(t.app, admin, p);
    await call(t.app, 'DELETE', '/api/users/account', { ...as(p, token), body: { password: PASSWORD } });
    const again = await call(t.app, 'POST', '/api/auth/register', {
      body: { email: p.email, password: 'Another-pass-2', firstName: p.firstName, lastName: p.lastName },
    });
    expect(again.status).toBe(201);
    const mine = await call(t.app, 'GET', '/api/orders/my-orders', { token: again.body.data.tokens.accessToken });
    expect(mine.body.data.orders).toEqual([]);
    // Signing in is not throttled by the old account's failures either.
    expect((await signIn(t.app, p, 'Another-pass-2')).status).toBe(200);
  });

  it('leaves guest orders alone when the account never confirmed it owns the address', async () => {
    const p = person('unconfirmed');
    const { product } = await buildProduct(t.app.db, { price: 25 });
    const line = { productId: product.id, variantId: 'M-Black', size: 'M', color: 'Black', quantity: 1 };
    const body = {
      items: [line],
      shippingAddress: addressOf(p),
      billingAddress: addressOf(p),
      paymentMethod: 'stripe',
    };
    const guest = await call(t.app, 'POST', '/api/orders/guest', { body: { ...body, email: p.email } });
    const registered = await call(t.app, 'POST', '/api/auth/register', {
      body: { email: p.email, password: PASSWORD, firstName: 'Someone', lastName: 'Else' },
    });
    const token = registered.body.data.tokens.accessToken;
    expect((await call(t.app, 'DELETE', '/api/users/account', { token, body: { password: PASSWORD } })).status).toBe(
      200,
    );
    const [kept] = await t.app.db.select().from(orders).where(eq(orders.id, guest.body.data.order.id));
    expect(kept).toMatchObject({ guestEmail: p.email, shippingAddress: addressOf(p) });
  });
});

describe('account deletion racing other requests', () => {
  it('two deletions at once: one erases, the other is refused, nothing fails', async () => {
    const p = person('twice');
    const { token, userId } = await livedAccount(t.app, admin, p);
    const answers = await Promise.all(
      [1, 2].map(() => call(t.app, 'DELETE', '/api/users/account', { ...as(p, token), body: { password: PASSWORD } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, userId));
    expect(row!.email).toBe(`deleted-${userId}@deleted.invalid`);
    expect(await tablesMentioning(t.app.db, termsOf(p))).toEqual({});
  });

  it('orders placed while the account is erased are either erased with it or refused', async () => {
    const p = person('racing');
    const { token, userId } = await livedAccount(t.app, admin, p);
    const { product } = await buildProduct(t.app.db, { price: 10 }, [{ size: 'M', color: 'Black', quantity: 50 }]);
    const line = { productId: product.id, variantId: 'M-Black', size: 'M', color: 'Black', quantity: 1 };
    const place = () =>
      call(t.app, 'POST', '/api/orders', {
        ...as(p, token),
        body: { items: [line], shippingAddress: addressOf(p), billingAddress: addressOf(p), paymentMethod: 'stripe' },
      });
    const [deleted, ...placed] = await Promise.all([
      call(t.app, 'DELETE', '/api/users/account', { ...as(p, token), body: { password: PASSWORD } }),
      place(),
      place(),
      place(),
    ]);
    expect(deleted.status).toBe(200);
    for (const answer of placed) expect([201, 401, 403]).toContain(answer.status);
    // The order livedAccount placed, and each one answered 201: all of them are in the books, none names the person.
    const rows = await t.app.db.select().from(orders).where(eq(orders.customerId, userId));
    expect(rows.length).toBe(1 + placed.filter((answer) => answer.status === 201).length);
    expect(await tablesMentioning(t.app.db, termsOf(p))).toEqual({});
  });
});

describe('DELETE /api/admin/customers/:id (an erasure request made to the store)', () => {
  it('erases the customer as their own deletion would, for admins only, once', async () => {
    const p = person('byadmin');
    const { userId, token } = await livedAccount(t.app, admin, p);
    const support = await signedIn(t.app, 'support');
    const refused = await call(t.app, 'DELETE', `/api/admin/customers/${userId}`, { token: support.token });
    expect(refused.status).toBe(403);
    expect(Object.keys(await tablesMentioning(t.app.db, termsOf(p)))).toContain('public.users');

    const erased = await call(t.app, 'DELETE', `/api/admin/customers/${userId}`, { token: admin });
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ success: true, message: 'Customer data erased successfully' });
    expect(await tablesMentioning(t.app.db, termsOf(p))).toEqual({});
    // Signed out everywhere, and gone from the customer screens.
    expect((await call(t.app, 'GET', '/api/users/profile', { token })).status).toBe(401);
    expect((await call(t.app, 'GET', `/api/admin/customers/${userId}`, { token: admin })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/admin/customers/${userId}`, { token: admin })).status).toBe(404);
    const [entry] = await t.app.db.select().from(activityLogs).where(eq(activityLogs.action, 'erase'));
    expect(entry).toMatchObject({ resource: 'customer', resourceId: userId, status: 'success' });
  });

  it('never erases a staff account', async () => {
    const moderator = await signedIn(t.app, 'moderator');
    const res = await call(t.app, 'DELETE', `/api/admin/customers/${moderator.user.id}`, { token: admin });
    expect(res.status).toBe(404);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, moderator.user.id));
    expect(row).toMatchObject({ email: moderator.user.email, deletedAt: null });
  });
});
