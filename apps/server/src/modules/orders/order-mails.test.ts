import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, buildUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { orderBody } from '../../../test/orders.js';
import { mailOutbox } from '../../db/schema/index.js';

const PUBLIC_URL = 'https://shop.example.com';
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL });
  admin = await signedIn(t.app, 'admin');
});
afterAll(async () => t.close());

const mailsTo = (to: string, kind: string) =>
  t.app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toEmail, to), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.createdAt));

/** A guest buys `quantity` of one product at `price` and pays as the storefront does (session, order, confirm). */
async function guestOrder(email: string, price: number, quantity = 2) {
  const { product } = await buildProduct(t.app.db, { name: 'Linen <Shirt>', price }, [
    { size: 'M', color: 'Black', quantity: 10 },
  ]);
  const items = [{ productId: product.id, size: 'M', color: 'Black', quantity }];
  const session = await call(t.app, 'POST', '/api/checkout/create-guest-session', { body: { email, items } });
  const intent = session.body.data.paymentIntent;
  const created = await call(t.app, 'POST', '/api/orders/guest', {
    body: orderBody(items, { email, paymentIntentId: intent.id }),
  });
  expect(created.status).toBe(201);
  const order = created.body.data.order;
  const pay = () =>
    call(t.app, 'POST', '/api/payments/confirm', { body: { orderId: order.id, paymentIntentId: intent.id, email } });
  return { order, pay };
}

describe('order mails', () => {
  it('mails the order confirmation (text and HTML, lines and totals, tracking link) when the order is paid', async () => {
    const email = 'guest.mail@example.com';
    const { order, pay } = await guestOrder(email, 20);
    expect(await mailsTo(email, 'order_confirmation')).toHaveLength(0);
    expect((await pay()).status).toBe(200);
    const [mail] = await mailsTo(email, 'order_confirmation');
    expect(mail!.subject).toBe(`Seamline order ${order.orderNumber} confirmed`);
    const link = `${PUBLIC_URL}/shop/track?order=${order.orderNumber}`;
    // 2 × $20 = $40; shipping $5.99; tax 8% = $3.20; total $49.19.
    for (const text of ['Hello Emma,', '2 × Linen <Shirt> (M / Black) — $40.00', 'Shipping: $5.99', 'Tax: $3.20']) {
      expect(mail!.body).toContain(text);
    }
    expect(mail!.body).toContain('Total: $49.19');
    expect(mail!.body).toContain(`Track your order: ${link}`);
    const html = mail!.html!;
    expect(html).toContain('Seamline');
    expect(html).toContain('Linen &lt;Shirt&gt;');
    expect(html).not.toContain('Linen <Shirt>');
    expect(html).toContain('<strong>$49.19</strong>');
    expect(html).toContain(`href="${link.replace('&', '&amp;')}"`);
  });

  it('sends no confirmation for a declined payment', async () => {
    const email = 'declined.mail@example.com';
    // 18.55 + 5.99 shipping + 1.48 tax = 26.02: the test provider declines totals ending in .02 (docs/features.md).
    const { order, pay } = await guestOrder(email, 18.55, 1);
    expect(order.total).toBe(26.02);
    expect((await pay()).status).toBe(402);
    expect(await mailsTo(email, 'order_confirmation')).toHaveLength(0);
  });

  it('mails the confirmation once when staff take the payment of an unpaid order', async () => {
    const email = 'staff.paid@example.com';
    const { order } = await guestOrder(email, 12);
    const paid = await call(t.app, 'PUT', `/api/orders/${order.id}/status`, {
      token: admin.token,
      body: { status: 'confirmed', paymentStatus: 'paid' },
    });
    expect(paid.status).toBe(200);
    await call(t.app, 'PUT', `/api/orders/${order.id}/status`, {
      token: admin.token,
      body: { status: 'shipped', paymentStatus: 'paid' },
    });
    expect(await mailsTo(email, 'order_confirmation')).toHaveLength(1);
    expect(await mailsTo(email, 'order_shipped')).toHaveLength(1);
  });

  it('mails the shipping notice once, with the tracking number and link, when staff mark the order shipped', async () => {
    const email = 'shipped.mail@example.com';
    const { order, pay } = await guestOrder(email, 30);
    await pay();
    const ship = await call(t.app, 'PUT', `/api/orders/${order.id}/status`, {
      token: admin.token,
      body: { status: 'shipped', paymentStatus: 'paid', trackingNumber: '1Z999AA10123456784' },
    });
    expect(ship.status).toBe(200);
    const [mail] = await mailsTo(email, 'order_shipped');
    expect(mail!.subject).toBe(`Seamline order ${order.orderNumber} has shipped`);
    expect(mail!.body).toContain('Tracking number: 1Z999AA10123456784');
    expect(mail!.body).toContain(`${PUBLIC_URL}/shop/track?order=${order.orderNumber}`);
    expect(mail!.html).toContain('<strong>1Z999AA10123456784</strong>');
    // A later note or delivery does not mail the shipping notice again.
    await call(t.app, 'PUT', `/api/orders/${order.id}/status`, { token: admin.token, body: { adminNotes: 'ok' } });
    await call(t.app, 'PUT', `/api/orders/${order.id}/status`, {
      token: admin.token,
      body: { status: 'delivered', paymentStatus: 'paid' },
    });
    expect(await mailsTo(email, 'order_shipped')).toHaveLength(1);
  });
});

describe('account mails link to the right app', () => {
  it('customers verify and reset in the storefront; staff reset in the back office', async () => {
    const shopper = 'new.mail.shopper@example.com';
    await call(t.app, 'POST', '/api/auth/register', { body: { email: shopper, password: 'longenough1' } });
    const [verify] = await mailsTo(shopper, 'email_verification');
    expect(verify!.body).toMatch(new RegExp(`${PUBLIC_URL}/shop/account/verify-email\\?token=[A-Za-z0-9_-]+`));
    await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email: shopper } });
    const [reset] = await mailsTo(shopper, 'password_reset');
    expect(reset!.body).toMatch(new RegExp(`${PUBLIC_URL}/shop/account/reset-password\\?token=[A-Za-z0-9_-]+`));
    const staff = await buildUser(t.app.db, { role: 'support' });
    await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email: staff.email } });
    const [staffReset] = await mailsTo(staff.email, 'password_reset');
    expect(staffReset!.body).toMatch(new RegExp(`${PUBLIC_URL}/reset-password\\?token=`));
  });
});
