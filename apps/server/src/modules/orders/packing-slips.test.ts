import { PACKING_SLIP_MAX_ORDERS, PACKING_SLIP_MESSAGES } from '@seamline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { address, placeOrder } from '../../../test/orders.js';
import { inventory } from '../../db/schema/index.js';

let t: TestApp;
let support: string;

const slips = (ids: string, token = support) =>
  call(t.app, 'GET', `/api/admin/orders/packing-slips?ids=${ids}`, { token });

beforeAll(async () => {
  t = await createTestApp();
  support = (await signedIn(t.app, 'support')).token;
});
afterAll(async () => t.close());

describe('GET /api/admin/orders/packing-slips', () => {
  it('answers each order in the order asked: address, method, lines with variant SKU and barcode, no prices', async () => {
    const shopper = await signedIn(t.app, 'customer');
    const { product } = await buildProduct(t.app.db, { name: 'Slip Tee' }, [
      { size: 'M', color: 'Black', quantity: 5 },
      { size: 'L', color: 'White', quantity: 5 },
    ]);
    const a = await placeOrder(t.app, shopper.token, [
      { productId: product.id, size: 'M', color: 'Black', quantity: 2 },
      { productId: product.id, size: 'L', color: 'White', quantity: 1 },
    ]);
    const b = await placeOrder(t.app, shopper.token, [
      { productId: product.id, size: 'M', color: 'Black', quantity: 1 },
    ]);
    const variants = await t.app.db.select().from(inventory).where(eq(inventory.productId, product.id));
    const blackVariant = variants.find((v) => v.size === 'M')!;
    const missing = 'f'.repeat(24);

    const res = await slips(`${b.id},${a.id},${missing},${b.id}`);
    expect(res.status).toBe(200);
    const answer = res.body.data.slips;
    expect(answer.map((slip: { orderNumber: string }) => slip.orderNumber)).toEqual([b.orderNumber, a.orderNumber]);
    expect(answer[1]).toMatchObject({
      id: a.id,
      shippingMethod: 'standard',
      shippingAddress: { street: address.street, city: address.city },
    });
    const black = answer[1].lines.find((line: { size: string }) => line.size === 'M');
    expect(black).toEqual({
      productName: 'Slip Tee',
      sku: blackVariant.sku,
      barcode: blackVariant.barcode,
      size: 'M',
      color: 'Black',
      quantity: 2,
    });
    expect(JSON.stringify(answer)).not.toMatch(/price|total/i);
  });

  it(`refuses no ids, a malformed id, more than ${PACKING_SLIP_MAX_ORDERS} orders, and customers`, async () => {
    const tooMany = Array.from({ length: PACKING_SLIP_MAX_ORDERS + 1 }, (_, i) => i.toString(16).padStart(24, '0'));
    const over = await slips(tooMany.join(','));
    expect(over.status).toBe(400);
    expect(over.body.error).toBe(PACKING_SLIP_MESSAGES.tooMany);
    expect((await slips('')).body.error).toBe(PACKING_SLIP_MESSAGES.idsRequired);
    expect((await slips('abc')).status).toBe(400);
    expect((await call(t.app, 'GET', '/api/admin/orders/packing-slips', { token: support })).status).toBe(400);
    const allowed = await slips(tooMany.slice(0, PACKING_SLIP_MAX_ORDERS).join(','));
    expect(allowed.body.data.slips).toEqual([]);
    const customer = await signedIn(t.app, 'customer');
    expect((await slips('a'.repeat(24), customer.token)).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/admin/orders/packing-slips?ids=${'a'.repeat(24)}`)).status).toBe(401);
  });
});
