import {
  computeOrderTotals,
  fromCents,
  ORDER_RATES,
  type OrderItemInput,
  type PaymentMethod,
  type ShippingMethod,
  shippingOptions,
} from '@seamline/shared';
import type { PaymentSettings } from '../../config-payments.js';
import type { Db } from '../../db/client.js';
import { isStaff } from '../../lib/caller.js';
import type { AuthUser } from '../../types.js';
import { applyCouponDiscount } from '../coupons/index.js';
import { pickupLocationsForCart } from '../locations/index.js';
import { assertPaymentMethodAvailable, paymentOptions, priceLines, unitsByInventoryRow } from '../orders/index.js';
import { createPaymentIntent, type IntentOwner, type PaymentProviders } from '../payments/index.js';

type Cart = { items: OrderItemInput[]; shippingMethod: ShippingMethod; couponCode?: string };
type SessionCart = Cart & { paymentMethod: PaymentMethod };
/** Who the coupon is priced for: a customer, a guest by e-mail, or nobody in particular (both null). */
type Buyer = { customerId: string | null; guestEmail: string | null };
const NOBODY: Buyer = { customerId: null, guestEmail: null };

/**
 * Validates and prices a cart without writing anything: `priced` (lines at today's prices, totals and every shipping
 * option) and the priced lines behind it, each with its inventory row.
 */
async function priceCart(db: Db, cart: Cart, buyer: Buyer) {
  const lines = await priceLines(db, cart.items, { checkAvailability: true });
  const preview = computeOrderTotals({ lines });
  const coupon = await applyCouponDiscount(db, { code: cart.couponCode, ...buyer, subtotal: preview.subtotal });
  const totals = computeOrderTotals({
    lines,
    discount: coupon.discount,
    shippingMethod: cart.shippingMethod,
    freeShipping: coupon.freeShipping,
  });
  const priced = {
    items: lines.map((line) => ({
      productId: line.productId,
      name: line.productName,
      slug: line.productSlug,
      image: line.image,
      size: line.size,
      color: line.color,
      variantId: `${line.size}-${line.color}`,
      price: line.unitPrice,
      quantity: line.quantity,
      total: (Math.round(line.unitPrice * 100) * line.quantity) / 100,
    })),
    shippingMethod: cart.shippingMethod,
    totals,
    couponCode: coupon.couponCode,
    shippingMethods: shippingOptions(totals.subtotal - totals.discount, coupon.freeShipping),
  };
  return { lines, priced };
}

/**
 * A checkout session: the priced cart plus, for cards, a payment intent for its total, owned by `owner` (the signed-in
 * user, or the guest's e-mail). The intent is the only durable thing created; the order is created by POST /orders
 * (or /orders/guest) by the same owner with the intent's id, then paid: by /payments/confirm (the test provider, PayPal) or by the provider's webhook (Stripe). Cash on delivery and bank
 * transfer open no intent (null): the order is placed with the method and paid outside any provider. A method that is
 * off, or cash above its largest total, is refused (400) here already.
 */
export async function createCheckoutSession(
  db: Db,
  providers: PaymentProviders,
  settings: PaymentSettings,
  cart: SessionCart,
  buyer: Buyer,
  owner: IntentOwner,
) {
  assertPaymentMethodAvailable(settings, cart.paymentMethod);
  const { priced } = await priceCart(db, cart, buyer);
  assertPaymentMethodAvailable(settings, cart.paymentMethod, priced.totals.total);
  const provider = providers.forMethod(cart.paymentMethod);
  const paymentIntent = provider ? await createPaymentIntent(db, provider, priced.totals.total, owner) : null;
  return { ...priced, paymentIntent };
}

/** Checkout calls: sessions for customers and guests, and the shop's shipping calculator. */
export class CheckoutService {
  constructor(
    private readonly db: Db,
    private readonly providers: PaymentProviders,
    private readonly settings: PaymentSettings,
  ) {}

  /** The payment methods the shop offers now (GET /checkout/payment-options). */
  paymentOptions() {
    return paymentOptions(this.settings);
  }

  /** A customer's session prices their coupon for them; staff trying a cart price it as nobody in particular. */
  session(cart: SessionCart, user: AuthUser) {
    const buyer = isStaff(user) ? NOBODY : { ...NOBODY, customerId: user.id };
    return createCheckoutSession(this.db, this.providers, this.settings, cart, buyer, { userId: user.id });
  }

  async guestSession(cart: SessionCart & { email: string }) {
    const buyer = { customerId: null, guestEmail: cart.email };
    const owner = { guestEmail: cart.email };
    const session = await createCheckoutSession(this.db, this.providers, this.settings, cart, buyer, owner);
    return { ...session, email: cart.email };
  }

  /**
   * The cart's lines at today's prices, its shipping, tax and total for its method, every method priced (no coupon),
   * and the shops it could be picked up at now.
   */
  async shipping(cart: Omit<Cart, 'couponCode'>) {
    const { lines, priced } = await priceCart(this.db, cart, NOBODY);
    const wanted = unitsByInventoryRow(lines);
    const pickupLocations = await pickupLocationsForCart(this.db, {
      inventoryIds: wanted.map((row) => row.inventoryId),
      units: wanted.map((row) => row.quantity),
    });
    return {
      items: priced.items,
      shippingMethod: priced.shippingMethod,
      shipping: priced.totals.shipping,
      subtotal: priced.totals.subtotal,
      tax: priced.totals.tax,
      total: priced.totals.total,
      freeShippingThreshold: fromCents(ORDER_RATES.freeStandardShippingFromCents),
      methods: priced.shippingMethods,
      pickupLocations,
    };
  }
}
