import { checkoutContracts, locationContracts, orderContracts, paymentContracts } from '@seamline/shared';
import { failure, isCallTo, ok, stubApi } from '@seamline/ui/testing';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { cart } from '../../lib/cart';
import { type ConfirmedOrder, confirmedOrder } from './checkout-storage';
import { fillForm, renderCheckout } from './checkout-test-kit';
import ConfirmationPage from './pages/ConfirmationPage';
import { PAYMENT_POLL_MS, PAYMENT_POLL_TRIES } from './use-payment-confirmation';

describe('the checkout page', () => {
  it('names every missing field with the shared messages on Pay and focuses the first', async () => {
    const { sent } = renderCheckout(() => failure(500, 'nothing is placed'));
    fireEvent.click(await screen.findByRole('button', { name: /^Pay \$/ }, { timeout: 5_000 }));
    await screen.findByText('First name is required.');
    expect(screen.getByText('Enter a valid card number.')).toBeTruthy();
    expect(document.activeElement?.id).toBe('email');
    const reads = [
      checkoutContracts.calculateShipping,
      checkoutContracts.paymentOptions,
      locationContracts.pickupLocations,
    ];
    expect(sent.every((request) => reads.some((read) => isCallTo(request, read)))).toBe(true);
  });

  it('prices the chosen shipping method and pays the total shown, then opens the confirmation', async () => {
    const { sent, location } = renderCheckout((request) => {
      if (isCallTo(request, checkoutContracts.createGuestSession)) {
        const body = request.body as { shippingMethod: string };
        return ok({
          totals: { total: body.shippingMethod === 'express' ? shownTotal() : -1 },
          paymentIntent: { id: 'pi' },
        });
      }
      if (isCallTo(request, orderContracts.createGuest))
        return ok({ order: { id: 'o1', orderNumber: 'SL-9', total: 1 } }, 201);
      if (isCallTo(request, paymentContracts.confirm)) return ok({ order: { orderNumber: 'SL-9' } });
      return failure(404, 'unexpected call');
    });
    const shownTotal = () =>
      Number(screen.getByRole('button', { name: /^Pay \$/ }).textContent?.replace(/[^\d.]/g, ''));
    fireEvent.click(await screen.findByRole('radio', { name: /Express Shipping/ }, { timeout: 5_000 }));
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: /^Pay \$/ }));

    await waitFor(() => expect(location.history).toContain('/confirmation/SL-9'));
    const session = sent.find((request) => isCallTo(request, checkoutContracts.createGuestSession));
    expect(session?.body).toMatchObject({
      email: 'ada@example.com',
      shippingMethod: 'express',
      items: [{ productId: 'p1', size: 'M', color: 'Black', quantity: 2 }],
      shippingAddress: { firstName: 'Ada', street: '1 Main St', country: 'US' },
    });
    const payment = sent.find((request) => isCallTo(request, paymentContracts.confirm));
    expect(payment?.body).toMatchObject({ orderId: 'o1', paymentMethod: 'tok_test_4242' });
    expect(cart.lines()).toEqual([]);
  });

  it('asks to check a total the server changed, and keeps the cart', async () => {
    renderCheckout((request) =>
      isCallTo(request, checkoutContracts.createGuestSession)
        ? ok({ totals: { total: 0.01 }, paymentIntent: { id: 'pi' } })
        : failure(404, 'unexpected call'),
    );
    await screen.findByRole('button', { name: /^Pay \$/ }, { timeout: 5_000 });
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: /^Pay \$/ }));
    await screen.findByText(/Prices changed since you opened checkout/);
    expect(cart.lines()).toHaveLength(1);
  });
});

const OPTIONS = {
  methods: ['stripe', 'cash', 'bank_transfer'],
  testMode: true,
  stripe: null,
  paypal: null,
  cashMaxTotal: 300,
  bankTransferDays: 7,
};
const BANK = {
  accountName: 'Seamline Ltd',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  bankName: null,
  reference: 'SLKQ4M7XPA',
  amount: 49.19,
  dueAt: '2026-12-09T12:00:00.000Z',
};

describe('paying later', () => {
  it('offers the methods the store has on; a bank transfer is placed without a card and opens the confirmation', async () => {
    const { sent, location } = renderCheckout((request) => {
      if (isCallTo(request, checkoutContracts.paymentOptions)) return ok(OPTIONS);
      if (isCallTo(request, checkoutContracts.createGuestSession))
        return ok({ totals: { total: shownTotal() }, paymentIntent: null });
      if (isCallTo(request, orderContracts.createGuest))
        return ok({ order: { id: 'o1', orderNumber: 'SL-7', total: 1 }, bankTransfer: BANK }, 201);
      return failure(404, 'unexpected call');
    });
    const shownTotal = () =>
      Number(
        screen
          .getByRole('button', { name: /^Place order/ })
          .textContent?.split('$')[1]
          ?.replace(/[^\d.]/g, ''),
      );
    const card = await screen.findByRole('radio', { name: /^Card\s*\(test mode\)$/ }, { timeout: 5_000 });
    expect(card).toHaveProperty('checked', true);
    expect(screen.queryByRole('radio', { name: /Stripe/ })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Cash on Delivery' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Bank Transfer' }));
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getByTestId('bank-transfer-note').textContent).toContain('7 days');
    fillForm({ card: false });
    fireEvent.click(screen.getByRole('button', { name: /^Place order/ }));

    await waitFor(() => expect(location.history).toContain('/confirmation/SL-7'));
    const order = sent.find((request) => isCallTo(request, orderContracts.createGuest));
    expect(order?.body).toMatchObject({ paymentMethod: 'bank_transfer' });
    expect(order?.body).not.toHaveProperty('paymentIntentId');
    expect(sent.some((request) => isCallTo(request, paymentContracts.confirm))).toBe(false);
    expect(confirmedOrder.read('SL-7')?.bankTransfer).toEqual(BANK);
    expect(cart.lines()).toEqual([]);
  });

  it('shows the bank details, the reference and the deadline on the confirmation', async () => {
    const order = { orderNumber: 'SL-7', paymentMethod: 'bank_transfer', total: 49.19, items: [], email: 'a@b.co' };
    confirmedOrder.save(
      {
        ...order,
        shippingAddress: {
          firstName: 'Ada',
          lastName: 'L',
          street: '1',
          city: 'C',
          state: 'S',
          zipCode: '1',
          country: 'US',
        },
        subtotal: 40,
        discount: 0,
        shipping: 5.99,
        tax: 3.2,
        couponCode: null,
      } as never,
      BANK,
    );
    // Mounted as in the shop: under /shop, inside the checkout's nested routes.
    const location = memoryLocation({ path: '/shop/checkout/confirmation/SL-7' });
    render(
      <Router hook={location.hook} base="/shop">
        <Route path="/checkout" nest>
          <Route path="/confirmation/:orderNumber">
            <ConfirmationPage />
          </Route>
        </Route>
      </Router>,
    );
    const details = await screen.findByTestId('bank-transfer-details');
    // Its links stay in the shop, not the back office at /.
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/shop');
    expect(screen.getByRole('link', { name: /Track/ }).getAttribute('href')).toMatch(/^\/shop\/track\?order=SL-7/);
    expect(screen.getByTestId('payment-reference').textContent).toBe('SLKQ4M7XPA');
    expect(details.textContent).toContain('DE89 3704 0044 0532 0130 00');
    expect(details.textContent).toContain('$49.19');
    expect(screen.getByTestId('payment-deadline').textContent).toContain('December 2026');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('is placed');
  });
});

describe('paying through a card provider or PayPal', () => {
  const STRIPE_OPTIONS = {
    ...OPTIONS,
    methods: ['stripe', 'paypal', 'cash'],
    testMode: false,
    stripe: { publishableKey: 'pk_test_1' },
    paypal: { clientId: 'client-1' },
  };

  it('offers the card without test fields and opens its session once the details are in; PayPal replaces Pay', async () => {
    const { sent } = renderCheckout((request) => {
      if (isCallTo(request, checkoutContracts.paymentOptions)) return ok(STRIPE_OPTIONS);
      if (isCallTo(request, checkoutContracts.createGuestSession))
        return ok({
          totals: { total: 45.99 },
          paymentIntent: { id: 'pi_1', clientSecret: 'pi_1_secret_x', provider: 'stripe' },
        });
      return failure(404, 'unexpected call');
    });
    const card = await screen.findByRole('radio', { name: 'Card' }, { timeout: 5_000 });
    expect(card).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'PayPal' })).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getByTestId('card-waiting').textContent).toContain('once your contact and shipping details are in');
    const sessions = () => sent.filter((request) => isCallTo(request, checkoutContracts.createGuestSession));
    expect(sessions()).toEqual([]);

    fillForm({ card: false });
    await waitFor(() => expect(sessions()).toHaveLength(1));
    expect(sessions()[0]?.body).toMatchObject({ paymentMethod: 'stripe', email: 'ada@example.com' });
    await waitFor(() => expect(screen.queryByTestId('card-waiting')).toBeNull());
    // Stripe.js is not loaded here, so its card form never becomes ready: Pay asks for the card and places nothing.
    fireEvent.click(screen.getByRole('button', { name: /^Pay \$/ }));
    await screen.findByText('Enter your card details in the card form first.');
    expect(sent.some((request) => isCallTo(request, orderContracts.createGuest))).toBe(false);

    fireEvent.click(screen.getByRole('radio', { name: 'PayPal' }));
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(await screen.findByText('Loading PayPal…')).toBeTruthy();
  });
});

describe('the confirmation of a payment still settling', () => {
  const shippingAddress = {
    firstName: 'Ada',
    lastName: 'L',
    street: '1',
    city: 'C',
    state: 'S',
    zipCode: '1',
    country: 'US',
  };
  const placed = {
    id: 'o1',
    orderNumber: 'SL-8',
    paymentMethod: 'stripe',
    paymentStatus: 'pending',
    total: 49.19,
    items: [],
    customer: null,
    guestEmail: 'ada@example.com',
    email: 'ada@example.com',
    shippingAddress,
    subtotal: 40,
    discount: 0,
    shipping: 5.99,
    tax: 3.2,
    couponCode: null,
  } as unknown as ConfirmedOrder;

  function renderConfirmation() {
    const location = memoryLocation({ path: '/confirmation/SL-8' });
    render(
      <Router hook={location.hook}>
        <Route path="/confirmation/:orderNumber">
          <ConfirmationPage />
        </Route>
      </Router>,
    );
  }

  afterEach(() => vi.useRealTimers());

  it('says the payment is being confirmed and checks the guest’s order every 2 s until it is paid', async () => {
    vi.useFakeTimers();
    confirmedOrder.save(placed, null, 'confirming');
    let checks = 0;
    const sent = stubApi((request) => {
      if (!isCallTo(request, orderContracts.track)) return failure(404, 'unexpected call');
      checks += 1;
      return ok({
        order: { ...placed, paymentStatus: checks < 3 ? 'pending' : 'paid' },
        tracking: {},
        bankTransfer: null,
      });
    });
    renderConfirmation();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('is placed');
    expect(screen.getByTestId('payment-progress').textContent).toContain('we are confirming it');
    expect(sent).toEqual([]);

    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toContain('/orders/track/SL-8');
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 2);
    expect(sent).toHaveLength(3);
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('is confirmed'));
    expect(screen.queryByTestId('payment-progress')).toBeNull();
    expect(confirmedOrder.read('SL-8')).toMatchObject({ paymentStatus: 'paid', payment: null });
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 3);
    expect(sent).toHaveLength(3);
  });

  it('checks a customer’s own order, and after about a minute says it is still being confirmed', async () => {
    vi.useFakeTimers();
    confirmedOrder.save({ ...placed, customer: { id: 'c1' }, guestEmail: null } as never, null, 'confirming');
    const sent = stubApi((request) =>
      isCallTo(request, orderContracts.get) ? ok({ order: placed }) : failure(404, 'unexpected call'),
    );
    renderConfirmation();
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * PAYMENT_POLL_TRIES);
    expect(sent).toHaveLength(PAYMENT_POLL_TRIES);
    expect(sent[0]?.path).toMatch(/\/orders\/o1$/);
    await vi.waitFor(() =>
      expect(screen.getByTestId('payment-progress').textContent).toContain('still being confirmed'),
    );
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 5);
    expect(sent).toHaveLength(PAYMENT_POLL_TRIES);
  });

  it('shows a PayPal order under review as placed with its payment pending, without checking', async () => {
    confirmedOrder.save({ ...placed, paymentMethod: 'paypal' } as never, null, 'pending');
    const sent = stubApi(() => failure(404, 'unexpected call'));
    renderConfirmation();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('is placed');
    expect(screen.getByTestId('payment-progress').textContent).toContain('PayPal payment is pending');
    expect(sent).toEqual([]);
  });
});

describe('a cart the store could not price', () => {
  it('says so with a way to price it again, and lets the shopper place the order once it is priced', async () => {
    let down = true;
    const { sent } = renderCheckout(
      () => failure(404, 'unexpected call'),
      [],
      () => down,
    );
    const again = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5_000 });
    expect(screen.getByText('Internal server error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay' })).toHaveProperty('disabled', true);
    // A server error is tried once more by itself before the shopper is asked.
    expect(sent.filter((request) => isCallTo(request, checkoutContracts.calculateShipping))).toHaveLength(2);

    down = false;
    fireEvent.click(again);
    const pay = await screen.findByRole('button', { name: /^Pay \$/ });
    expect(pay).toHaveProperty('disabled', false);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
