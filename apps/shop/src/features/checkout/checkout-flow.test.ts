import { ApiError } from '@seamline/client';
import { checkoutContracts, orderContracts, paymentContracts } from '@seamline/shared';
import { describe, expect, it } from 'vitest';
import { type Call, mockApi } from '../../test/api-mock';
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
  cardToken: 'tok_visa',
};
const attempt = { orderKey: 'order-key', payKey: 'pay-key' };

/** A store whose checkout session answers `total` and whose card answer is `pay` (a function may throw). */
function store({ total = 50, pay = () => ({ order: { orderNumber: 'SL-1' } }) } = {}) {
  let orders = 0;
  return mockApi(({ contract }: Call) => {
    if (contract === checkoutContracts.createGuestSession || contract === checkoutContracts.createSession)
      return { totals: { total }, paymentIntent: { id: 'pi_1' } };
    if (contract === orderContracts.createGuest || contract === orderContracts.create) {
      orders += 1;
      return { order: { id: `o${orders}`, orderNumber: `SL-${orders}`, total } };
    }
    if (contract === paymentContracts.confirm) return pay();
    throw new Error('unexpected call');
  });
}
const contractsOf = (calls: Call[]) => calls.map((call) => call.contract);

describe('placing and paying an order', () => {
  it('opens a guest session, places the order and pays it, each with its idempotency key', async () => {
    const calls = store();
    const outcome = await placeAndPay(input, attempt);
    expect(outcome).toEqual({ kind: 'paid', order: { orderNumber: 'SL-1' } });
    expect(contractsOf(calls)).toEqual([
      checkoutContracts.createGuestSession,
      orderContracts.createGuest,
      paymentContracts.confirm,
    ]);
    expect(calls[1]?.input?.headers).toEqual({ 'Idempotency-Key': 'order-key' });
    expect(calls[2]?.input?.headers).toEqual({ 'Idempotency-Key': 'pay-key' });
    expect(calls[2]?.input?.body).toMatchObject({ orderId: 'o1', paymentIntentId: 'pi_1', email: input.email });
    expect(placedOrder.read()).toBeNull();
  });

  it('uses the customer calls when signed in (no e-mail in the payment)', async () => {
    const calls = store();
    await placeAndPay({ ...input, customer: true }, attempt);
    expect(contractsOf(calls)).toEqual([
      checkoutContracts.createSession,
      orderContracts.create,
      paymentContracts.confirm,
    ]);
    expect(calls[2]?.input?.body).not.toHaveProperty('email');
  });

  it('places nothing when the server total differs from the one shown', async () => {
    const calls = store({ total: 55 });
    expect(await placeAndPay(input, attempt)).toEqual({ kind: 'total-changed', totals: { total: 55 } });
    expect(contractsOf(calls)).toEqual([checkoutContracts.createGuestSession]);
  });

  it('keeps a declined order and pays that same order on retry, while nothing changed', async () => {
    let declines = 1;
    const calls = store({
      pay: () => {
        if (declines-- > 0) throw new ApiError('Your card was declined.', 402, 'PAYMENT_FAILED');
        return { order: { orderNumber: 'SL-1' } };
      },
    });
    const declined = await placeAndPay(input, attempt);
    expect(declined).toMatchObject({ kind: 'declined', message: 'Your card was declined.' });
    expect(placedOrder.read()?.orderNumber).toBe('SL-1');

    const retried = await placeAndPay({ ...input, cardToken: 'tok_other' }, { orderKey: 'k2', payKey: 'k3' });
    expect(retried.kind).toBe('paid');
    expect(contractsOf(calls).filter((contract) => contract === orderContracts.createGuest)).toHaveLength(1);
  });

  it('places a new order after a decline when the cart or address changed', async () => {
    let declines = 1;
    const calls = store({
      pay: () => {
        if (declines-- > 0) throw new ApiError('Declined', 402, 'PAYMENT_FAILED');
        return { order: { orderNumber: 'SL-2' } };
      },
    });
    await placeAndPay(input, attempt);
    await placeAndPay({ ...input, address: { ...input.address, street: '2 Main St' } }, attempt);
    expect(contractsOf(calls).filter((contract) => contract === orderContracts.createGuest)).toHaveLength(2);
  });

  it('passes on any other failure of the payment', async () => {
    store({
      pay: () => {
        throw new ApiError('Down', 503);
      },
    });
    await expect(placeAndPay(input, attempt)).rejects.toThrow('Down');
  });
});
