import { checkoutContracts, orderContracts, paymentContracts } from '@seamline/shared';
import { failure, isCallTo, ok, type SentRequest, stubApi } from '@seamline/ui/testing';
import { describe, expect, it } from 'vitest';
import { type CheckoutInput, placeAndPay } from './checkout-flow';
import { placedOrder } from './checkout-storage';

const input: CheckoutInput = {
  lines: [{ productId: 'p1', size: 'M', color: 'Black', quantity: 2, slug: 'tee', name: 'Tee', image: null }],
  email: 'ada@example.com',
  customer: false,
  address: {
    firstName: 'Ada',
    lastName: 'L',
    street: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
    country: 'US',
    phone: '5551234567',
  },
  shippingMethod: 'standard',
  couponCode: null,
  shownTotal: 50,
  paymentMethod: 'stripe',
  cardToken: 'tok_visa',
};
const attempt = { orderKey: 'order-key', payKey: 'pay-key' };

const ENDPOINTS = {
  guestSession: checkoutContracts.createGuestSession,
  session: checkoutContracts.createSession,
  guestOrder: orderContracts.createGuest,
  order: orderContracts.create,
  pay: paymentContracts.confirm,
};

/** Which of the checkout's endpoints a request went to. */
const endpointOf = (request: SentRequest) =>
  (Object.keys(ENDPOINTS) as (keyof typeof ENDPOINTS)[]).find((name) => isCallTo(request, ENDPOINTS[name]));

/** A store whose checkout session answers `total` and whose card answer is `pay`. */
function store({
  total = 50,
  pay = () => ok({ order: { orderNumber: 'SL-1' } }),
  bankTransfer = null as unknown,
} = {}) {
  let orders = 0;
  return stubApi((request) => {
    const endpoint = endpointOf(request);
    if (endpoint === 'guestSession' || endpoint === 'session') {
      const method = (request.body as { paymentMethod?: string }).paymentMethod;
      return ok({ totals: { total }, paymentIntent: method === 'stripe' ? { id: 'pi_1' } : null });
    }
    if (endpoint === 'guestOrder' || endpoint === 'order') {
      orders += 1;
      return ok({ order: { id: `o${orders}`, orderNumber: `SL-${orders}`, total }, bankTransfer }, 201);
    }
    if (endpoint === 'pay') return pay();
    return failure(404, 'unexpected call');
  });
}
const endpointsOf = (sent: SentRequest[]) => sent.map(endpointOf);

describe('placing and paying an order', () => {
  it('opens a guest session, places the order and pays it, each with its idempotency key', async () => {
    const sent = store();
    const outcome = await placeAndPay(input, attempt);
    expect(outcome).toEqual({ kind: 'paid', order: { orderNumber: 'SL-1' } });
    expect(endpointsOf(sent)).toEqual(['guestSession', 'guestOrder', 'pay']);
    expect(sent[0]?.headers['Idempotency-Key']).toBeUndefined();
    expect(sent[1]?.headers['Idempotency-Key']).toBe('order-key');
    expect(sent[2]?.headers['Idempotency-Key']).toBe('pay-key');
    expect(sent[0]?.body).toMatchObject({ paymentMethod: 'stripe' });
    expect(sent[1]?.body).toMatchObject({ paymentMethod: 'stripe', paymentIntentId: 'pi_1' });
    expect(sent[2]?.body).toMatchObject({ orderId: 'o1', paymentIntentId: 'pi_1', email: input.email });
    expect(placedOrder.read()).toBeNull();
  });

  it('uses the customer calls when signed in (no e-mail in the payment)', async () => {
    const sent = store();
    await placeAndPay({ ...input, customer: true }, attempt);
    expect(endpointsOf(sent)).toEqual(['session', 'order', 'pay']);
    expect(sent[2]?.body).not.toHaveProperty('email');
  });

  it('places nothing when the server total differs from the one shown', async () => {
    const sent = store({ total: 55 });
    expect(await placeAndPay(input, attempt)).toEqual({ kind: 'total-changed', totals: { total: 55 } });
    expect(endpointsOf(sent)).toEqual(['guestSession']);
  });

  it('keeps a declined order and pays that same order on retry, while nothing changed', async () => {
    let declines = 1;
    const sent = store({
      pay: () =>
        declines-- > 0
          ? failure(402, 'Your card was declined.', { code: 'PAYMENT_FAILED' })
          : ok({ order: { orderNumber: 'SL-1' } }),
    });
    const declined = await placeAndPay(input, attempt);
    expect(declined).toMatchObject({ kind: 'declined', message: 'Your card was declined.' });
    expect(placedOrder.read()?.orderNumber).toBe('SL-1');

    const retried = await placeAndPay({ ...input, cardToken: 'tok_other' }, { orderKey: 'k2', payKey: 'k3' });
    expect(retried.kind).toBe('paid');
    expect(endpointsOf(sent).filter((endpoint) => endpoint === 'guestOrder')).toHaveLength(1);
  });

  it('places a new order after a decline when the cart or address changed', async () => {
    let declines = 1;
    const sent = store({
      pay: () =>
        declines-- > 0 ? failure(402, 'Declined', { code: 'PAYMENT_FAILED' }) : ok({ order: { orderNumber: 'SL-2' } }),
    });
    await placeAndPay(input, attempt);
    await placeAndPay({ ...input, address: { ...input.address, street: '2 Main St' } }, attempt);
    expect(endpointsOf(sent).filter((endpoint) => endpoint === 'guestOrder')).toHaveLength(2);
  });

  it('places a bank-transfer order with its method and no card: no intent, no payment call', async () => {
    const bank = { reference: 'SLKQ4M7XPA', iban: 'DE89 3704', amount: 50 };
    const sent = store({ bankTransfer: bank });
    const outcome = await placeAndPay({ ...input, paymentMethod: 'bank_transfer', cardToken: null }, attempt);
    expect(outcome).toMatchObject({ kind: 'placed', order: { orderNumber: 'SL-1' }, bankTransfer: bank });
    expect(endpointsOf(sent)).toEqual(['guestSession', 'guestOrder']);
    expect(sent[0]?.body).toMatchObject({ paymentMethod: 'bank_transfer' });
    expect(sent[1]?.body).toMatchObject({ paymentMethod: 'bank_transfer' });
    expect(sent[1]?.body).not.toHaveProperty('paymentIntentId');
    expect(sent[1]?.headers['Idempotency-Key']).toBe('order-key');
  });

  it('places a cash-on-delivery order for a customer, and places nothing when the total changed', async () => {
    const sent = store();
    const cash = { ...input, customer: true, paymentMethod: 'cash' as const, cardToken: null };
    expect(await placeAndPay(cash, attempt)).toMatchObject({ kind: 'placed', bankTransfer: null });
    expect(endpointsOf(sent)).toEqual(['session', 'order']);
    const changed = store({ total: 60 });
    expect(await placeAndPay(cash, attempt)).toEqual({ kind: 'total-changed', totals: { total: 60 } });
    expect(endpointsOf(changed)).toEqual(['session']);
  });

  it('passes on any other failure of the payment', async () => {
    store({ pay: () => failure(500, 'Down') });
    await expect(placeAndPay(input, attempt)).rejects.toThrow('Down');
  });
});
