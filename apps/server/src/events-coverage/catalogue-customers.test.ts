import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLIENT, addMenAndNorthwind, buildProduct, buildUser, signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../test/harness.js';
import { runJob, waitForJob } from '../../test/jobs.js';
import { multipartBody } from '../../test/uploads.js';
import { eventsAfter, outboxMark } from './outbox.js';

// Products (form, status, delete, bulk, import) and customers (registration, edits, status, bulk).
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
  await addMenAndNorthwind(t.app.db);
});
afterAll(async () => t.close());

const typesOf = (list: { type: string }[]) => list.map((event) => event.type).sort();

const productBody = {
  name: 'Linen Shirt',
  sku: 'EVT-LIN-1',
  description: 'A breezy linen shirt for summer days.',
  category: 'Men',
  subcategory: 'Shirts',
  brand: 'Northwind',
  price: 59.99,
  inventory: [{ size: 'M', color: 'White', quantity: 10 }],
};

describe('product events', () => {
  it("creating, editing and deleting a product write product.created/updated/deleted with the product's view", async () => {
    let mark = await outboxMark(t.app);
    const created = await call(t.app, 'POST', '/api/products', { token: admin, body: productBody });
    expect(created.status).toBe(201);
    const product = created.body.data.product;
    const recorded = await eventsAfter(t.app, mark);
    expect(typesOf(recorded)).toEqual(['inventory.changed', 'product.created']);
    expect(recorded.find((event) => event.type === 'product.created')).toEqual({
      type: 'product.created',
      objectId: product.id,
      data: product,
    });
    expect(recorded.find((event) => event.type === 'inventory.changed')!.data).toMatchObject({
      operation: 'create',
      change: 10,
      quantity: 10,
      sku: product.inventory[0].sku,
    });

    mark = await outboxMark(t.app);
    const edited = await call(t.app, 'PUT', `/api/admin/products/${product.id}/status`, {
      token: admin,
      body: { isFeatured: true },
    });
    expect(edited.status).toBe(200);
    expect(await eventsAfter(t.app, mark)).toEqual([
      { type: 'product.updated', objectId: product.id, data: edited.body.data.product },
    ]);

    mark = await outboxMark(t.app);
    expect((await call(t.app, 'DELETE', `/api/products/${product.id}`, { token: admin })).status).toBe(200);
    expect(await eventsAfter(t.app, mark)).toEqual([
      {
        type: 'product.deleted',
        objectId: product.id,
        data: { _id: product.id, id: product.id, name: 'Linen Shirt', slug: product.slug, sku: 'EVT-LIN-1' },
      },
    ]);
  });

  it('a refused product write (taken SKU) writes no event', async () => {
    const { product } = await buildProduct(t.app.db);
    const mark = await outboxMark(t.app);
    const taken = await call(t.app, 'POST', '/api/products', {
      token: admin,
      body: { ...productBody, sku: product.sku },
    });
    expect(taken.status).toBe(409);
    expect(await eventsAfter(t.app, mark)).toEqual([]);
  });

  it('a bulk product action writes one product.updated per product it changed', async () => {
    const a = (await buildProduct(t.app.db, { price: 30 })).product;
    const b = (await buildProduct(t.app.db, { price: 40 })).product;
    const mark = await outboxMark(t.app);
    const job = await runJob(t.app, admin, '/api/admin/products/bulk', {
      selection: { ids: [a.id, b.id] },
      action: { type: 'adjust_price', adjustment: { mode: 'amount', value: -1 } },
    });
    expect(job.status).toBe('completed');
    const recorded = await eventsAfter(t.app, mark);
    expect(recorded.map((event) => [event.type, event.objectId, event.data.price]).sort()).toEqual(
      [
        ['product.updated', a.id, 29],
        ['product.updated', b.id, 39],
      ].sort(),
    );
  });

  it('an import writes product.created per new product and inventory.changed per variant it created', async () => {
    const csv = [
      'product_sku,name,category,subcategory,brand,price,size,color,quantity,low_stock_threshold,status',
      'EVT-IMP-1,Import Tee,Men,T-Shirts,Northwind,20,S,Black,5,2,active',
      'EVT-IMP-1,Import Tee,Men,T-Shirts,Northwind,20,M,Black,7,2,active',
    ].join('\n');
    const mark = await outboxMark(t.app);
    const { body, headers } = multipartBody([{ name: 'file', filename: 'catalogue.csv', type: 'text/csv', data: csv }]);
    const started = await call(t.app, 'POST', '/api/admin/products/import?dryRun=false', {
      token: admin,
      body,
      headers,
    });
    expect(started.status).toBe(202);
    expect((await waitForJob(t.app, admin, started.body.data.job.id)).status).toBe('completed');
    const recorded = await eventsAfter(t.app, mark);
    expect(typesOf(recorded)).toEqual(['inventory.changed', 'inventory.changed', 'product.created']);
    const created = recorded.find((event) => event.type === 'product.created')!;
    expect(created.data).toMatchObject({ sku: 'EVT-IMP-1', totalStock: 12 });
  });
});

describe('customer events', () => {
  it('registration writes customer.created with the staff view of the customer, no secrets', async () => {
    const mark = await outboxMark(t.app);
    const res = await call(t.app, 'POST', '/api/auth/register', {
      headers: API_CLIENT,
      body: { email: 'new-shopper@example.com', password: 'Password123!', firstName: 'Nia', lastName: 'Shore' },
    });
    expect(res.status).toBe(201);
    const [event] = await eventsAfter(t.app, mark, ['customer.created']);
    expect(event).toMatchObject({
      objectId: res.body.data.user.id,
      data: { email: 'new-shopper@example.com', role: 'customer', orderCount: 0, totalSpent: 0, tier: 'Standard' },
    });
    const raw = JSON.stringify((await eventsAfter(t.app, mark)).map((e) => e.data));
    expect(raw).not.toMatch(/password|token/i);
  });

  it('an edit and a status change write customer.updated; a repeated status writes nothing', async () => {
    const customer = await buildUser(t.app.db, { role: 'customer' });
    let mark = await outboxMark(t.app);
    const edited = await call(t.app, 'PUT', `/api/admin/customers/${customer.id}`, {
      token: admin,
      body: { firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(edited.status).toBe(200);
    expect(await eventsAfter(t.app, mark)).toEqual([
      { type: 'customer.updated', objectId: customer.id, data: edited.body.data.user },
    ]);

    mark = await outboxMark(t.app);
    const off = () =>
      call(t.app, 'PUT', `/api/admin/customers/${customer.id}/status`, { token: admin, body: { isActive: false } });
    expect((await off()).status).toBe(200);
    expect((await off()).status).toBe(200);
    const recorded = await eventsAfter(t.app, mark);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ type: 'customer.updated', data: { isActive: false, firstName: 'Ada' } });
  });

  it("a customer's own profile edit and account erasure write customer.updated (erased: the anonymised view)", async () => {
    const me = await signedIn(t.app, 'customer');
    let mark = await outboxMark(t.app);
    const edited = await call(t.app, 'PUT', '/api/users/profile', {
      token: me.token,
      body: { firstName: 'Grace', lastName: 'Hopper' },
    });
    expect(edited.status).toBe(200);
    expect(await eventsAfter(t.app, mark)).toEqual([
      {
        type: 'customer.updated',
        objectId: me.user.id,
        data: expect.objectContaining({ firstName: 'Grace', lastName: 'Hopper', email: me.user.email }),
      },
    ]);

    mark = await outboxMark(t.app);
    const erased = await call(t.app, 'DELETE', '/api/users/account', {
      token: me.token,
      body: { password: me.user.password },
    });
    expect(erased.status).toBe(200);
    const [event] = await eventsAfter(t.app, mark);
    expect(event).toMatchObject({ type: 'customer.updated', objectId: me.user.id, data: { isActive: false } });
    expect(JSON.stringify(event!.data)).not.toContain(me.user.email);
  });

  it('a bulk status job writes one customer.updated per customer it changed', async () => {
    const a = await buildUser(t.app.db, { role: 'customer' });
    const b = await buildUser(t.app.db, { role: 'customer', isActive: false });
    const mark = await outboxMark(t.app);
    const job = await runJob(t.app, admin, '/api/admin/customers/bulk/status', {
      selection: { ids: [a.id, b.id] },
      isActive: false,
    });
    expect(job.result).toMatchObject({ changed: 1, unchanged: 1 });
    expect(await eventsAfter(t.app, mark)).toEqual([
      { type: 'customer.updated', objectId: a.id, data: expect.objectContaining({ isActive: false, email: a.email }) },
    ]);
  });
});
