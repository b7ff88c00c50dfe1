import { checkoutContracts, orderContracts, paymentContracts } from '@seamline/shared';
import { failure, isCallTo, ok, type SentRequest, stubApi } from '@seamline/ui/testing';
import type { PaymentIntentResult, Stripe, StripeElements } from '@stripe/stripe-js';
import { describe, expect, it } from 'vitest';
import {
  approvePayPal,
  type CheckoutInput,
  openPaymentSession,
  placeAndPay,
  placeForPayPal,
  sessionRequestOf,
} from './checkout-flow';
import { placedOrder } from './checkout-storage';
import { confirmStripePayment } from './components/StripePayment';

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
  pickupLocationId: null,
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
  provider = null as string | null,
} = {}) {
  let orders = 0;
  return stubApi((request) => {
    const endpoint = endpointOf(request);
    if (endpoint === 'guestSession' || endpoint === 'session') {
      const method = (request.body as { paymentMethod?: string }).paymentMethod;
      const intent = { id: 'pi_1', clientSecret: 'pi_1_secret', provider: provider ?? method };
      return ok({ totals: { total }, paymentIntent: method === 'stripe' || method === 'paypal' ? intent : null });
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
    expect(sent[1]?.body).not.toHaveProperty('pickupLocationId');
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

  it('places a pickup order at its shop: the session prices pickup, the order names the shop', async () => {
    const sent = store();
    const pickup = { ...input, shippingMethod: 'pickup' as const, pickupLocationId: 'shop-1' };
    expect(await placeAndPay(pickup, attempt)).toMatchObject({ kind: 'paid' });
    const [session, order] = sent;
    expect(session?.body).toMatchObject({ shippingMethod: 'pickup' });
    expect(session?.body).not.toHaveProperty('pickupLocationId');
    expect(order?.body).toMatchObject({ shippingMethod: 'pickup', pickupLocationId: 'shop-1' });
  });

  it('passes on any other failure of the payment', async () => {
    store({ pay: () => failure(500, 'Down') });
    await expect(placeAndPay(input, attempt)).rejects.toThrow('Down');
  });
});

// Stripe.js runs only in a real browser against Stripe: a stand-in answers confirmPayment as Stripe.js would, behind
// the Payment Element's own confirm (confirmStripePayment), and records the return addresses it was given.
function stripeAnswering(...answers: PaymentIntentResult[]) {
  const returnUrls: string[] = [];
  const stripe = {
    confirmPayment: async (options: { confirmParams: { return_url: string } }) => {
      returnUrls.push(options.confirmParams.return_url);
      return answers.shift();
    },
  } as unknown as Stripe;
  const confirm = (returnUrl: string) => confirmStripePayment(stripe, {} as StripeElements, returnUrl);
  return { confirm, returnUrls };
}
const intentLeft = (status: string) => ({ paymentIntent: { id: 'pi_1', status } }) as unknown as PaymentIntentResult;
const declinedByStripe = {
  error: { type: 'card_error', message: 'Your card has insufficient funds.' },
} as unknown as PaymentIntentResult;

/** The checkout with Stripe configured: the session opened when the shopper reached payment (then Pay). */
const stripeCheckout = () => openPaymentSession(sessionRequestOf(input));

describe('paying by card through Stripe', () => {
  it.each([
    ['succeeded', 'succeeded'],
    ['processing', 'processing'],
  ])(
    'places the order with the session’s intent, confirms with Stripe (%s) and never asks the store to confirm it',
    async (status) => {
      const sent = store({ provider: 'stripe' });
      const session = await stripeCheckout();
      const { confirm, returnUrls } = stripeAnswering(intentLeft(status));
      const outcome = await placeAndPay({ ...input, cardToken: null, stripe: { session, confirm } }, attempt);

      expect(outcome).toMatchObject({ kind: 'confirming', order: { orderNumber: 'SL-1' } });
      expect(endpointsOf(sent)).toEqual(['guestSession', 'guestOrder']);
      expect(sent[1]?.body).toMatchObject({ paymentMethod: 'stripe', paymentIntentId: 'pi_1' });
      expect(sent[1]?.headers['Idempotency-Key']).toBe('order-key');
      expect(returnUrls).toEqual([`${window.location.origin}/shop/checkout/return?order=SL-1`]);
      expect(placedOrder.read()).toBeNull();
    },
  );

  it('keeps the order after a failed card and confirms the same order and intent again on retry', async () => {
    const sent = store({ provider: 'stripe' });
    const session = await stripeCheckout();
    const { confirm, returnUrls } = stripeAnswering(declinedByStripe, intentLeft('succeeded'));
    const stripeInput = { ...input, cardToken: null, stripe: { session, confirm } };

    const declined = await placeAndPay(stripeInput, attempt);
    expect(declined).toMatchObject({ kind: 'declined', message: 'Your card has insufficient funds.' });
    expect(placedOrder.read()).toMatchObject({ orderNumber: 'SL-1', paymentIntentId: 'pi_1' });

    const retried = await placeAndPay(stripeInput, { orderKey: 'k2', payKey: 'k3' });
    expect(retried).toMatchObject({ kind: 'confirming', order: { orderNumber: 'SL-1' } });
    expect(endpointsOf(sent)).toEqual(['guestSession', 'guestOrder']);
    expect(returnUrls).toHaveLength(2);
  });

  it('does nothing more when Stripe sends the shopper to the bank’s page (3-D Secure)', async () => {
    const sent = store({ provider: 'stripe' });
    const session = await stripeCheckout();
    const { confirm } = stripeAnswering(intentLeft('requires_action'));
    const outcome = await placeAndPay({ ...input, cardToken: null, stripe: { session, confirm } }, attempt);
    expect(outcome).toEqual({ kind: 'redirected' });
    expect(endpointsOf(sent)).toEqual(['guestSession', 'guestOrder']);
  });

  it('places nothing and confirms nothing when the session’s total differs from the one shown', async () => {
    const sent = store({ provider: 'stripe', total: 55 });
    const session = await stripeCheckout();
    const { confirm, returnUrls } = stripeAnswering(intentLeft('succeeded'));
    const outcome = await placeAndPay({ ...input, cardToken: null, stripe: { session, confirm } }, attempt);
    expect(outcome).toEqual({ kind: 'total-changed', totals: { total: 55 } });
    expect(endpointsOf(sent)).toEqual(['guestSession']);
    expect(returnUrls).toEqual([]);
  });

  it('refuses a session whose intent is not Stripe’s', async () => {
    store({ provider: 'test' });
    const session = await stripeCheckout();
    const { confirm } = stripeAnswering(intentLeft('succeeded'));
    await expect(placeAndPay({ ...input, cardToken: null, stripe: { session, confirm } }, attempt)).rejects.toThrow(
      'The store opened no card payment',
    );
  });
});

describe('paying with PayPal', () => {
  const paypal = { ...input, paymentMethod: 'paypal' as const, cardToken: null };

  it('places the order once for PayPal’s createOrder and answers the intent id as the PayPal order', async () => {
    const sent = store({ provider: 'paypal' });
    expect(await placeForPayPal(paypal, attempt)).toEqual({ kind: 'placed', paypalOrderId: 'pi_1' });
    expect(sent[0]?.body).toMatchObject({ paymentMethod: 'paypal' });
    expect(sent[1]?.body).toMatchObject({ paymentMethod: 'paypal', paymentIntentId: 'pi_1' });
    expect(sent[1]?.headers['Idempotency-Key']).toBe('order-key');
    // The shopper closed PayPal's window and pressed the button again: the same order.
    expect(await placeForPayPal(paypal, { orderKey: 'k2', payKey: 'k3' })).toEqual({
      kind: 'placed',
      paypalOrderId: 'pi_1',
    });
    expect(endpointsOf(sent)).toEqual(['guestSession', 'guestOrder']);
  });

  it('places nothing when the total changed', async () => {
    const sent = store({ provider: 'paypal', total: 51 });
    expect(await placeForPayPal(paypal, attempt)).toEqual({ kind: 'total-changed', totals: { total: 51 } });
    expect(endpointsOf(sent)).toEqual(['guestSession']);
  });

  it('confirms the approved PayPal order through the store: paid', async () => {
    const sent = store({ provider: 'paypal' });
    await placeForPayPal(paypal, attempt);
    expect(await approvePayPal(paypal, 'pi_1', 'pay-key')).toEqual({ kind: 'paid', order: { orderNumber: 'SL-1' } });
    expect(sent[2]?.body).toEqual({ orderId: 'o1', paymentIntentId: 'pi_1', email: input.email });
    expect(sent[2]?.headers['Idempotency-Key']).toBe('pay-key');
    expect(placedOrder.read()).toBeNull();
  });

  it('asks for another funding source after a decline (402), then pays the same order', async () => {
    let declines = 1;
    const sent = store({
      provider: 'paypal',
      pay: () =>
        declines-- > 0
          ? failure(402, 'Your PayPal payment was declined.', { code: 'PAYMENT_FAILED' })
          : ok({ order: { orderNumber: 'SL-1' } }),
    });
    await placeForPayPal(paypal, attempt);
    expect(await approvePayPal(paypal, 'pi_1', 'pay-1')).toMatchObject({
      kind: 'declined',
      message: 'Your PayPal payment was declined.',
    });
    expect(await placeForPayPal(paypal, { orderKey: 'k2', payKey: 'k3' })).toMatchObject({ paypalOrderId: 'pi_1' });
    expect(await approvePayPal(paypal, 'pi_1', 'pay-2')).toMatchObject({ kind: 'paid' });
    expect(endpointsOf(sent)).toEqual(['guestSession', 'guestOrder', 'pay', 'pay']);
  });

  it('shows the order as placed with its payment pending while PayPal reviews it (409 PAYMENT_PENDING)', async () => {
    store({
      provider: 'paypal',
      pay: () => failure(409, 'PayPal is reviewing this payment.', { code: 'PAYMENT_PENDING' }),
    });
    await placeForPayPal(paypal, attempt);
    expect(await approvePayPal(paypal, 'pi_1', 'pay-key')).toMatchObject({
      kind: 'pending',
      order: { orderNumber: 'SL-1' },
    });
    expect(placedOrder.read()).toBeNull();
  });

  it('passes on any other conflict, and refuses an approval for another PayPal order', async () => {
    store({ provider: 'paypal', pay: () => failure(409, 'This order is already paid.', { code: 'CONFLICT' }) });
    await placeForPayPal(paypal, attempt);
    await expect(approvePayPal(paypal, 'OTHER', 'pay-key')).rejects.toThrow('does not belong to your order');
    await expect(approvePayPal(paypal, 'pi_1', 'pay-key')).rejects.toThrow('This order is already paid.');
  });

  it('is not paid through Pay: the PayPal button drives it', async () => {
    const sent = store({ provider: 'paypal' });
    await expect(placeAndPay(paypal, attempt)).rejects.toThrow('PayPal is paid with the PayPal button.');
    expect(sent).toEqual([]);
  });
});
