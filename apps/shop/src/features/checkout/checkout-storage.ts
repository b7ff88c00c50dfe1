import type { BankTransferInstructionsView, OrderView } from '@seamline/shared';

/**
 * What the checkout keeps in sessionStorage (this tab only, gone when it closes):
 * - the order placed but not paid yet (a declined card): a retry pays that order instead of placing another;
 * - the paid (or, for cash and bank transfer, placed) order, for the confirmation page (which survives a reload), with
 *   where to send a bank transfer.
 */
const PLACED_KEY = 'shop.checkout.placed';
const CONFIRMED_KEY = 'shop.checkout.confirmed';

export type PlacedOrder = {
  orderId: string;
  orderNumber: string;
  paymentIntentId: string;
  total: number;
  email: string;
  /** What it was placed for (cart, e-mail, address, shipping, coupon, total): any change places a new order. */
  signature: string;
  /** The order as placed (Stripe and PayPal: shown on the confirmation while the provider settles its payment). */
  order: OrderView;
};

function readJson<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export const placedOrder = {
  read: () => readJson<PlacedOrder>(PLACED_KEY),
  save: (order: PlacedOrder) => sessionStorage.setItem(PLACED_KEY, JSON.stringify(order)),
  clear: () => sessionStorage.removeItem(PLACED_KEY),
};

/**
 * Where a card or PayPal payment stands when the confirmation opens: `confirming` — Stripe took it and the store
 * marks the order paid when Stripe tells it (the page checks the order until then); `pending` — PayPal is reviewing it.
 */
export type PaymentProgress = 'confirming' | 'pending';

/** The order the confirmation page shows, the bank details while a transfer is awaited, and a payment not yet settled. */
export type ConfirmedOrder = OrderView & {
  bankTransfer?: BankTransferInstructionsView | null;
  payment?: PaymentProgress | null;
};

export const confirmedOrder = {
  read: (orderNumber: string) => {
    const order = readJson<ConfirmedOrder>(CONFIRMED_KEY);
    return order?.orderNumber === orderNumber ? order : null;
  },
  save: (
    order: OrderView,
    bankTransfer: BankTransferInstructionsView | null = null,
    payment: PaymentProgress | null = null,
  ) => sessionStorage.setItem(CONFIRMED_KEY, JSON.stringify({ ...order, bankTransfer, payment })),
};

/** A fresh Idempotency-Key: one per attempt to place or pay, so a double click or a retried request is one order. */
export const newIdempotencyKey = () => crypto.randomUUID();
