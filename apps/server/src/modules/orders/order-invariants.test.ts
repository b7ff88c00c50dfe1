import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, buildUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { orderBody, orderLine, placeOrder, stockOf } from '../../../test/orders.js';
import { coupons, inventory, inventoryLevels, orders, users } from '../../db/schema/index.js';

/** The order path keeps the rules it relies on: stock it cannot move, a racing deactivation, an exhausted coupon. */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
});
afterAll(async () => t.close());

const orderRow = async (id: string) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!;
/** Drift made behind the service's back: the variant's level no longer holds the units the order reserved. */
const dropReservation = (productId: string) =>
  t.app.db
    .update(inventoryLevels)
    .set({ reserved: 0 })
    .where(
      inArray(
        inventoryLevels.inventoryId,
        t.app.db
          .select({ id: inventory.id })
          .from(inventory)
          .where(and(eq(inventory.productId, productId), eq(inventory.size, 'M'))),
      ),
    );

describe('order stock the inventory cannot honour', () => {
  it('stops a cancel (release) and a shipment (commit) with 409 and changes nothing', async () => {
    const customer = await signedIn(t.app, 'customer');
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
    const order = await placeOrder(t.app, customer.token, [orderLine(product.id, 3)]);
    await dropReservation(product.id);

    const cancel = await call(t.app, 'PUT', `/api/orders/${order.id}/cancel`, { token: admin.token, body: {} });
    expect([cancel.status, cancel.body.code]).toEqual([409, 'STOCK_STATE_CONFLICT']);
    expect(cancel.body.message).toBe(
      `The stock of ${product.name} (M/Black) does not hold this order's units; nothing was changed.`,
    );
    const ship = await call(t.app, 'PUT', `/api/orders/${order.id}/status`, {
      token: admin.token,
      body: { status: 'shipped', paymentStatus: 'paid' },
    });
    expect([ship.status, ship.body.code]).toEqual([409, 'STOCK_STATE_CONFLICT']);
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', stockState: 'reserved' });
    expect(await stockOf(t.app, product.id)).toEqual([10, 0]);
  });
});

describe('a deactivation racing an order', () => {
  it('makes a staff order for that customer wait for it and then refuses the order (403)', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
    for (const byEmail of [false, true]) {
      const customer = await buildUser(t.app.db);
      let order: Promise<{ status: number; body: { message?: string } }> | undefined;
      await t.app.db.transaction(async (tx) => {
        // The deactivation holds the customer row while the order arrives (on PostgreSQL the order waits for it).
        await tx.update(users).set({ isActive: false }).where(eq(users.id, customer.id));
        order = call(t.app, 'POST', '/api/orders', {
          token: admin.token,
          body: orderBody([orderLine(product.id)], byEmail ? { email: customer.email } : { customerId: customer.id }),
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const response = await order!;
      expect([response.status, response.body.message]).toEqual([
        403,
        'This customer account is deactivated and cannot place orders.',
      ]);
    }
    expect(await stockOf(t.app, product.id)).toEqual([10, 0]);
  });
});

describe('an exhausted coupon', () => {
  it('answers 409 COUPON_EXHAUSTED, alone and for the losers of 10 parallel orders', async () => {
    const { product } = await buildProduct(t.app.db, { price: 10 }, [{ size: 'M', color: 'Black', quantity: 100 }]);
    const created = await call(t.app, 'POST', '/api/admin/coupons', {
      token: admin.token,
      body: { name: 'Scarce coupon', type: 'percentage', value: 10, usageLimit: 3 },
    });
    const coupon = created.body.data.data as { id: string; code: string };
    const buyers = await Promise.all(Array.from({ length: 11 }, () => signedIn(t.app, 'customer')));
    const results = await Promise.all(
      buyers.slice(0, 10).map((buyer) =>
        call(t.app, 'POST', '/api/orders', {
          token: buyer.token,
          body: orderBody([orderLine(product.id)], { couponCode: coupon.code }),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const exhausted = {
      success: false,
      error: 'This coupon has reached its usage limit',
      message: 'This coupon has reached its usage limit',
      code: 'COUPON_EXHAUSTED',
    };
    expect(results.filter((r) => r.status !== 201).map((r) => [r.status, r.body])).toEqual(
      Array(7).fill([409, exhausted]),
    );
    const late = await call(t.app, 'POST', '/api/orders', {
      token: buyers[10]!.token,
      body: orderBody([orderLine(product.id)], { couponCode: coupon.code }),
    });
    expect([late.status, late.body]).toEqual([409, exhausted]);
    expect((await t.app.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.usedCount).toBe(3);
    expect(await stockOf(t.app, product.id)).toEqual([100, 3]);
  });
});
