import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../test/harness.js';
import { orderBody, stockOf } from '../../test/orders.js';
import { TRANSACTION_ATTEMPTS } from './retry.js';
import { coupons, orders } from './schema/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let customer: Awaited<ReturnType<typeof signedIn>>;

/**
 * A trigger that aborts order inserts and updates with the given SQLSTATE for the first `failures` attempts. The
 * attempt counter is a sequence, which a rollback does not undo, so it counts how often the transaction really ran.
 */
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
  customer = await signedIn(t.app, 'customer');
  const setup = [
    'CREATE SEQUENCE test_attempts',
    'CREATE TABLE test_conflict_plan (failures int NOT NULL, state text NOT NULL)',
    "INSERT INTO test_conflict_plan VALUES (0, '40P01')",
    `CREATE FUNCTION test_force_conflict() RETURNS trigger LANGUAGE plpgsql AS $$
     DECLARE plan test_conflict_plan;
     BEGIN
       SELECT * INTO plan FROM test_conflict_plan;
       IF nextval('test_attempts') <= plan.failures THEN
         RAISE EXCEPTION 'forced conflict %', plan.state USING ERRCODE = plan.state;
       END IF;
       RETURN NEW;
     END $$`,
    `CREATE TRIGGER test_force_conflict BEFORE INSERT OR UPDATE ON orders
     FOR EACH ROW EXECUTE FUNCTION test_force_conflict()`,
  ];
  for (const statement of setup) await t.app.db.execute(sql.raw(statement));
});
afterAll(async () => t.close());

async function plan(failures: number, state = '40P01') {
  await t.app.db.execute(sql`UPDATE test_conflict_plan SET failures = ${failures}, state = ${state}`);
  await t.app.db.execute(sql`ALTER SEQUENCE test_attempts RESTART`);
}
async function attempts(): Promise<number> {
  const result = (await t.app.db.execute(sql`SELECT last_value, is_called FROM test_attempts`)) as unknown as {
    rows: { last_value: number; is_called: boolean }[];
  };
  const row = result.rows[0]!;
  return row.is_called ? Number(row.last_value) : 0;
}
beforeEach(() => plan(0));

async function couponFor(usageLimit = 10) {
  const res = await call(t.app, 'POST', '/api/admin/coupons', {
    token: admin.token,
    body: { name: 'Retry coupon', type: 'percentage', value: 10, usageLimit },
  });
  return res.body.data.data as { id: string; code: string };
}
const usedCount = async (id: string) => (await t.app.db.select().from(coupons).where(eq(coupons.id, id)))[0]!.usedCount;

describe('a business transaction that meets a deadlock or serialization failure', () => {
  it('answers 503 with Retry-After once every attempt failed, having run the whole transaction each time', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
    const coupon = await couponFor();
    await plan(1000);
    const res = await call(t.app, 'POST', '/api/orders', {
      token: customer.token,
      headers: { 'idempotency-key': 'retry-503' },
      body: orderBody([{ productId: product.id, size: 'M', color: 'Black', quantity: 2 }], { couponCode: coupon.code }),
    });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.body).toEqual({
      success: false,
      error: 'The server is busy, please try again in a moment.',
      message: 'The server is busy, please try again in a moment.',
      code: 'SERVICE_BUSY',
    });
    expect(await attempts()).toBe(TRANSACTION_ATTEMPTS);
    // Nothing of any attempt remains; the same Idempotency-Key then places the order once.
    expect(await stockOf(t.app, product.id)).toEqual([10, 0]);
    expect(await usedCount(coupon.id)).toBe(0);
    await plan(0);
    const again = await call(t.app, 'POST', '/api/orders', {
      token: customer.token,
      headers: { 'idempotency-key': 'retry-503' },
      body: orderBody([{ productId: product.id, size: 'M', color: 'Black', quantity: 2 }], { couponCode: coupon.code }),
    });
    expect(again.status).toBe(201);
    expect(await stockOf(t.app, product.id)).toEqual([10, 2]);
  });

  it('is run again and succeeds once when the conflict goes away, counting stock and coupon once', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
    const coupon = await couponFor();
    await plan(TRANSACTION_ATTEMPTS - 1, '40001');
    const body = orderBody([{ productId: product.id, size: 'M', color: 'Black', quantity: 3 }], {
      couponCode: coupon.code,
    });
    const res = await call(t.app, 'POST', '/api/orders', {
      token: customer.token,
      headers: { 'idempotency-key': 'retry-ok' },
      body,
    });
    expect(res.status).toBe(201);
    expect(await attempts()).toBe(TRANSACTION_ATTEMPTS);
    expect(await stockOf(t.app, product.id)).toEqual([10, 3]);
    expect(await usedCount(coupon.id)).toBe(1);
    const replay = await call(t.app, 'POST', '/api/orders', {
      token: customer.token,
      headers: { 'idempotency-key': 'retry-ok' },
      body,
    });
    expect(replay.body.data.order.id).toBe(res.body.data.order.id);
    expect(await t.app.db.select().from(orders).where(eq(orders.id, res.body.data.order.id))).toHaveLength(1);
    expect(await stockOf(t.app, product.id)).toEqual([10, 3]);
  });

  it('gives 503 for a status change that keeps failing, and leaves the order as it was', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
    const created = await call(t.app, 'POST', '/api/orders', {
      token: customer.token,
      body: orderBody([{ productId: product.id, size: 'M', color: 'Black', quantity: 1 }]),
    });
    await plan(1000, '40001');
    const res = await call(t.app, 'PUT', `/api/orders/${created.body.data.order.id}/status`, {
      token: admin.token,
      body: { status: 'cancelled', paymentStatus: 'pending' },
    });
    expect([res.status, res.headers['retry-after'], res.body.code]).toEqual([503, '1', 'SERVICE_BUSY']);
    expect(await stockOf(t.app, product.id)).toEqual([10, 1]);
  });

  it('is not run again once it called the payment provider (a refund is not repeated): 503 after one attempt', async () => {
    const { product } = await buildProduct(t.app.db, { price: 20 }, [{ size: 'M', color: 'Black', quantity: 10 }]);
    const item = { productId: product.id, size: 'M', color: 'Black', quantity: 1 };
    const session = await call(t.app, 'POST', '/api/checkout/create-session', {
      token: customer.token,
      body: { items: [item], shippingMethod: 'standard' },
    });
    const intentId = session.body.data.paymentIntent.id;
    const created = await call(t.app, 'POST', '/api/orders', {
      token: customer.token,
      body: orderBody([item], { paymentIntentId: intentId }),
    });
    const orderId = created.body.data.order.id;
    const paid = await call(t.app, 'POST', '/api/payments/confirm', {
      token: customer.token,
      body: { orderId, paymentIntentId: intentId },
    });
    expect(paid.status).toBe(200);
    await plan(1000);
    const res = await call(t.app, 'PUT', `/api/orders/${orderId}/cancel`, { token: admin.token, body: {} });
    expect([res.status, res.body.code]).toEqual([503, 'SERVICE_BUSY']);
    expect(await attempts()).toBe(1);
  });
});
