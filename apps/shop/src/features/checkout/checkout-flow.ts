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

export type CheckoutInput = {
  lines: readonly CartLine[];
  email: string;
  /** Signed in: the customer's own calls (session, order); otherwise the guest calls. */
  customer: boolean;
  address: AddressInput;
  shippingMethod: ShippingMethod;
  couponCode: string | null;
  /** The total the shopper was shown: the server's session must agree before anything is placed. */
  shownTotal: number;
  /** How the shopper pays: cards (`stripe`), PayPal, cash on delivery or bank transfer. */
  paymentMethod: PaymentMethod;
  /** The card's token (cards through the built-in test provider); null for methods paid without a card. */
  cardToken: string | null;
};

/** One attempt's keys: the same attempt sent twice (double click, lost answer) places and pays once. */
export type Attempt = { orderKey: string; payKey: string };

export type CheckoutOutcome =
  | { kind: 'paid'; order: OrderView }
  /** Cash on delivery or bank transfer: placed, paid later (`bankTransfer` says where to send a transfer). */
  | { kind: 'placed'; order: OrderView; bankTransfer: BankTransferInstructionsView | null }
  | { kind: 'total-changed'; totals: OrderTotals }
  | { kind: 'declined'; message: string; order: PlacedOrder };

/** What an order was placed for: a retry pays that order only while none of it has changed. */
const orderSignature = (input: CheckoutInput) =>
  JSON.stringify([
    input.lines.map((line) => `${line.productId}|${line.size}|${line.color}|${line.quantity}`),
    input.email,
    input.address,
    input.shippingMethod,
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
 * placed and done; cards are placed and paid (placeAndPayByCard). A method with its own widget adds its branch here.
 */
export function placeAndPay(input: CheckoutInput, attempt: Attempt): Promise<CheckoutOutcome> {
  if (PAID_LATER.includes(input.paymentMethod)) return placeToPayLater(input, attempt);
  return placeAndPayByCard(input, attempt);
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
  const order = { ...cart, billingAddress: input.address, paymentMethod: input.paymentMethod };
  const created = await createOrder(order, guestEmail, attempt.orderKey);
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
    if (error instanceof Error && 'status' in error && error.status === 402)
      return { kind: 'declined', message: error.message, order: placed };
    throw error;
  }
}

/** The cart as the session and the order name it. */
const cartOf = (input: CheckoutInput) => ({
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

  const order = {
    ...cart,
    billingAddress: input.address,
    paymentMethod: input.paymentMethod,
    paymentIntentId: paymentIntent.id,
  };
  const created = await createOrder(order, guestEmail, attempt.orderKey);
  const { id, orderNumber, total } = created.data.order;
  return {
    orderId: id,
    orderNumber,
    paymentIntentId: paymentIntent.id,
    total,
    email: input.email,
    signature,
  };
}
