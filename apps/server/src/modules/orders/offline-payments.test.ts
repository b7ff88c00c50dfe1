import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { movementsOfOrder, OFFLINE_PAYMENTS, orderBody, stockOf } from '../../../test/orders.js';
import { until } from '../../../test/queue.js';
import { buildApp } from '../../app.js';
import { type Database, openDatabase } from '../../db/client.js';
import { activityLogs, events, mailOutbox, orders, payments } from '../../db/schema/index.js';
import { addJob } from '../../lib/queue.js';
import { OrderChangesService, TRANSFER_OVERDUE_REASON } from './order-changes.service.js';
import { cancelOverdueTransfers, TRANSFER_DEADLINES_TASK } from './transfer-deadlines.js';

const PUBLIC_URL = 'https://shop.example.com';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let support: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL, payments: OFFLINE_PAYMENTS });
  [admin, support] = await Promise.all([signedIn(t.app, 'admin'), signedIn(t.app, 'support')]);
});
afterAll(async () => t.close());

let seq = 0;
/** A product at `price` with 10 units of M/Black, and a line of `quantity` of it. */
async function line(price: number, quantity = 2) {
  const { product } = await buildProduct(t.app.db, { price }, [{ size: 'M', color: 'Black', quantity: 10 }]);
  return { productId: product.id, size: 'M', color: 'Black', quantity };
}

async function guestOrder(paymentMethod: string, price = 20, extra: Record<string, unknown> = {}) {
  seq += 1;
  const email = `offline.${seq}@example.com`;
  const item = await line(price);
  const response = await call(t.app, 'POST', '/api/orders/guest', {
    body: orderBody([item], { email, paymentMethod, ...extra }),
  });
  return { response, email, item };
}

const mailsTo = (to: string) =>
  t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toEmail, to)).orderBy(desc(mailOutbox.createdAt));
const paymentsOf = (app: FastifyInstance, orderId: string) =>
  app.db.select().from(payments).where(eq(payments.orderId, orderId));
const eventsOf = async (orderId: string) =>
  (await t.app.db.select().from(events).where(eq(events.objectId, orderId))).map((e) => e.type).sort();

describe('payment options', () => {
  it('lists the methods that are on, with only public values', async () => {
    const on = await call(t.app, 'GET', '/api/checkout/payment-options');
    expect(on.status).toBe(200);
    expect(on.body.data).toEqual({
      methods: ['stripe', 'cash', 'bank_transfer'],
      testMode: true,
      stripe: null,
      paypal: null,
      cashMaxTotal: 300,
      bankTransferDays: 7,
    });
  });

  it('offers cards alone, in test mode, when nothing is configured', async () => {
    const bare = await createTestApp();
    try {
      const off = await call(bare.app, 'GET', '/api/checkout/payment-options');
      expect(off.body.data).toMatchObject({ methods: ['stripe'], testMode: true, cashMaxTotal: null });
      // A method that is off is refused at every door, and nothing is written.
      const { product } = await buildProduct(bare.app.db, { price: 10 });
      const items = [{ productId: product.id, size: 'M', color: 'Black', quantity: 1 }];
      const staff = await signedIn(bare.app, 'admin');
      const attempts = [
        call(bare.app, 'POST', '/api/orders/guest', {
          body: orderBody(items, { email: 'off@example.com', paymentMethod: 'cash' }),
        }),
        call(bare.app, 'POST', '/api/admin/orders', {
          token: staff.token,
          body: orderBody(items, { email: 'off@example.com', paymentMethod: 'bank_transfer' }),
        }),
        call(bare.app, 'POST', '/api/orders/guest', {
          body: orderBody(items, { email: 'off@example.com', paymentMethod: 'paypal' }),
        }),
        call(bare.app, 'POST', '/api/checkout/create-guest-session', {
          body: { email: 'off@example.com', items, paymentMethod: 'cash' },
        }),
      ];
      const [cash, bank, paypal, session] = await Promise.all(attempts);
      expect([cash!.status, bank!.status, paypal!.status, session!.status]).toEqual([400, 400, 400, 400]);
      expect(cash!.body.message).toBe('Cash on Delivery is not available.');
      expect(bank!.body.message).toBe('Bank Transfer is not available.');
      expect(paypal!.body.message).toBe('PayPal is not available.');
      expect(await bare.app.db.select().from(orders)).toHaveLength(0);
      expect(await stockOf(bare.app, product.id)).toEqual([10, 0]);
    } finally {
      await bare.close();
    }
  });
});

describe('cash on delivery', () => {
  it('refuses an order above the largest total, writing nothing', async () => {
    const { response, item } = await guestOrder('cash', 200);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Cash on Delivery is available for orders up to $300.00.');
    expect(await stockOf(t.app, item.productId)).toEqual([10, 0]);
    const session = await call(t.app, 'POST', '/api/checkout/create-guest-session', {
      body: { email: 'big@example.com', items: [item], paymentMethod: 'cash' },
    });
    expect(session.status).toBe(400);
  });

  it('opens a session without an intent, and refuses an intent with the order', async () => {
    const item = await line(20);
    const session = await call(t.app, 'POST', '/api/checkout/create-guest-session', {
      body: { email: 'cash.session@example.com', items: [item], paymentMethod: 'cash' },
    });
    expect(session.status).toBe(201);
    expect(session.body.data.paymentIntent).toBeNull();
    const card = await call(t.app, 'POST', '/api/checkout/create-guest-session', {
      body: { email: 'cash.session@example.com', items: [item] },
    });
    const withIntent = await call(t.app, 'POST', '/api/orders/guest', {
      body: orderBody([item], {
        email: 'cash.session@example.com',
        paymentMethod: 'cash',
        paymentIntentId: card.body.data.paymentIntent.id,
      }),
    });
    expect(withIntent.status).toBe(400);
    expect(await stockOf(t.app, item.productId)).toEqual([10, 0]);
  });

  it('is placed confirmed and unpaid, mailed at once, and paid in full when delivered', async () => {
    const { response, email, item } = await guestOrder('cash', 20);
    expect(response.status).toBe(201);
    const order = response.body.data.order;
    expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'pending', stockState: 'reserved' });
    expect(order.paymentReference).toBeNull();
    expect(response.body.data.bankTransfer).toBeNull();
    expect(await stockOf(t.app, item.productId)).toEqual([10, 2]);
    const [mail] = await mailsTo(email);
    expect(mail!.kind).toBe('order_confirmation');
    expect(mail!.body).toContain(`You pay $${order.total.toFixed(2)} in cash on delivery`);

    const status = (body: Record<string, unknown>) =>
      call(t.app, 'PUT', `/api/orders/${order.id}/status`, { token: support.token, body });
    expect((await status({ status: 'shipped', paymentStatus: 'pending' })).body.data.order).toMatchObject({
      stockState: 'committed',
      paymentStatus: 'pending',
    });
    expect(await stockOf(t.app, item.productId)).toEqual([8, 0]);
    const delivered = await status({ status: 'delivered', paymentStatus: 'pending' });
    expect(delivered.status).toBe(200);
    expect(delivered.body.data.order).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    expect(delivered.body.data.order.paidAt).not.toBeNull();
    const rows = await paymentsOf(t.app, order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'manual',
      provider: 'manual',
      amount: order.total,
      status: 'succeeded',
      recordedBy: support.user.id,
    });
    expect(await stockOf(t.app, item.productId)).toEqual([8, 0]);
    expect(await eventsOf(order.id)).toContain('order.paid');
    // One confirmation only (placed), no second one when the cash was taken.
    expect(await mailsTo(email)).toHaveLength(1 + 1); // + the shipped mail
  });

  it('records only what is still owed when staff recorded part of the cash before delivery', async () => {
    const { response } = await guestOrder('cash', 20);
    const order = response.body.data.order;
    const part = await call(t.app, 'POST', `/api/admin/orders/${order.id}/payments`, {
      token: support.token,
      body: { amount: 10, note: 'Deposit in the shop' },
    });
    expect(part.status).toBe(201);
    await call(t.app, 'PUT', `/api/orders/${order.id}/status`, {
      token: support.token,
      body: { status: 'delivered', paymentStatus: 'pending' },
    });
    const amounts = (await paymentsOf(t.app, order.id)).map((p) => p.amount).sort((a, b) => a - b);
    expect(amounts).toEqual([10, Math.round((order.total - 10) * 100) / 100].sort((a, b) => a - b));
  });
});

describe('bank transfer', () => {
  it('stays pending with a reference and a deadline, and answers and mails where to pay', async () => {
    const before = Date.now();
    const { response, email, item } = await guestOrder('bank_transfer', 20);
    expect(response.status).toBe(201);
    const order = response.body.data.order;
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'pending', stockState: 'reserved' });
    expect(order.paymentReference).toMatch(/^SL[ACDEFGHJKMNPQRTUVWXY34679]{8}$/);
    const due = new Date(order.paymentDueAt).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 7 * 86_400_000 - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);
    expect(await stockOf(t.app, item.productId)).toEqual([10, 2]);
    expect(response.body.data.bankTransfer).toEqual({
      accountName: 'Seamline Ltd',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      bankName: 'Commerzbank',
      reference: order.paymentReference,
      amount: order.total,
      dueAt: order.paymentDueAt,
    });
    const [mail] = await mailsTo(email);
    expect(mail!.kind).toBe('order_confirmation');
    for (const text of [
      'IBAN: DE89 3704 0044 0532 0130 00',
      'BIC: COBADEFFXXX',
      `Reference: ${order.paymentReference}`,
      `Amount: $${order.total.toFixed(2)}`,
      'Pay by: ',
    ])
      expect(mail!.body).toContain(text);
    expect(mail!.html).toContain(order.paymentReference);

    // Guest tracking shows the same details while the money is awaited.
    const tracked = await call(
      t.app,
      'GET',
      `/api/orders/track/${order.orderNumber}?email=${encodeURIComponent(email)}`,
    );
    expect(tracked.body.data.bankTransfer.reference).toBe(order.paymentReference);
  });

  it('gives each order its own reference', async () => {
    const placed = await Promise.all([1, 2, 3, 4].map(() => guestOrder('bank_transfer', 15)));
    const refs = placed.map((p) => p.response.body.data.order.paymentReference);
    expect(new Set(refs).size).toBe(4);
  });
});

const record = (id: string, body: Record<string, unknown>, token = support.token) =>
  call(t.app, 'POST', `/api/admin/orders/${id}/payments`, { token, body });

describe('recording a payment', () => {
  async function transferOrder(price = 20) {
    const { response, email, item } = await guestOrder('bank_transfer', price);
    return { order: response.body.data.order, email, item };
  }

  it('adds part payments up; the one reaching the total pays the order and commits its stock', async () => {
    const { order, email, item } = await transferOrder();
    const first = await record(order.id, { amount: 20, receivedAt: '2026-12-01', reference: `BANK-${order.id}-1` });
    expect(first.status).toBe(201);
    expect(first.body.data.order).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    const tooMuch = await record(order.id, { amount: order.total });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(
      `The amount is more than the $${(order.total - 20).toFixed(2)} still owed on this order.`,
    );
    const sameRef = await record(order.id, { amount: 1, reference: `BANK-${order.id}-1` });
    expect(sameRef.status).toBe(409);
    const rest = Math.round((order.total - 20) * 100) / 100;
    const second = await record(order.id, { amount: rest, note: 'Second part' });
    expect(second.status).toBe(201);
    expect(second.body.data.order).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      stockState: 'committed',
    });
    expect(await stockOf(t.app, item.productId)).toEqual([8, 0]);
    const rows = await paymentsOf(t.app, order.id);
    expect(rows).toHaveLength(2);
    const dated = rows.find((r) => r.providerRef === `BANK-${order.id}-1`)!;
    expect(dated).toMatchObject({
      kind: 'manual',
      provider: 'manual',
      status: 'succeeded',
      recordedBy: support.user.id,
    });
    expect(dated.occurredAt!.toISOString().slice(0, 10)).toBe('2026-12-01');
    expect(rows.find((r) => r.message === 'Second part')?.providerRef).toBeNull();
    const logs = await t.app.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.resourceId, order.id), eq(activityLogs.action, 'record_payment')));
    expect(logs).toHaveLength(2);
    expect(logs.every((l) => l.userId === support.user.id)).toBe(true);
    expect(await eventsOf(order.id)).toEqual(['order.created', 'order.paid', 'order.status_changed']);
    // The transfer's mail went out when it was placed; no second confirmation.
    expect(await mailsTo(email)).toHaveLength(1);
    // Paid: no longer shown the transfer details; more money is refused.
    const mine = await call(t.app, 'GET', `/api/orders/track/${order.orderNumber}?email=${encodeURIComponent(email)}`);
    expect(mine.body.data.bankTransfer).toBeNull();
    expect((await record(order.id, { amount: 1 })).status).toBe(409);
  });

  it('refuses a cancelled order (409) and bad input (400), writing nothing', async () => {
    const { order } = await transferOrder();
    expect((await record(order.id, { amount: 0 })).status).toBe(400);
    expect((await record(order.id, { amount: 1, receivedAt: '1 Dec' })).status).toBe(400);
    await call(t.app, 'PUT', `/api/orders/${order.id}/cancel`, { token: admin.token, body: {} });
    const closed = await record(order.id, { amount: 1 });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('This order is cancelled and cannot be paid.');
    expect(await paymentsOf(t.app, order.id)).toHaveLength(0);
  });

  it('is for staff with order rights only', async () => {
    const { order } = await transferOrder();
    const customer = await signedIn(t.app, 'customer');
    expect((await record(order.id, { amount: 1 }, customer.token)).status).toBe(403);
  });

  it('never records more than is owed when ten staff record the whole amount at once', async () => {
    const { order, item } = await transferOrder();
    const answers = await Promise.all(Array.from({ length: 10 }, () => record(order.id, { amount: order.total })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 409 || s === 400)).toBe(true);
    const rows = await paymentsOf(t.app, order.id);
    expect(rows.map((r) => r.amount)).toEqual([order.total]);
    expect(await stockOf(t.app, item.productId)).toEqual([8, 0]);
  });
});

describe('the transfer deadline', () => {
  let other: { app: FastifyInstance; database: Database } | undefined;
  afterAll(async () => {
    await other?.app.close();
    await other?.database.close();
  });

  it('cancels overdue unpaid transfers once, releasing their stock once, with two instances sweeping at once', async () => {
    const database = await openDatabase(t.config);
    other = { app: await buildApp({ config: t.config, database, logger: false }), database };
    await other.app.ready();

    const overdue = await Promise.all([1, 2, 3, 4, 5].map(() => guestOrder('bank_transfer', 20)));
    const notDue = await guestOrder('bank_transfer', 20);
    const paid = await guestOrder('bank_transfer', 20);
    const paidOrder = paid.response.body.data.order;
    expect((await record(paidOrder.id, { amount: paidOrder.total })).status).toBe(201);
    const past = new Date(Date.now() - 60_000);
    for (const o of [...overdue, paid])
      await t.app.db.update(orders).set({ paymentDueAt: past }).where(eq(orders.id, o.response.body.data.order.id));

    const sweep = (app: FastifyInstance) =>
      cancelOverdueTransfers(new OrderChangesService(app.db, app.payments, PUBLIC_URL), {
        batchSize: 2,
      });
    const counts = await Promise.all([sweep(t.app), sweep(other.app), sweep(t.app), sweep(other.app)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(5);

    for (const { response, item } of overdue) {
      const id = response.body.data.order.id;
      const [row] = await t.app.db.select().from(orders).where(eq(orders.id, id));
      expect(row).toMatchObject({ status: 'cancelled', stockState: 'released', cancelReason: TRANSFER_OVERDUE_REASON });
      expect(await stockOf(t.app, item.productId)).toEqual([10, 0]);
      const releases = (await movementsOfOrder(t.app, id)).filter((m) => m.operation === 'release');
      expect(releases).toHaveLength(1);
      expect((await eventsOf(id)).filter((type) => type === 'order.cancelled')).toHaveLength(1);
    }
    const [stillDue] = await t.app.db.select().from(orders).where(eq(orders.id, notDue.response.body.data.order.id));
    expect(stillDue).toMatchObject({ status: 'pending', stockState: 'reserved' });
    expect(await stockOf(t.app, notDue.item.productId)).toEqual([10, 2]);
    const [stillPaid] = await t.app.db.select().from(orders).where(eq(orders.id, paidOrder.id));
    expect(stillPaid).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });

    // A later run finds nothing left to do.
    expect(await sweep(t.app)).toBe(0);
  });

  it('runs as the queue task of the deadline', async () => {
    const late = await guestOrder('bank_transfer', 20);
    const id = late.response.body.data.order.id;
    await t.app.db
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, id));
    await addJob(t.app.db, TRANSFER_DEADLINES_TASK);
    await until(async () => {
      const [row] = await t.app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
      return row?.status === 'cancelled';
    });
    expect(await stockOf(t.app, late.item.productId)).toEqual([10, 0]);
  });
});
