import type {
  AddressInput,
  BankTransferInstructionsView,
  OrderTotals,
  OrderView,
  PaymentMethod,
  ShippingMethod,
} from '@seamline/shared';
import type { CartLine } from '../../lib/cart';
import { confirmPayment, createCheckoutSession, createOrder } from './api';
import { type PlacedOrder, placedOrder } from './checkout-storage';
import { type ConfirmStripePayment, stripeReturnUrl } from './components/StripePayment';

/** A checkout session's answer: the exact totals and the payment intent (null for cash and bank transfer). */
export type PaymentSession = Awaited<ReturnType<typeof createCheckoutSession>>['data'];

/** Cards through Stripe: the session opened when the shopper reached payment, and the Payment Element's confirm. */
export type StripeCheckout = { session: PaymentSession; confirm: ConfirmStripePayment };

export type CheckoutInput = {
  lines: readonly CartLine[];
  email: string;
  /** Signed in: the customer's own calls (session, order); otherwise the guest calls. */
  customer: boolean;
  address: AddressInput;
  shippingMethod: ShippingMethod;
  /** With shippingMethod `pickup`: the shop the order is collected at (null for a delivery). */
  pickupLocationId: string | null;
  couponCode: string | null;
  /** The total the shopper was shown: the server's session must agree before anything is placed. */
  shownTotal: number;
  /** How the shopper pays: cards (`stripe`), PayPal, cash on delivery or bank transfer. */
  paymentMethod: PaymentMethod;
  /** The card's token (cards through the built-in test provider); null for methods paid without a card. */
  cardToken: string | null;
  /** Cards through Stripe (the store has Stripe configured): the card is paid with Stripe.js, not a token. */
  stripe?: StripeCheckout | null;
};

/** One attempt's keys: the same attempt sent twice (double click, lost answer) places and pays once. */
export type Attempt = { orderKey: string; payKey: string };

export type CheckoutOutcome =
  | { kind: 'paid'; order: OrderView }
  /** Cash on delivery or bank transfer: placed, paid later (`bankTransfer` says where to send a transfer). */
  | { kind: 'placed'; order: OrderView; bankTransfer: BankTransferInstructionsView | null }
  /** Stripe took the payment: the order is paid when Stripe's webhook tells the store (the confirmation checks). */
  | { kind: 'confirming'; order: OrderView }
  /** PayPal is reviewing the payment: the order is placed, its payment pending. */
  | { kind: 'pending'; order: OrderView }
  /** The browser is leaving for the bank's page (3-D Secure) and comes back to the return page. */
  | { kind: 'redirected' }
  | { kind: 'total-changed'; totals: OrderTotals }
  | { kind: 'declined'; message: string; order: PlacedOrder };

/** What an order was placed for: a retry pays that order only while none of it has changed. */
const orderSignature = (input: CheckoutInput) =>
  JSON.stringify([
    input.lines.map((line) => `${line.productId}|${line.size}|${line.color}|${line.quantity}`),
    input.email,
    input.address,
    input.shippingMethod,
    input.pickupLocationId,
    input.couponCode,
    input.shownTotal,
    input.paymentMethod,
  ]);

const itemsOf = (lines: readonly CartLine[]) =>
  lines.map(({ productId, size, color, quantity }) => ({ productId, size, color, quantity }));

/** Methods paid outside the browser: the order is placed with the method and nothing is charged now. */
const PAID_LATER: readonly PaymentMethod[] = ['cash', 'bank_transfer'];

/**
 * Checkout for the chosen method — the one place that decides per method: cash on delivery and bank transfer are
 * placed and done; cards through Stripe are placed and confirmed with Stripe.js (placeAndPayWithStripe); cards through
 * the built-in test provider are placed and paid by the server (placeAndPayByCard). PayPal is driven by its own
 * button, in two steps: placeForPayPal (the button's createOrder) and approvePayPal (its onApprove).
 */
export function placeAndPay(input: CheckoutInput, attempt: Attempt): Promise<CheckoutOutcome> {
  if (PAID_LATER.includes(input.paymentMethod)) return placeToPayLater(input, attempt);
  if (input.paymentMethod === 'paypal') return Promise.reject(new Error('PayPal is paid with the PayPal button.'));
  if (input.stripe) return placeAndPayWithStripe(input, attempt, input.stripe);
  return placeAndPayByCard(input, attempt);
}

/** Opens a checkout session for the cart as it stands (Stripe: its intent's client secret feeds the Payment Element). */
export async function openPaymentSession(input: SessionRequest): Promise<PaymentSession> {
  return (await createCheckoutSession(input.body, input.guestEmail)).data;
}
export type SessionRequest = { body: Parameters<typeof createCheckoutSession>[0]; guestEmail: string | null };

/** The session request for a checkout's cart, address, shipping, coupon and method. */
export const sessionRequestOf = (
  input: Omit<CheckoutInput, 'shownTotal' | 'cardToken' | 'stripe'>,
): SessionRequest => ({
  body: { ...cartOf(input), paymentMethod: input.paymentMethod },
  guestEmail: input.customer ? null : input.email,
});

/**
 * Cards through Stripe: the session (opened when the shopper reached payment) must be for the total shown; the order
 * is placed with its intent once (a retry after a failed card confirms the same order and intent again), then Stripe
 * confirms the card. The store is never asked to confirm a Stripe intent: Stripe's webhook tells it the order is paid.
 */
async function placeAndPayWithStripe(
  input: CheckoutInput,
  attempt: Attempt,
  stripe: StripeCheckout,
): Promise<CheckoutOutcome> {
  const { totals, paymentIntent } = stripe.session;
  if (totals.total !== input.shownTotal) return { kind: 'total-changed', totals };
  if (paymentIntent?.provider !== 'stripe')
    throw new Error('The store opened no card payment for this order. Please try again.');
  const placed = await placeOnce(input, attempt, paymentIntent.id);
  const result = await stripe.confirm(stripeReturnUrl(placed.orderNumber));
  switch (result.kind) {
    case 'succeeded':
    case 'processing':
      placedOrder.clear();
      return { kind: 'confirming', order: placed.order };
    case 'redirected':
      return { kind: 'redirected' };
    default:
      return { kind: 'declined', message: result.message, order: placed };
  }
}

/**
 * PayPal's createOrder: the order placed earlier in this tab for the same cart, address, shipping, coupon and total
 * (the shopper closed the PayPal window, or a funding source was declined) is used again; otherwise a session with
 * method PayPal for the total shown, and the order placed with its intent. Answers the PayPal order id (the intent's).
 */
export async function placeForPayPal(
  input: CheckoutInput,
  attempt: Attempt,
): Promise<{ kind: 'placed'; paypalOrderId: string } | { kind: 'total-changed'; totals: OrderTotals }> {
  const earlier = placedOrder.read();
  if (earlier?.signature === orderSignature(input)) return { kind: 'placed', paypalOrderId: earlier.paymentIntentId };
  const session = await openPaymentSession(sessionRequestOf(input));
  const { totals, paymentIntent } = session;
  if (totals.total !== input.shownTotal) return { kind: 'total-changed', totals };
  if (paymentIntent?.provider !== 'paypal')
    throw new Error('The store opened no PayPal payment for this order. Please try again.');
  await placeOnce(input, attempt, paymentIntent.id);
  return { kind: 'placed', paypalOrderId: paymentIntent.id };
}

/**
 * PayPal's onApprove: the store captures the approved PayPal order (POST /payments/confirm). Paid; declined (402: the
 * shopper picks another funding source in PayPal, the order stays for it); or pending (409 PAYMENT_PENDING: PayPal
 * reviews the payment, the order is placed).
 */
export async function approvePayPal(input: CheckoutInput, paypalOrderId: string, payKey: string) {
  const placed = placedOrder.read();
  if (placed?.paymentIntentId !== paypalOrderId)
    throw new Error('This PayPal payment does not belong to your order. Please try again.');
  try {
    const paid = await confirmPayment(
      {
        orderId: placed.orderId,
        paymentIntentId: placed.paymentIntentId,
        ...(input.customer ? {} : { email: input.email }),
      },
      payKey,
    );
    placedOrder.clear();
    return { kind: 'paid', order: paid.data.order } satisfies CheckoutOutcome;
  } catch (error) {
    if (answered(error, 402))
      return { kind: 'declined', message: error.message, order: placed } satisfies CheckoutOutcome;
    if (answered(error, 409) && error.code === 'PAYMENT_PENDING') {
      placedOrder.clear();
      return { kind: 'pending', order: placed.order } satisfies CheckoutOutcome;
    }
    throw error;
  }
}

/** The order for a payment intent, placed once: the one this tab placed for the same checkout and intent, or a new one. */
async function placeOnce(input: CheckoutInput, attempt: Attempt, paymentIntentId: string): Promise<PlacedOrder> {
  const signature = orderSignature(input);
  const earlier = placedOrder.read();
  if (earlier?.signature === signature && earlier.paymentIntentId === paymentIntentId) return earlier;
  const placed = await placeWithIntent(input, attempt, signature, paymentIntentId);
  placedOrder.save(placed);
  return placed;
}

/**
 * Cash on delivery and bank transfer: a session for the exact totals (no payment intent), then the order with the
 * method, once per attempt's key. The answer carries the bank details for a transfer.
 */
async function placeToPayLater(input: CheckoutInput, attempt: Attempt): Promise<CheckoutOutcome> {
  const cart = cartOf(input);
  const guestEmail = input.customer ? null : input.email;
  const session = await createCheckoutSession({ ...cart, paymentMethod: input.paymentMethod }, guestEmail);
  const { totals } = session.data;
  if (totals.total !== input.shownTotal) return { kind: 'total-changed', totals };
  const created = await createOrder(orderOf(input), guestEmail, attempt.orderKey);
  placedOrder.clear();
  return { kind: 'placed', order: created.data.order, bankTransfer: created.data.bankTransfer };
}

/**
 * Cards: places the order once (checkout session for the exact totals and a payment intent, then the order with that
 * intent), then pays it with the card. An order placed earlier in this tab for the same cart, address, shipping,
 * coupon and total (its card was declined) is paid instead of placing another; a change places a new order (the
 * unpaid one keeps its reservation until staff cancel it, as any unpaid order).
 */
async function placeAndPayByCard(input: CheckoutInput, attempt: Attempt): Promise<CheckoutOutcome> {
  const signature = orderSignature(input);
  let placed = placedOrder.read();
  if (placed?.signature !== signature) placed = null;
  if (!placed) {
    const result = await placeOrder(input, attempt, signature);
    if ('totals' in result) return { kind: 'total-changed', totals: result.totals };
    placed = result;
    placedOrder.save(placed);
  }
  try {
    const paid = await confirmPayment(
      {
        orderId: placed.orderId,
        paymentIntentId: placed.paymentIntentId,
        ...(input.cardToken ? { paymentMethod: input.cardToken } : {}),
        ...(input.customer ? {} : { email: input.email }),
      },
      attempt.payKey,
    );
    placedOrder.clear();
    return { kind: 'paid', order: paid.data.order };
  } catch (error) {
    if (answered(error, 402)) return { kind: 'declined', message: error.message, order: placed };
    throw error;
  }
}

/** The store answered `status` (an API error carries its status and code). */
const answered = (error: unknown, status: number): error is Error & { status: number; code?: string } =>
  error instanceof Error && 'status' in error && error.status === status;

/**
 * The order as placed: the cart, the address again as billing address, the payment method, and the pickup shop of a
 * pickup order (the session prices pickup without it: it is free at every shop).
 */
const orderOf = (input: CheckoutInput) => ({
  ...cartOf(input),
  billingAddress: input.address,
  paymentMethod: input.paymentMethod,
  ...(input.pickupLocationId ? { pickupLocationId: input.pickupLocationId } : {}),
});

/** The cart as the session and the order name it. */
const cartOf = (input: Pick<CheckoutInput, 'lines' | 'address' | 'shippingMethod' | 'couponCode'>) => ({
  items: itemsOf(input.lines),
  shippingAddress: input.address,
  shippingMethod: input.shippingMethod,
  ...(input.couponCode ? { couponCode: input.couponCode } : {}),
});

async function placeOrder(
  input: CheckoutInput,
  attempt: Attempt,
  signature: string,
): Promise<PlacedOrder | { totals: OrderTotals }> {
  const cart = cartOf(input);
  const guestEmail = input.customer ? null : input.email;
  const session = await createCheckoutSession({ ...cart, paymentMethod: input.paymentMethod }, guestEmail);
  const { totals, paymentIntent } = session.data;
  if (totals.total !== input.shownTotal) return { totals };
  if (!paymentIntent) throw new Error('The store opened no card payment for this order. Please try again.');
  return placeWithIntent(input, attempt, signature, paymentIntent.id);
}

/** Places the order with its payment intent, once per attempt's key. */
async function placeWithIntent(
  input: CheckoutInput,
  attempt: Attempt,
  signature: string,
  paymentIntentId: string,
): Promise<PlacedOrder> {
  const guestEmail = input.customer ? null : input.email;
  const created = await createOrder({ ...orderOf(input), paymentIntentId }, guestEmail, attempt.orderKey);
  const { id, orderNumber, total } = created.data.order;
  return { orderId: id, orderNumber, paymentIntentId, total, email: input.email, signature, order: created.data.order };
}
