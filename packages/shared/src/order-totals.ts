/**
 * Order money (docs/domain.md § Domain rules), computed in integer cents so totals are exact. The rates live here, in
 * one place.
 */
export const ORDER_RATES = {
  /** Tax in basis points of (subtotal − discount): 800 = 8%. */
  taxBasisPoints: 800,
  /** Standard shipping is free when the subtotal after discount reaches this many cents. */
  freeStandardShippingFromCents: 10_000,
  shippingCents: { standard: 599, express: 1499, overnight: 2999, pickup: 0 },
} as const;

/** The methods that deliver to an address: every store offers them. */
export const DELIVERY_METHODS = ['standard', 'express', 'overnight'] as const;
/** `pickup`: collected at a stock location that offers pickup (docs/domain.md § Stock locations), free. */
export const SHIPPING_METHODS = [...DELIVERY_METHODS, 'pickup'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export const SHIPPING_METHOD_INFO: Record<ShippingMethod, { name: string; estimatedDays: string }> = {
  standard: { name: 'Standard Shipping', estimatedDays: '5-7 business days' },
  express: { name: 'Express Shipping', estimatedDays: '2-3 business days' },
  overnight: { name: 'Overnight Shipping', estimatedDays: '1 business day' },
  pickup: { name: 'Pick up in store', estimatedDays: 'Ready for pickup when we confirm your order' },
};

/** Dollars (at most 2 decimals) to integer cents, without float drift (19.99 * 100 = 1998.9999…). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}
export function fromCents(cents: number): number {
  return cents / 100;
}

/** The frozen unit price of a line: the sale price when set (above 0) and lower than the price, else the price. */
export function effectiveUnitPrice(price: number, salePrice: number | null | undefined): number {
  return salePrice != null && salePrice > 0 && salePrice < price ? salePrice : price;
}

/** A variant's unit price: its price override when set, else the product's (sale price rule above). */
export function variantUnitPrice(price: number, salePrice: number | null | undefined, priceOverride: number | null) {
  return priceOverride != null && priceOverride > 0 ? priceOverride : effectiveUnitPrice(price, salePrice);
}

export type TotalsInput = {
  lines: readonly { unitPrice: number; quantity: number }[];
  /** Discount in dollars from the coupon; capped at the subtotal. */
  discount?: number;
  shippingMethod?: ShippingMethod;
  /** A free_shipping coupon makes every method cost 0. */
  freeShipping?: boolean;
};

export type OrderTotals = { subtotal: number; discount: number; shipping: number; tax: number; total: number };

/** Shipping in cents for a method, given the subtotal after discount in cents. */
export function shippingCents(method: ShippingMethod, discountedSubtotalCents: number, freeShipping = false): number {
  if (freeShipping) return 0;
  if (method === 'standard' && discountedSubtotalCents >= ORDER_RATES.freeStandardShippingFromCents) return 0;
  return ORDER_RATES.shippingCents[method];
}

/** Tax in cents: rate × taxable amount, rounded half up to the cent (integer arithmetic). */
export function taxCents(taxableCents: number): number {
  return Math.floor((taxableCents * ORDER_RATES.taxBasisPoints + 5_000) / 10_000);
}

/** subtotal − discount + shipping + tax, every figure exact to the cent (dollars out). */
export function computeOrderTotals(input: TotalsInput): OrderTotals {
  const subtotal = input.lines.reduce((sum, line) => sum + toCents(line.unitPrice) * line.quantity, 0);
  const discount = Math.min(Math.max(0, toCents(input.discount ?? 0)), subtotal);
  const taxable = subtotal - discount;
  const shipping = shippingCents(input.shippingMethod ?? 'standard', taxable, input.freeShipping);
  const tax = taxCents(taxable);
  return {
    subtotal: fromCents(subtotal),
    discount: fromCents(discount),
    shipping: fromCents(shipping),
    tax: fromCents(tax),
    total: fromCents(taxable + shipping + tax),
  };
}

/** Every delivery method with its cost for this cart (cost in dollars); pickup is offered per location. */
export function shippingOptions(discountedSubtotal: number, freeShipping = false) {
  return DELIVERY_METHODS.map((id) => ({
    id,
    ...SHIPPING_METHOD_INFO[id],
    cost: fromCents(shippingCents(id, toCents(discountedSubtotal), freeShipping)),
  }));
}

/** ORD-YYYYMMDD-XXXXXX: the UTC date and 6 random uppercase letters or digits. */
export const ORDER_NUMBER_PATTERN = /^ORD-\d{8}-[A-Z0-9]{6}$/;
const ORDER_NUMBER_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function formatOrderNumber(date: Date, randomInts: readonly number[]): string {
  const day = date.toISOString().slice(0, 10).replaceAll('-', '');
  const suffix = randomInts
    .slice(0, 6)
    .map((n) => ORDER_NUMBER_ALPHABET[n % ORDER_NUMBER_ALPHABET.length])
    .join('');
  return `ORD-${day}-${suffix}`;
}
