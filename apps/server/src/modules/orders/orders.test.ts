import { ORDER_NUMBER_PATTERN } from '@seamline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, buildUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { address, orderBody, orderLine, placeOrder, stockOf } from '../../../test/orders.js';
import { activityLogs, orders, products } from '../../db/schema/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let support: Awaited<ReturnType<typeof signedIn>>;
let customerA: Awaited<ReturnType<typeof signedIn>>;
let customerB: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
  support = await signedIn(t.app, 'support');
  customerA = await signedIn(t.app, 'customer', { firstName: 'Alice', lastName: 'Archer' });
  customerB = await signedIn(t.app, 'customer');
});
afterAll(async () => t.close());

describe('POST /orders (customer)', () => {
  it('creates an order with frozen prices, exact totals, a unique number and reserved stock', async () => {
    const { product } = await buildProduct(t.app.db, { price: 40, salePrice: 33.33 }, [
      { size: 'M', color: 'Black', quantity: 10 },
    ]);
    const response = await call(t.app, 'POST', '/api/orders', {
      token: customerA.token,
      body: orderBody([orderLine(product.id, 2)]),
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Order created successfully');
    const order = response.body.data.order;
    expect(order.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
    expect(order).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      paymentMethod: 'stripe',
      subtotal: 66.66,
      discount: 0,
      shipping: 5.99,
      tax: 5.33,
      total: 77.98,
      isGuest: false,
      stockState: 'reserved',
      adminNotes: '',
    });
    expect(order._id).toBe(order.id);
    expect(order.customer.email).toBe(customerA.user.email);
    expect(order.items[0]).toMatchObject({ price: 33.33, quantity: 2, total: 66.66, variantId: 'M-Black' });
    expect(order.items[0].product).toMatchObject({ name: product.name, slug: product.slug, sku: product.sku });
    expect(await stockOf(t.app, product.id)).toEqual([10, 2]);
    // The price is frozen: a later price change does not touch the order.
    await t.app.db.update(products).set({ price: 99, salePrice: null }).where(eq(products.id, product.id));
    const again = await call(t.app, 'GET', `/api/orders/${order.id}`, { token: customerA.token });
    expect(again.body.data.order.total).toBe(77.98);
  });

  it('refuses inactive products, unknown combinations and missing products, writing nothing', async () => {
    const { product: inactive } = await buildProduct(t.app.db, { isActive: false, name: 'Old Jacket' });
    const { product } = await buildProduct(t.app.db, { name: 'Blue Tee' });
    const before = (await t.app.db.select().from(orders)).length;
    const cases = [
      [[orderLine(inactive.id)], 'Old Jacket is not available for purchase'],
      [[orderLine(product.id, 1, 'XL', 'Red')], 'Blue Tee is not available in XL/Red'],
      [[orderLine('0123456789abcdef01234567')], 'Product not found: 0123456789abcdef01234567'],
    ] as const;
    for (const [items, message] of cases) {
      const response = await call(t.app, 'POST', '/api/orders', {
        token: customerA.token,
        body: orderBody([...items]),
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect((await t.app.db.select().from(orders)).length).toBe(before);
  });

  it('gives the spec messages for bad bodies (never a 500)', async () => {
    const { product } = await buildProduct(t.app.db);
    const message = async (body: unknown) =>
      (await call(t.app, 'POST', '/api/orders', { token: customerA.token, body })).body.message;
    expect(await message(orderBody([]))).toBe('At least one item is required.');
    expect(await message({ ...orderBody([orderLine(product.id)]), items: undefined })).toBe(
      'At least one item is required.',
    );
    expect(await message({ ...orderBody([orderLine(product.id)]), paymentMethod: '' })).toBe(
      'Payment method is required.',
    );
    expect(await message({ ...orderBody([orderLine(product.id)]), paymentMethod: undefined })).toBe(
      'Payment method is required.',
    );
    const withAddress = (patch: object) => ({
      ...orderBody([orderLine(product.id)]),
      shippingAddress: { ...address, ...patch },
    });
    expect(await message(withAddress({ firstName: '' }))).toBe('First name is required.');
    expect(await message(withAddress({ firstName: 'A' }))).toBe('First name must be 2-50 characters.');
    expect(await message(withAddress({ lastName: '' }))).toBe('Last name is required.');
    expect(await message(withAddress({ lastName: 'x'.repeat(51) }))).toBe('Last name must be 2-50 characters.');
    expect(await message(withAddress({ street: '' }))).toBe('Street address is required.');
    expect(await message(withAddress({ city: '' }))).toBe('City is required.');
    expect(await message(withAddress({ state: '' }))).toBe('State is required.');
    expect(await message(withAddress({ zipCode: '' }))).toBe('ZIP code is required.');
    expect(await message(withAddress({ country: '' }))).toBe('Country is required.');
    expect(await message(withAddress({ phone: '' }))).toBe('Phone number is required.');
    expect(await message({ ...orderBody([{ ...orderLine(product.id), quantity: 0 }]) })).toBe(
      'Quantity must be at least 1.',
    );
    for (const body of [null, 'x', [], { items: 'nope' }, { items: [{ productId: 42 }] }]) {
      const response = await call(t.app, 'POST', '/api/orders', { token: customerA.token, body });
      expect([400, 415]).toContain(response.status);
    }
  });

  it('needs a signed-in user', async () => {
    expect((await call(t.app, 'POST', '/api/orders', { body: orderBody([]) })).status).toBe(401);
  });
});

describe('staff Add Order (POST /orders and POST /admin/orders)', () => {
  it('orders for a customer chosen by id or by e-mail, or for a guest e-mail, and logs it', async () => {
    const { product } = await buildProduct(t.app.db, { price: 60 });
    const byId = await call(t.app, 'POST', '/api/admin/orders', {
      token: admin.token,
      body: orderBody([orderLine(product.id)], { customerId: customerB.user.id }),
    });
    expect(byId.status).toBe(201);
    expect(byId.body.data.order.customer.id).toBe(customerB.user.id);
    const byEmail = await call(t.app, 'POST', '/api/orders', {
      token: support.token,
      body: orderBody([orderLine(product.id)], { email: customerA.user.email.toUpperCase() }),
    });
    expect(byEmail.body.data.order.customer.id).toBe(customerA.user.id);
    const guest = await call(t.app, 'POST', '/api/orders', {
      token: admin.token,
      body: orderBody([orderLine(product.id)], { email: 'walk-in@example.com' }),
    });
    expect(guest.body.data.order).toMatchObject({
      customer: null,
      isGuest: true,
      guestEmail: 'walk-in@example.com',
      email: 'walk-in@example.com',
    });
    const logs = await t.app.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.resourceId, guest.body.data.order.id));
    expect(logs).toMatchObject([{ action: 'create', resource: 'order', userId: admin.user.id, status: 'success' }]);
  });

  it('needs a customer or an e-mail; refuses unknown and deactivated customers', async () => {
    const { product } = await buildProduct(t.app.db);
    const none = await call(t.app, 'POST', '/api/orders', {
      token: admin.token,
      body: orderBody([orderLine(product.id)]),
    });
    expect([none.status, none.body.message]).toEqual([400, 'Choose a customer or enter a guest e-mail.']);
    const unknown = await call(t.app, 'POST', '/api/orders', {
      token: admin.token,
      body: orderBody([orderLine(product.id)], { customerId: admin.user.id }),
    });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Customer not found']);
    const inactive = await buildUser(t.app.db, { role: 'customer', isActive: false });
    for (const extra of [{ customerId: inactive.id }, { email: inactive.email }]) {
      const response = await call(t.app, 'POST', '/api/orders', {
        token: admin.token,
        body: orderBody([orderLine(product.id)], extra),
      });
      expect([response.status, response.body.message]).toEqual([
        403,
        'This customer account is deactivated and cannot place orders.',
      ]);
    }
    const guest = await call(t.app, 'POST', '/api/orders/guest', {
      body: orderBody([orderLine(product.id)], { email: inactive.email }),
    });
    expect(guest.status).toBe(403);
  });

  it('POST /admin/orders is staff-only', async () => {
    expect((await call(t.app, 'POST', '/api/admin/orders', { token: customerA.token, body: {} })).status).toBe(403);
    expect((await call(t.app, 'POST', '/api/admin/orders', { body: {} })).status).toBe(401);
  });
});

describe('POST /orders/guest and tracking by number', () => {
  it('creates a guest order found only with its own e-mail', async () => {
    const { product } = await buildProduct(t.app.db);
    const created = await call(t.app, 'POST', '/api/orders/guest', {
      body: orderBody([orderLine(product.id)], { email: 'Guest.Buyer@Example.com' }),
    });
    expect(created.status).toBe(201);
    const order = created.body.data.order;
    expect(order).toMatchObject({ customer: null, guestEmail: 'guest.buyer@example.com', isGuest: true });
    const found = await call(t.app, 'GET', `/api/orders/track/${order.orderNumber}?email=guest.buyer@example.com`);
    expect(found.status).toBe(200);
    expect(found.body.data.tracking).toMatchObject({ orderNumber: order.orderNumber, status: 'pending' });
    const wrong = await call(t.app, 'GET', `/api/orders/track/${order.orderNumber}?email=someone@example.com`);
    expect([wrong.status, wrong.body.message]).toEqual([404, 'Order not found']);
    const unknown = await call(t.app, 'GET', '/api/orders/track/ORD-20200101-AAAAAA?email=guest.buyer@example.com');
    expect(unknown.status).toBe(404);
    expect((await call(t.app, 'GET', `/api/orders/track/${order.orderNumber}`)).status).toBe(400);
    const missing = await call(t.app, 'POST', '/api/orders/guest', { body: orderBody([orderLine(product.id)]) });
    expect(missing.status).toBe(400);
  });
});

describe('reading orders', () => {
  it('owner or staff only: customer B gets 404 on customer A order; bad ids get 400', async () => {
    const { product } = await buildProduct(t.app.db);
    const order = await placeOrder(t.app, customerA.token, [orderLine(product.id)]);
    expect((await call(t.app, 'GET', `/api/orders/${order.id}`, { token: customerA.token })).status).toBe(200);
    const other = await call(t.app, 'GET', `/api/orders/${order.id}`, { token: customerB.token });
    expect([other.status, other.body.message]).toEqual([404, 'Order not found']);
    expect((await call(t.app, 'GET', `/api/orders/${order.id}/tracking`, { token: customerB.token })).status).toBe(404);
    expect(
      (await call(t.app, 'PUT', `/api/orders/${order.id}/cancel`, { token: customerB.token, body: {} })).status,
    ).toBe(404);
    expect((await call(t.app, 'GET', `/api/orders/${order.id}`, { token: support.token })).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/admin/orders/${order.id}`, { token: admin.token })).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/orders/${order.id}`)).status).toBe(401);
    const bad = await call(t.app, 'GET', '/api/orders/abc', { token: admin.token });
    expect([bad.status, bad.body.message]).toEqual([400, 'Invalid order ID format. Expected 24 characters, got 3']);
    const tracking = await call(t.app, 'GET', `/api/orders/${order.id}/tracking`, { token: customerA.token });
    expect(tracking.body.data.tracking.timeline.map((s: { event: string }) => s.event)).toEqual(['placed']);
  });

  it('my-orders: own orders only, 10 per page, status filter; staff notes hidden', async () => {
    const me = await signedIn(t.app, 'customer');
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 50 }]);
    for (let i = 0; i < 12; i++) await placeOrder(t.app, me.token, [orderLine(product.id)]);
    await placeOrder(t.app, customerB.token, [orderLine(product.id)]);
    const first = await call(t.app, 'GET', '/api/orders/my-orders', { token: me.token });
    expect(first.body.data.orders).toHaveLength(10);
    expect(first.body.data.pagination).toMatchObject({ page: 1, limit: 10, total: 12, pages: 2, totalPages: 2 });
    const second = await call(t.app, 'GET', '/api/orders/my-orders?page=2', { token: me.token });
    expect(second.body.data.orders).toHaveLength(2);
    const cancelled = await call(t.app, 'GET', '/api/orders/my-orders?status=cancelled', { token: me.token });
    expect(cancelled.body.data.orders).toHaveLength(0);
    expect((await call(t.app, 'GET', '/api/orders/my-orders?status=lost', { token: me.token })).status).toBe(400);
    const id = first.body.data.orders[0].id;
    await call(t.app, 'PUT', `/api/orders/${id}/status`, {
      token: admin.token,
      body: { adminNotes: 'VIP, gift wrap' },
    });
    expect((await call(t.app, 'GET', `/api/orders/${id}`, { token: me.token })).body.data.order.adminNotes).toBe('');
    expect((await call(t.app, 'GET', `/api/orders/${id}`, { token: admin.token })).body.data.order.adminNotes).toBe(
      'VIP, gift wrap',
    );
  });

  it('staff list: newest first, status filter, search over number, customer name and e-mail, pagination.pages', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 50 }]);
    const mine = await placeOrder(t.app, customerA.token, [orderLine(product.id)]);
    const list = await call(t.app, 'GET', '/api/orders?page=1&limit=10', { token: support.token });
    expect(list.status).toBe(200);
    expect(list.body.data.orders[0].id).toBe(mine.id);
    expect(list.body.data.pagination.pages).toBeGreaterThanOrEqual(1);
    const dates = list.body.data.orders.map((o: { createdAt: string }) => o.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const search of [mine.orderNumber.toLowerCase(), 'alice arch', customerA.user.email.slice(0, 8)]) {
      const found = await call(t.app, 'GET', `/api/admin/orders?search=${encodeURIComponent(search)}`, {
        token: admin.token,
      });
      expect(found.body.data.orders.map((o: { id: string }) => o.id)).toContain(mine.id);
    }
    const nothing = await call(t.app, 'GET', '/api/orders?search=%25_%5C', { token: admin.token });
    expect(nothing.body.data.orders).toHaveLength(0);
    const pending = await call(t.app, 'GET', '/api/orders?status=pending&limit=100', { token: admin.token });
    expect(pending.body.data.orders.every((o: { status: string }) => o.status === 'pending')).toBe(true);
    expect((await call(t.app, 'GET', '/api/orders', { token: customerA.token })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/orders?limit=0', { token: admin.token })).status).toBe(400);
    const byEmail = await call(t.app, 'GET', `/api/orders/by-email?email=${customerA.user.email}`, {
      token: admin.token,
    });
    expect(byEmail.body.data.orders.every((o: { email: string }) => o.email === customerA.user.email)).toBe(true);
    expect(byEmail.body.data.orders.length).toBeGreaterThan(0);
    expect((await call(t.app, 'GET', '/api/orders/by-email?email=x', { token: admin.token })).status).toBe(400);
  });
});

describe('POST /orders/{id}/refund', () => {
  it('staff recording a refund request write one activity row; the customer asking writes none', async () => {
    const { product } = await buildProduct(t.app.db, { price: 20 });
    const ask = async (token: string, reason: string) => {
      const order = await placeOrder(t.app, customerA.token, [orderLine(product.id)]);
      await call(t.app, 'PUT', `/api/orders/${order.id}/status`, {
        token: admin.token,
        body: { status: 'delivered', paymentStatus: 'paid' },
      });
      const response = await call(t.app, 'POST', `/api/orders/${order.id}/refund`, { token, body: { reason } });
      expect(response.status).toBe(200);
      const logs = await t.app.db.select().from(activityLogs).where(eq(activityLogs.resourceId, order.id));
      return logs.filter((row) => row.action === 'refund_request');
    };
    expect(await ask(customerA.token, 'Too small')).toEqual([]);
    expect(await ask(support.token, 'Arrived torn')).toMatchObject([
      {
        userId: support.user.id,
        status: 'success',
        details: { changes: { refundReason: { before: null, after: 'Arrived torn' } } },
      },
    ]);
  });
});
