import { LOCATION_MESSAGES } from '@seamline/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { movementsOfOrder, stockOf } from '../../../test/orders.js';
import { deliveredOrder } from '../../../test/returns.js';
import { activityLogs, payments, stockLocations } from '../../db/schema/index.js';
import { checkStockInvariants } from '../../db/seed/invariants.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let support: Awaited<ReturnType<typeof signedIn>>;
let customer: Awaited<ReturnType<typeof signedIn>>;
let stranger: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
  support = await signedIn(t.app, 'support');
  customer = await signedIn(t.app, 'customer', { firstName: 'Rita', lastName: 'Return' });
  stranger = await signedIn(t.app, 'customer');
});
afterAll(async () => t.close());

const delivered = () => deliveredOrder(t.app, customer.token, admin.token);
const ask = (orderId: string, body: object, token = customer.token) =>
  call(t.app, 'POST', `/api/orders/${orderId}/refund`, { token, body });
const approve = (returnId: string, body: object = {}, token = admin.token) =>
  call(t.app, 'POST', `/api/admin/returns/${returnId}/approve`, { token, body });
const decline = (returnId: string, reason = 'Worn', token = admin.token) =>
  call(t.app, 'POST', `/api/admin/returns/${returnId}/decline`, { token, body: { reason } });
const refundRows = async (orderId: string) =>
  (
    await t.app.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'refund')))
  ).map((row) => row.amount);

describe('a customer asks for a return', () => {
  it('stores the lines and units asked for, visible to the customer and to staff (badge count, list, order filter)', async () => {
    const { order, shirtLine } = await delivered();
    const before = (await call(t.app, 'GET', '/api/admin/returns/open-count', { token: support.token })).body.data
      .count;
    const asked = await ask(order.id, { reason: 'Too big', items: [{ itemId: shirtLine.id, quantity: 1 }] });
    expect([asked.status, asked.body.message]).toEqual([200, 'Refund request received']);
    const request = asked.body.data.refundRequest;
    expect(request).toMatchObject({
      status: 'requested',
      reason: 'Too big',
      orderId: order.id,
      orderNumber: order.orderNumber,
      value: 40,
      refundAmount: null,
      requestedBy: 'Rita Return',
      decidedBy: null,
    });
    expect(request.items).toEqual([
      expect.objectContaining({ itemId: shirtLine.id, productName: expect.any(String), quantity: 1, restocked: 0 }),
    ]);
    expect(asked.body.data.order.refundReason).toBe('Too big');

    const mine = await call(t.app, 'GET', `/api/orders/${order.id}/returns`, { token: customer.token });
    expect(mine.body.data.returns.map((r: { id: string }) => r.id)).toEqual([request.id]);
    const count = await call(t.app, 'GET', '/api/admin/returns/open-count', { token: support.token });
    expect(count.body.data.count).toBe(before + 1);
    const open = await call(t.app, 'GET', '/api/admin/returns?status=requested&limit=100', { token: support.token });
    expect(open.body.data.returns.map((r: { id: string }) => r.id)).toContain(request.id);
    const filtered = await call(t.app, 'GET', '/api/admin/orders?returns=open&limit=100', { token: support.token });
    expect(filtered.body.data.orders.map((o: { id: string }) => o.id)).toContain(order.id);
    expect(filtered.body.data.orders.length).toBe(filtered.body.data.pagination.total);
    // The timeline shows the request.
    const tracking = await call(t.app, 'GET', `/api/orders/${order.id}/tracking`, { token: customer.token });
    expect(tracking.body.data.tracking.timeline.at(-1)).toMatchObject({
      event: 'return_requested',
      detail: '1 unit: Too big',
    });
  });

  it('without items asks back every unit not yet returned or waiting; then nothing is left (409)', async () => {
    const { order, shirtLine, capLine } = await delivered();
    await ask(order.id, { reason: 'Wrong colour', items: [{ itemId: shirtLine.id, quantity: 1 }] });
    const rest = await ask(order.id, { reason: 'All of it' });
    expect(rest.status).toBe(200);
    expect(
      rest.body.data.refundRequest.items.map((i: { itemId: string; quantity: number }) => [i.itemId, i.quantity]),
    ).toEqual(
      expect.arrayContaining([
        [shirtLine.id, 1],
        [capLine.id, 1],
      ]),
    );
    const none = await ask(order.id, { reason: 'Again' });
    expect([none.status, none.body.code, none.body.message]).toEqual([
      409,
      'NOTHING_TO_RETURN',
      'Every item of this order has already been returned or is waiting for a decision.',
    ]);
  });

  it('refuses lines that are not the order’s, more units than remain, a missing reason and bad ids with 400', async () => {
    const { order, shirtLine, capLine } = await delivered();
    const other = await delivered();
    const foreign = await ask(order.id, { reason: 'x', items: [{ itemId: other.shirtLine.id, quantity: 1 }] });
    expect([foreign.status, foreign.body.message, foreign.body.details]).toEqual([
      400,
      'A refund item does not match this order.',
      [{ field: 'items.0.itemId', message: 'A refund item does not match this order.' }],
    ]);
    // The same line named twice counts its units together: 2 + 1 > 2.
    const tooMany = await ask(order.id, {
      reason: 'x',
      items: [
        { itemId: shirtLine.id, quantity: 2 },
        { itemId: shirtLine.id, quantity: 1 },
      ],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/^Only 2 units of Test Tee .* \(M\/Black\) can still be returned\.$/);
    expect((await ask(order.id, { reason: 'x', items: [{ itemId: capLine.id, quantity: 1 }] })).status).toBe(200);
    const taken = await ask(order.id, { reason: 'x', items: [{ itemId: capLine.id, quantity: 1 }] });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toMatch(/^No unit of .* can be returned any more/);

    const noReason = await ask(order.id, { items: [{ itemId: shirtLine.id, quantity: 1 }] });
    expect([noReason.status, noReason.body.message]).toEqual([400, 'Refund reason is required.']);
    const badId = await ask(order.id, { reason: 'x', items: [{ itemId: 'nope', quantity: 1 }] });
    expect(badId.status).toBe(400);
    const zero = await ask(order.id, { reason: 'x', items: [{ itemId: shirtLine.id, quantity: 0 }] });
    expect([zero.status, zero.body.message]).toEqual([400, 'Quantity must be at least 1.']);
  });

  it('only for a shipped or delivered order of the caller (409 / 404)', async () => {
    const { order } = await delivered();
    expect((await ask(order.id, { reason: 'x' }, stranger.token)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/orders/${order.id}/returns`, { token: stranger.token })).status).toBe(404);
    await call(t.app, 'PUT', `/api/orders/${order.id}/status`, {
      token: admin.token,
      body: { status: 'processing', paymentStatus: 'paid' },
    });
    const early = await ask(order.id, { reason: 'x' });
    expect([early.status, early.body.message]).toEqual([409, 'Only shipped or delivered orders can be refunded.']);
  });

  it('staff asking for a customer is logged; customers cannot read the staff list or decide', async () => {
    const { order } = await delivered();
    const asked = await ask(order.id, { reason: 'Phoned in' }, support.token);
    expect(asked.status).toBe(200);
    const logs = await t.app.db.select().from(activityLogs).where(eq(activityLogs.resourceId, order.id));
    expect(logs.map((log) => log.action)).toContain('refund_request');
    const id = asked.body.data.refundRequest.id;
    expect((await call(t.app, 'GET', '/api/admin/returns', { token: customer.token })).status).toBe(403);
    expect((await approve(id, {}, customer.token)).status).toBe(403);
    expect((await decline(id, 'no', customer.token)).status).toBe(403);
    expect((await approve('0123456789abcdef01234567')).status).toBe(404);
  });
});

describe('staff approve a return', () => {
  it('refunds the lines’ value through the provider, restocks the units with a return movement: partially_refunded', async () => {
    const { order, shirt, shirtLine } = await delivered();
    expect(await stockOf(t.app, shirt.id)).toEqual([8, 0]);
    const asked = await ask(order.id, { reason: 'Too big', items: [{ itemId: shirtLine.id, quantity: 1 }] });
    const approved = await approve(asked.body.data.refundRequest.id, {}, support.token);
    expect([approved.status, approved.body.message]).toEqual([200, 'Return approved']);
    expect(approved.body.data.return).toMatchObject({
      status: 'approved',
      refundAmount: 40,
      decidedBy: expect.any(String),
    });
    expect(approved.body.data.return.items[0]).toMatchObject({ quantity: 1, restocked: 1 });
    expect(approved.body.data.order).toMatchObject({ status: 'delivered', paymentStatus: 'partially_refunded' });
    expect(await stockOf(t.app, shirt.id)).toEqual([9, 0]);
    const movement = (await movementsOfOrder(t.app, order.id)).find((m) => m.operation === 'return');
    expect(movement).toMatchObject({
      quantity: 1,
      reason: `Return of order ${order.orderNumber}`,
      actorId: support.user.id,
    });
    expect(await refundRows(order.id)).toEqual([40]);
    const logs = await t.app.db.select().from(activityLogs).where(eq(activityLogs.resourceId, order.id));
    const log = logs.find((row) => row.action === 'approve_return')!;
    expect(log.userId).toBe(support.user.id);
    expect(log.details).toMatchObject({ refundAmount: 40, refundedThroughProvider: 40 });
    // The customer sees the decision without the staff member's name; the timeline shows it.
    const mine = await call(t.app, 'GET', `/api/orders/${order.id}/returns`, { token: customer.token });
    expect(mine.body.data.returns[0]).toMatchObject({ status: 'approved', decidedBy: null, refundAmount: 40 });
    const tracking = await call(t.app, 'GET', `/api/orders/${order.id}/tracking`, { token: customer.token });
    expect(tracking.body.data.tracking.timeline.map((s: { event: string }) => s.event).slice(-2)).toEqual([
      'return_requested',
      'return_approved',
    ]);
    // No longer open.
    const filtered = await call(t.app, 'GET', '/api/admin/orders?returns=open&limit=100', { token: support.token });
    expect(filtered.body.data.orders.map((o: { id: string }) => o.id)).not.toContain(order.id);
  });

  it('takes a chosen amount and chosen units to restock (0 for a damaged item), within the limits', async () => {
    const { order, shirt, shirtLine, capLine } = await delivered();
    const asked = await ask(order.id, { reason: 'Damaged', items: [{ itemId: shirtLine.id, quantity: 2 }] });
    const id = asked.body.data.refundRequest.id;
    const tooMuch = await approve(id, { refundAmount: order.total + 1 });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([
      400,
      `The refund cannot exceed ${order.total.toFixed(2)} (paid minus already refunded).`,
    ]);
    const notInReturn = await approve(id, { restock: [{ itemId: capLine.id, quantity: 1 }] });
    expect([notInReturn.status, notInReturn.body.message]).toEqual([
      400,
      'Units to restock must be items of this return.',
    ]);
    const restockTooMany = await approve(id, { restock: [{ itemId: shirtLine.id, quantity: 3 }] });
    expect(restockTooMany.status).toBe(400);
    expect(restockTooMany.body.message).toMatch(/^At most 2 units of .* can be restocked/);
    // Refused attempts changed nothing: the return is still open.
    const ok = await approve(id, { refundAmount: 55.5, restock: [{ itemId: shirtLine.id, quantity: 1 }] });
    expect(ok.status).toBe(200);
    expect(ok.body.data.return).toMatchObject({ refundAmount: 55.5 });
    expect(await stockOf(t.app, shirt.id)).toEqual([9, 0]);
    expect(await refundRows(order.id)).toEqual([55.5]);
  });

  it('restocks at a chosen active location; an unknown or inactive one is refused before any refund', async () => {
    const [shop, closed] = await t.app.db
      .insert(stockLocations)
      .values([
        { name: 'Return Desk', kind: 'shop', priority: 2 },
        { name: 'Closed Outlet', kind: 'shop', priority: 3, active: false },
      ])
      .returning({ id: stockLocations.id });
    const { order, shirt, shirtLine } = await delivered();
    const asked = await ask(order.id, { reason: 'Too big', items: [{ itemId: shirtLine.id, quantity: 1 }] });
    const id = asked.body.data.refundRequest.id;
    for (const [restockLocationId, status, message] of [
      ['f'.repeat(24), 404, LOCATION_MESSAGES.notFound],
      [closed!.id, 409, LOCATION_MESSAGES.inactive],
    ] as const) {
      const refused = await approve(id, { restockLocationId });
      expect([refused.status, refused.body.error]).toEqual([status, message]);
    }
    expect(await refundRows(order.id)).toEqual([]);
    expect(await stockOf(t.app, shirt.id)).toEqual([8, 0]);
    const ok = await approve(id, { restockLocationId: shop!.id });
    expect(ok.status).toBe(200);
    expect(await refundRows(order.id)).toEqual([40]);
    const movement = (await movementsOfOrder(t.app, order.id)).find((m) => m.operation === 'return');
    expect(movement).toMatchObject({ quantity: 1, locationId: shop!.id });
  });

  it('a return that gives everything back makes the order refunded; a later full refund moves only what is left', async () => {
    const { order, shirt, cap, shirtLine, startingStock } = await delivered();
    const first = await ask(order.id, { reason: 'One', items: [{ itemId: shirtLine.id, quantity: 1 }] });
    await approve(first.body.data.refundRequest.id);
    // Staff refund the whole order: the provider gives back the rest only, stock gets back the units not yet returned.
    const refunded = await call(t.app, 'PUT', `/api/orders/${order.id}/status`, {
      token: admin.token,
      body: { status: 'refunded', paymentStatus: 'refunded' },
    });
    expect(refunded.body.data.order).toMatchObject({ status: 'refunded', paymentStatus: 'refunded' });
    expect(await stockOf(t.app, shirt.id)).toEqual([10, 0]);
    expect(await stockOf(t.app, cap.id)).toEqual([10, 0]);
    expect(await checkStockInvariants(t.app.db, startingStock, [...startingStock.keys()])).toEqual([]);
    const rows = await refundRows(order.id);
    expect(rows.reduce((sum, v) => sum + Math.round(v * 100), 0)).toBe(Math.round(order.total * 100));

    const other = await delivered();
    const all = await ask(other.order.id, { reason: 'All' });
    const full = await approve(all.body.data.refundRequest.id, { refundAmount: other.order.total });
    expect(full.body.data.order).toMatchObject({
      status: 'refunded',
      paymentStatus: 'refunded',
      stockState: 'released',
    });
    expect(await stockOf(t.app, other.shirt.id)).toEqual([10, 0]);
    expect(await stockOf(t.app, other.cap.id)).toEqual([10, 0]);
    const more = await approve(all.body.data.refundRequest.id);
    expect([more.status, more.body.code, more.body.message]).toEqual([
      409,
      'RETURN_DECIDED',
      'This return was already approved.',
    ]);
  });
});

describe('staff decline a return', () => {
  it('records the reason; the units can be asked for again; a decided return cannot be decided again', async () => {
    const { order, shirtLine } = await delivered();
    const asked = await ask(order.id, { reason: 'Too big', items: [{ itemId: shirtLine.id, quantity: 2 }] });
    const id = asked.body.data.refundRequest.id;
    const empty = await decline(id, '  ');
    expect([empty.status, empty.body.message]).toEqual([400, 'Decline reason is required.']);
    const declined = await decline(id, 'The tags were removed');
    expect([declined.status, declined.body.message]).toEqual([200, 'Return declined']);
    expect(declined.body.data.return).toMatchObject({ status: 'declined', declineReason: 'The tags were removed' });
    expect(declined.body.data.order.paymentStatus).toBe('paid');
    const logs = await t.app.db.select().from(activityLogs).where(eq(activityLogs.resourceId, order.id));
    expect(logs.map((log) => log.action)).toContain('decline_return');
    expect((await approve(id)).body.message).toBe('This return was already declined.');
    expect((await decline(id)).status).toBe(409);
    const again = await ask(order.id, { reason: 'Please', items: [{ itemId: shirtLine.id, quantity: 2 }] });
    expect(again.status).toBe(200);
    const tracking = await call(t.app, 'GET', `/api/orders/${order.id}/tracking`, { token: customer.token });
    expect(tracking.body.data.tracking.timeline).toEqual(
      expect.arrayContaining([expect.objectContaining({ event: 'return_declined', detail: 'The tags were removed' })]),
    );
  });
});

describe('deciding in parallel', () => {
  it('20 parallel approvals: exactly one succeeds, the others get 409; one refund, one restock', async () => {
    const { order, shirt, shirtLine, startingStock } = await delivered();
    const asked = await ask(order.id, { reason: 'Rush', items: [{ itemId: shirtLine.id, quantity: 1 }] });
    const id = asked.body.data.refundRequest.id;
    const results = await Promise.all(Array.from({ length: 20 }, () => approve(id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'RETURN_DECIDED')).toBe(true);
    expect(await refundRows(order.id)).toEqual([40]);
    expect(await stockOf(t.app, shirt.id)).toEqual([9, 0]);
    // Every unit is explained by its movements (create, reserve, commit, return).
    expect(await checkStockInvariants(t.app.db, startingStock, [...startingStock.keys()])).toEqual([]);
  }, 60_000);

  it('approve and decline in parallel: exactly one decision wins', async () => {
    const { order, shirtLine } = await delivered();
    const asked = await ask(order.id, { reason: 'Rush', items: [{ itemId: shirtLine.id, quantity: 1 }] });
    const id = asked.body.data.refundRequest.id;
    const results = await Promise.all(Array.from({ length: 10 }, (_, n) => (n % 2 ? approve(id) : decline(id, 'No'))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
  }, 60_000);
});
