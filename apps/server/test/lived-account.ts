import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { mailOutbox } from '../src/db/schema/index.js';
import { buildProduct } from './factories.js';
import { call } from './harness.js';
import { runJob } from './jobs.js';
import { mailSettled } from './queue.js';

export const PASSWORD = 'Larkspur-pass-1';

let peopleMade = 0;

/**
 * A person with words found nowhere else, so any trace of them is theirs. The IP address is counted, not drawn: two
 * people of one test file with the same address would each find the other's traces. Its parts have three digits each,
 * so no address is a part of another.
 */
export function person(tag: string) {
  const serial = peopleMade++;
  const digits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0');
  return {
    email: `zephyrine.${tag}@example.com`,
    firstName: 'Zephyrine',
    lastName: `Quill${tag}`,
    phone: `555-${digits(3)}-${digits(4)}`,
    street: `742 ${tag} Terrace`,
    city: `Wren${tag}`,
    ip: `10.201.${100 + Math.floor(serial / 150)}.${100 + (serial % 150)}`,
    browser: `ZephyrBrowser/${tag}`,
    // Someone the person sent a gift to: named on one order only.
    recipient: { firstName: 'Bartholomew', lastName: `Ost${tag}`, street: `19 ${tag} Lane`, phone: `555${digits(7)}` },
  };
}
export type Person = ReturnType<typeof person>;

export const addressOf = (p: Person) => ({
  firstName: p.firstName,
  lastName: p.lastName,
  street: p.street,
  city: p.city,
  state: 'OR',
  zipCode: '97201',
  country: 'US',
  phone: p.phone,
});
const recipientAddress = (p: Person) => ({ ...addressOf(p), ...p.recipient, city: `Gift${p.city}` });

/** Every word that identifies the person or their gift's recipient. */
export const termsOf = (p: Person) => [
  p.email,
  p.lastName,
  p.phone,
  p.phone.replace(/\D/g, ''),
  p.street,
  p.city,
  p.ip,
  p.browser,
  p.recipient.lastName,
  p.recipient.street,
  p.recipient.phone,
];

export const as = (p: Person, token?: string) => ({
  ...(token ? { token } : {}),
  ip: p.ip,
  headers: { 'user-agent': p.browser },
});

export async function signIn(app: FastifyInstance, p: Person, password = PASSWORD) {
  return call(app, 'POST', '/api/auth/login', { ...as(p), body: { email: p.email, password } });
}

/**
 * The person's whole history through the API: a guest order first, then an account (confirmed e-mail, a failed and a
 * good sign-in, profile, address book, cart, card), a paid order to a gift recipient that staff ship, edit and see a
 * return asked and declined for, staff edits of the account and a bulk deactivation, mails sent and still queued.
 */
export async function livedAccount(app: FastifyInstance, admin: string, p: Person) {
  const { product } = await buildProduct(app.db, { price: 40 });
  const line = { productId: product.id, variantId: 'M-Black', size: 'M', color: 'Black', quantity: 1 };
  const guest = await call(app, 'POST', '/api/orders/guest', {
    ...as(p),
    headers: { 'user-agent': p.browser, 'idempotency-key': `guest-${p.lastName}` },
    body: {
      email: p.email,
      items: [line],
      shippingAddress: addressOf(p),
      billingAddress: addressOf(p),
      paymentMethod: 'stripe',
      notes: `Ring ${p.firstName} ${p.lastName} at ${p.phone}`,
    },
  });
  expect(guest.status).toBe(201);

  // A sign-in before there is an account: logged as a failure under the address alone.
  expect((await signIn(app, p)).status).toBe(401);
  const registered = await call(app, 'POST', '/api/auth/register', {
    ...as(p),
    body: { email: p.email, password: PASSWORD, firstName: p.firstName, lastName: p.lastName },
  });
  expect(registered.status).toBe(201);
  const userId: string = registered.body.data.user.id;
  // The verification link, as the person would open it from their mailbox.
  const [verification] = await app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toEmail, p.email), eq(mailOutbox.kind, 'email_verification')));
  const token = /token=([A-Za-z0-9_-]+)/.exec(verification!.body)![1]!;
  expect((await call(app, 'POST', '/api/auth/verify-email', { body: { token } })).status).toBe(200);
  expect((await signIn(app, p, 'wrong-password-1')).status).toBe(401);
  let me = (await signIn(app, p)).body.data.tokens.accessToken as string;

  await call(app, 'PUT', '/api/users/profile', {
    ...as(p, me),
    body: { firstName: p.firstName, lastName: p.lastName, phone: p.phone },
  });
  expect(
    (await call(app, 'POST', '/api/users/addresses', { ...as(p, me), body: { ...addressOf(p), label: 'Home' } }))
      .status,
  ).toBe(201);
  const { variantId: _variant, ...cartLine } = line;
  expect((await call(app, 'PUT', '/api/cart', { ...as(p, me), body: { items: [cartLine] } })).status).toBe(200);
  const card = await call(app, 'POST', '/api/payments/methods', {
    ...as(p, me),
    body: { token: `tok_${p.lastName}`, last4: '4242', brand: 'visa', expMonth: 12, expYear: 2030 },
  });
  expect(card.status).toBe(201);

  const placed = await call(app, 'POST', '/api/orders', {
    ...as(p, me),
    headers: { 'user-agent': p.browser, 'idempotency-key': `order-${p.lastName}` },
    body: {
      items: [line],
      shippingAddress: recipientAddress(p),
      billingAddress: addressOf(p),
      paymentMethod: 'stripe',
      notes: `A gift for ${p.recipient.firstName} ${p.recipient.lastName}`,
    },
  });
  expect(placed.status).toBe(201);
  const order = placed.body.data.order as { id: string; orderNumber: string; total: number };
  const intent = await call(app, 'POST', '/api/payments/create-payment-intent', {
    ...as(p, me),
    body: { amount: order.total, orderId: order.id },
  });
  const paid = await call(app, 'POST', '/api/payments/confirm', {
    ...as(p, me),
    body: { orderId: order.id, paymentIntentId: intent.body.data.paymentIntent.id },
  });
  expect(paid.status).toBe(200);
  for (const status of ['shipped', 'delivered'])
    expect(
      (
        await call(app, 'PUT', `/api/orders/${order.id}/status`, {
          token: admin,
          body: {
            status,
            paymentStatus: 'paid',
            trackingNumber: `1Z${p.lastName}`,
            trackingUrl: `https://track.example/${p.lastName}`,
            adminNotes: `${p.firstName} ${p.lastName} asked for gift wrap`,
          },
        })
      ).status,
    ).toBe(200);
  const asked = await call(app, 'POST', `/api/orders/${order.id}/refund`, {
    ...as(p, me),
    body: { reason: `${p.recipient.firstName} ${p.recipient.lastName} found it too small` },
  });
  expect(asked.status).toBe(200);
  const declined = await call(app, 'POST', `/api/admin/returns/${asked.body.data.refundRequest.id}/decline`, {
    token: admin,
    body: { reason: `${p.firstName} ${p.lastName}, the tag was removed` },
  });
  expect(declined.status).toBe(200);

  const edited = await call(app, 'PUT', `/api/admin/orders/${guest.body.data.order.id}`, {
    token: admin,
    body: { paymentMethod: 'stripe', shippingAddress: { ...addressOf(p), street: `${p.street} (back door)` } },
  });
  expect(edited.status).toBe(200);
  expect(
    (
      await call(app, 'PUT', `/api/admin/customers/${userId}`, {
        token: admin,
        body: { firstName: p.firstName, lastName: p.lastName, phone: p.recipient.phone },
      })
    ).status,
  ).toBe(200);
  const job = await runJob(app, admin, '/api/admin/customers/bulk/status', {
    selection: { ids: [userId] },
    isActive: false,
  });
  expect(job.result?.succeeded).toEqual([{ id: userId, label: p.email }]);
  await call(app, 'PUT', `/api/admin/customers/${userId}/status`, { token: admin, body: { isActive: true } });
  await mailSettled(app.db);
  me = (await signIn(app, p)).body.data.tokens.accessToken as string;
  // A mistyped password after the last sign-in, so a sign-in failure is on record.
  expect((await signIn(app, p, 'wrong-password-2')).status).toBe(401);
  return { userId, token: me, order, guestOrder: guest.body.data.order as { id: string; orderNumber: string } };
}
