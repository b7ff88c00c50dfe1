import { DEFAULT_LOCATION_ID } from '@seamline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { address } from '../../../test/orders.js';

/**
 * The walk a shop owner takes with a second place, through the API the two apps call: add a shop, move 5 units of
 * M/Black there by transfer, a shopper picks one up in store, another order ships from the warehouse, and the stock
 * screen shows each place and the total.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
});
afterAll(async () => t.close());

const asAdmin = (method: string, url: string, body?: unknown) => call(t.app, method, url, { token: admin, body });

describe('a second location, as a new shop owner uses it', () => {
  it('adds a shop, transfers 5 units there, sells one for pickup and one from the warehouse', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 12 }]);
    const shop = await asAdmin('POST', '/api/admin/locations', {
      name: 'Canal Street shop',
      kind: 'shop',
      address: '12 Canal Street',
      shipsOnline: false,
      pickup: true,
    });
    expect(shop.status).toBe(201);
    const shopId = shop.body.data.location._id;

    const draft = await asAdmin('POST', '/api/admin/transfers', {
      fromLocationId: DEFAULT_LOCATION_ID,
      toLocationId: shopId,
      lines: [{ productId: product.id, size: 'M', color: 'Black', quantity: 5 }],
    });
    expect(draft.status).toBe(201);
    const transfer = draft.body.data.transfer;
    expect((await asAdmin('POST', `/api/admin/transfers/${transfer._id}/ship`)).status).toBe(200);
    // In transit: 7 at the warehouse, none at the shop, 7 in all.
    expect((await stock(product.id)).total).toEqual([7, 0]);
    const received = await asAdmin('POST', `/api/admin/transfers/${transfer._id}/receive`, {
      lines: [{ lineId: transfer.lines[0].id, quantity: 5 }],
    });
    expect([received.status, received.body.data.transfer.status]).toEqual([200, 'received']);

    // The shop sells for pickup only: shoppers see the warehouse's 7, and "available to pick up" at the shop.
    const page = await call(t.app, 'GET', `/api/products/slug/${product.slug}`);
    expect(page.body.data.product.inventory.find((v: { size: string }) => v.size === 'M').available).toBe(7);
    const pickup = await call(t.app, 'GET', `/api/products/${product.id}/pickup`);
    expect(pickup.body.data.locations.map((l: { name: string }) => l.name)).toEqual(['Canal Street shop']);

    const guestOrder = (extra: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/orders/guest', {
        body: {
          email: 'walk@example.com',
          items: [{ productId: product.id, size: 'M', color: 'Black', quantity: 1 }],
          shippingAddress: address,
          billingAddress: address,
          paymentMethod: 'stripe',
          ...extra,
        },
      });
    const collected = await guestOrder({ shippingMethod: 'pickup', pickupLocationId: shopId });
    expect(collected.status).toBe(201);
    expect(collected.body.data.order.items[0].locationId).toBe(shopId);
    const shipped = await guestOrder({ shippingMethod: 'standard' });
    expect(shipped.status).toBe(201);
    expect(shipped.body.data.order.items[0].locationId).toBe(DEFAULT_LOCATION_ID);
    for (const order of [collected, shipped]) {
      const done = await asAdmin('PUT', `/api/orders/${order.body.data.order._id}/status`, {
        status: 'delivered',
        paymentStatus: 'paid',
      });
      expect(done.status).toBe(200);
    }

    const figures = await stock(product.id);
    expect(figures.places).toEqual([
      ['Warehouse', 6, 0],
      ['Canal Street shop', 4, 0],
    ]);
    expect(figures.total).toEqual([10, 0]);
    const listed = await asAdmin('GET', '/api/admin/locations');
    expect(listed.body.data.locations.map((l: { name: string; quantity: number }) => [l.name, l.quantity])).toEqual(
      expect.arrayContaining([['Canal Street shop', 4]]),
    );
  });
});

/** The stock screen's figures of M/Black: [place, quantity, reserved] per location, and the total. */
async function stock(productId: string) {
  const res = await asAdmin('GET', `/api/admin/products/${productId}/inventory`);
  expect(res.status).toBe(200);
  const variant = res.body.data.variants.find((v: { size: string }) => v.size === 'M');
  return {
    places: variant.levels.map((l: { locationName: string; quantity: number; reserved: number }) => [
      l.locationName,
      l.quantity,
      l.reserved,
    ]),
    total: [variant.quantity, variant.reserved],
  };
}
