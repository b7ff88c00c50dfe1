import {
  type BankTransferInstructionsView,
  type OrderStatus,
  type OrderView,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  type PaymentOptionsView,
} from '@seamline/shared';
import type { PaymentSettings } from '../../config-payments.js';
import { badRequest } from '../../lib/errors.js';
import { usd } from '../../lib/html.js';

/** Methods paid outside any provider: staff record the money (a transfer received, cash taken on delivery). */
export const OFFLINE_METHODS: readonly PaymentMethod[] = ['cash', 'bank_transfer'];
export const isOfflineMethod = (method: PaymentMethod) => OFFLINE_METHODS.includes(method);

/** The methods the shop offers now, and the public values the browser needs for them (never a secret). */
export function paymentOptions(settings: PaymentSettings): PaymentOptionsView {
  const methods: PaymentMethod[] = ['stripe'];
  if (settings.paypal) methods.push('paypal');
  if (settings.cashOnDelivery) methods.push('cash');
  if (settings.bankTransfer) methods.push('bank_transfer');
  return {
    methods,
    testMode: settings.stripe === null,
    stripe: settings.stripe ? { publishableKey: settings.stripe.publishableKey } : null,
    paypal: settings.paypal ? { clientId: settings.paypal.clientId } : null,
    cashMaxTotal: settings.cashOnDelivery?.maxTotal ?? null,
    bankTransferDays: settings.bankTransfer?.days ?? null,
  };
}

/**
 * Refuses (400, field `paymentMethod`) a method the store has not switched on, and cash on delivery above its largest
 * total when `total` is known. Cards are always on (the test provider takes them when Stripe is not configured).
 */
export function assertPaymentMethodAvailable(settings: PaymentSettings, method: PaymentMethod, total?: number): void {
  if (!paymentOptions(settings).methods.includes(method))
    throw badRequest(`${PAYMENT_METHOD_LABELS[method]} is not available.`, 'paymentMethod');
  const cash = settings.cashOnDelivery;
  if (method === 'cash' && cash && total !== undefined && total > cash.maxTotal)
    throw badRequest(
      `${PAYMENT_METHOD_LABELS.cash} is available for orders up to ${usd(cash.maxTotal)}.`,
      'paymentMethod',
    );
}

/** What a new order starts as for its payment method. */
export type PaymentTerms = {
  status: OrderStatus;
  /** A new unique reference per attempt (the insert retries on the unique index); null for other methods. */
  reference: () => string | null;
  paymentDueAt: Date | null;
};

/**
 * A new order's terms: cash on delivery is confirmed at once (paid when delivered); a bank transfer stays pending with
 * a reference and a deadline; cards and PayPal stay pending until paid. Refusals as assertPaymentMethodAvailable, and
 * a payment intent with a method that needs none.
 */
export function paymentTerms(
  settings: PaymentSettings,
  input: { paymentMethod: PaymentMethod; paymentIntentId?: string | undefined },
  total: number,
  placedAt: Date,
): PaymentTerms {
  assertPaymentMethodAvailable(settings, input.paymentMethod, total);
  if (isOfflineMethod(input.paymentMethod) && input.paymentIntentId)
    throw badRequest(
      `${PAYMENT_METHOD_LABELS[input.paymentMethod]} needs no payment intent; leave paymentIntentId out.`,
      'paymentIntentId',
    );
  if (input.paymentMethod === 'cash') return { status: 'confirmed', reference: () => null, paymentDueAt: null };
  if (input.paymentMethod === 'bank_transfer') {
    const days = settings.bankTransfer!.days;
    return {
      status: 'pending',
      reference: newPaymentReference,
      paymentDueAt: new Date(placedAt.getTime() + days * 86_400_000),
    };
  }
  return { status: 'pending', reference: () => null, paymentDueAt: null };
}

/** Letters and digits that cannot be mistaken for one another when typed from a screen (no 0/O, 1/I/L, 2/Z, 5/S, 8/B). */
const REFERENCE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';

/** A bank-transfer reference: "SL" and 8 characters of an unambiguous alphabet (25^8 ≈ 1.5·10^11 of them). */
export function newPaymentReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  // 250 = 10 × 25: bytes at or above it are drawn again, so each character is equally likely.
  let out = 'SL';
  for (let i = 0; i < 8; i++) {
    let byte = bytes[i]!;
    while (byte >= 250) byte = crypto.getRandomValues(new Uint8Array(1))[0]!;
    out += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
  }
  return out;
}

/** A bank-transfer order still waiting for its money: not paid, not closed, with a reference. */
export function awaitsTransfer(view: OrderView): boolean {
  return (
    view.paymentMethod === 'bank_transfer' &&
    view.paymentReference !== null &&
    view.paymentDueAt !== null &&
    (view.paymentStatus === 'pending' || view.paymentStatus === 'failed') &&
    view.status === 'pending'
  );
}

/** Where the shopper sends the money for a bank-transfer order awaiting it; null for any other order. */
export function bankTransferInstructions(
  settings: PaymentSettings,
  view: OrderView,
): BankTransferInstructionsView | null {
  const bank = settings.bankTransfer;
  if (!bank || !awaitsTransfer(view)) return null;
  return {
    accountName: bank.accountName,
    iban: bank.iban,
    bic: bank.bic,
    bankName: bank.bankName,
    reference: view.paymentReference!,
    amount: view.total,
    dueAt: view.paymentDueAt!,
  };
}
