import { COUPON_REASONS } from '@seamline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { orderBody } from '../../../test/orders.js';
import { couponRedemptions, coupons } from '../../db/schema/index.js';

/*
 * Per-customer coupon limits count a person by their normalised e-mail, whether they order as a guest or signed in:
 * trimmed, lower-cased, and for Gmail without dots and +tag. Through the public order endpoints, on real PostgreSQL.
 */
let t: TestApp;
let admin: string;
let productId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
  const { product } = await buildProduct(t.app.db, { price: 50 }, [{ size: 'M', color: 'Black', quantity: 1000 }]);
  productId = product.id;
});
afterAll(async () => t.close());

const items = [{ productId: '', size: 'M', color: 'Black', quantity: 1 }];
const cart = () => items.map((item) => ({ ...item, productId }));

async function newCoupon(overrides: Record<string, unknown> = {}) {
  const res = await call(t.app, 'POST', '/api/admin/coupons', {
    token: admin,
    body: { name: 'Once per customer', type: 'percentage', value: 10, userUsageLimit: 1, ...overrides },
  });
  expect(res.status).toBe(201);
  return res.body.data.data as { id: string; code: string };
}

const guestOrder = (email: string, couponCode: string) =>
  call(t.app, 'POST', '/api/orders/guest', { body: orderBody(cart(), { email, couponCode }) });
const customerOrder = (token: string, couponCode: string) =>
  call(t.app, 'POST', '/api/orders', { token, body: orderBody(cart(), { couponCode }) });

const usedCount = async (id: string) =>
  (await t.app.db.select({ n: coupons.usedCount }).from(coupons).where(eq(coupons.id, id)))[0]!.n;
const redemptionsOf = (id: string) =>
  t.app.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, id));

const refusedForLimit = (res: { status: number; body: { message?: string } }) =>
  expect([res.status, res.body.message]).toEqual([400, COUPON_REASONS.userLimit]);

describe('per-customer coupon limits for guests', () => {
  it('10 parallel guest orders with one e-mail against a 1-per-customer coupon: exactly one is placed', async () => {
    const coupon = await newCoupon();
    const results = await Promise.all(Array.from({ length: 10 }, () => guestOrder('shopper@example.com', coupon.code)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const refused of results.filter((r) => r.status !== 201)) refusedForLimit(refused);
    expect(await usedCount(coupon.id)).toBe(1);
    expect((await redemptionsOf(coupon.id)).map((r) => r.emailKey)).toEqual(['shopper@example.com']);
  });

  it('the same e-mail in any case or spacing is the same guest; another e-mail is another guest', async () => {
    const coupon = await newCoupon();
    expect((await guestOrder('Pat.Lee@Example.com', coupon.code)).status).toBe(201);
    refusedForLimit(await guestOrder('  pat.lee@EXAMPLE.COM ', coupon.code));
    expect((await guestOrder('sam.lee@example.com', coupon.code)).status).toBe(201);
    expect(await usedCount(coupon.id)).toBe(2);
  });

  it('a Gmail address is the same guest without its dots and +tag (googlemail.com too)', async () => {
    const coupon = await newCoupon();
    expect((await guestOrder('jo.doe+spring@gmail.com', coupon.code)).status).toBe(201);
    refusedForLimit(await guestOrder('JoDoe@googlemail.com', coupon.code));
    refusedForLimit(await guestOrder('j.o.d.o.e+other@gmail.com', coupon.code));
    // Outside Gmail, dots and tags may name other mailboxes: another person.
    expect((await guestOrder('jo.doe+spring@example.com', coupon.code)).status).toBe(201);
    expect((await guestOrder('jodoe@example.com', coupon.code)).status).toBe(201);
  });

  it('a limit of 2 per customer lets one e-mail use it twice, also in parallel', async () => {
    const coupon = await newCoupon({ userUsageLimit: 2 });
    const results = await Promise.all(Array.from({ length: 6 }, () => guestOrder('twice@example.com', coupon.code)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    for (const refused of results.filter((r) => r.status !== 201)) refusedForLimit(refused);
    expect(await usedCount(coupon.id)).toBe(2);
  });

  it('a cancelled guest order gives its use back: the e-mail may use the coupon again', async () => {
    const coupon = await newCoupon();
    const first = await guestOrder('returns@example.com', coupon.code);
    expect(first.status).toBe(201);
    refusedForLimit(await guestOrder('returns@example.com', coupon.code));
    const cancel = await call(t.app, 'PUT', `/api/orders/${first.body.data.order.id}/status`, {
      token: admin,
      body: { status: 'cancelled', paymentStatus: 'pending' },
    });
    expect(cancel.status).toBe(200);
    expect(await usedCount(coupon.id)).toBe(0);
    expect((await guestOrder('returns@example.com', coupon.code)).status).toBe(201);
  });
});

describe('a customer and a guest with their e-mail are one buyer', () => {
  it('a registered customer who used the coupon cannot use it again as a guest with their e-mail', async () => {
    const customer = await signedIn(t.app, 'customer', { email: 'ada.lovelace@example.com' });
    const coupon = await newCoupon();
    expect((await customerOrder(customer.token, coupon.code)).status).toBe(201);
    refusedForLimit(await guestOrder('ada.lovelace@example.com', coupon.code));
    refusedForLimit(await guestOrder(' ADA.Lovelace@Example.COM  ', coupon.code));
    expect(await usedCount(coupon.id)).toBe(1);
  });

  it('10 parallel orders from a customer and as guests with their e-mail: exactly one is placed', async () => {
    const customer = await signedIn(t.app, 'customer', { email: 'grace.hopper@gmail.com' });
    const coupon = await newCoupon();
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => customerOrder(customer.token, coupon.code)),
      ...Array.from({ length: 5 }, (_, i) =>
        guestOrder(i % 2 ? 'Grace.Hopper@gmail.com' : 'gracehopper+x@gmail.com', coupon.code),
      ),
    ]);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const refused of results.filter((r) => r.status !== 201)) refusedForLimit(refused);
    expect(await usedCount(coupon.id)).toBe(1);
  });

  it('a guest who used the coupon cannot use it again after signing up with that e-mail', async () => {
    const coupon = await newCoupon();
    expect((await guestOrder('Later.Member@example.com', coupon.code)).status).toBe(201);
    const customer = await signedIn(t.app, 'customer', { email: 'later.member@example.com' });
    refusedForLimit(await customerOrder(customer.token, coupon.code));
    const validate = await call(t.app, 'POST', '/api/coupons/validate', {
      token: customer.token,
      body: { code: coupon.code, subtotal: 50 },
    });
    expect([validate.status, validate.body.message]).toEqual([400, COUPON_REASONS.userLimit]);
  });

  it("a guest checkout session prices the coupon for the guest's e-mail", async () => {
    const coupon = await newCoupon();
    expect((await guestOrder('session@example.com', coupon.code)).status).toBe(201);
    const session = (email: string) =>
      call(t.app, 'POST', '/api/checkout/create-guest-session', {
        body: { email, items: cart(), couponCode: coupon.code },
      });
    const used = await session('SESSION@example.com');
    expect([used.status, used.body.message]).toEqual([400, COUPON_REASONS.userLimit]);
    expect((await session('someone.else@example.com')).body.data.totals.discount).toBe(5);
  });

  it('a first-order coupon counts the guest orders placed under the customer’s e-mail', async () => {
    const firstOrder = await newCoupon({ firstTimeUserOnly: true, userUsageLimit: 5 });
    expect((await guestOrder('first.timer@gmail.com', '')).status).toBe(201);
    const customer = await signedIn(t.app, 'customer', { email: 'firsttimer@gmail.com' });
    const res = await customerOrder(customer.token, firstOrder.code);
    expect([res.status, res.body.message]).toEqual([400, COUPON_REASONS.firstOrderOnly]);
    // Guests are still asked to sign in for it, whatever their e-mail.
    const guest = await guestOrder('brand.new@example.com', firstOrder.code);
    expect([guest.status, guest.body.message]).toEqual([400, COUPON_REASONS.signInRequired]);
    const fresh = await signedIn(t.app, 'customer', { email: 'never.ordered@example.com' });
    expect((await customerOrder(fresh.token, firstOrder.code)).status).toBe(201);
  });
});
