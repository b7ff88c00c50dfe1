import { checkoutContracts, type EndpointResponse, type ShippingMethod } from '@seamline/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, isTransientFailure } from './api';
import type { CartLine } from './cart';

export type CartPricing = EndpointResponse<typeof checkoutContracts.calculateShipping>['data'];
export type PricedCart = {
  /** The lines the server could price, with totals; null when no line could be priced. */
  priced: CartPricing | null;
  /** The server's message for each refused line, by the line's index in the cart. */
  problems: Map<number, string>;
};

const itemsOf = (lines: readonly CartLine[]) =>
  lines.map(({ productId, size, color, quantity }) => ({ productId, size, color, quantity }));

/** `items.<index>` details of a refused cart (one per refused line). */
export function lineProblemsOf(error: unknown): Map<number, string> {
  const problems = new Map<number, string>();
  if (!(error instanceof ApiError)) return problems;
  for (const detail of error.details ?? []) {
    const match = /^items\.(\d+)$/.exec(detail.field);
    if (match) problems.set(Number(match[1]), detail.message);
  }
  return problems;
}

/**
 * Prices the cart on the server (nothing is stored). When some lines are refused (sold out, not enough stock, gone),
 * the rest is priced again without them, so the cart shows every other line's price and the totals it can.
 */
export async function priceCart(lines: readonly CartLine[], shippingMethod: ShippingMethod): Promise<PricedCart> {
  const price = async (items: ReturnType<typeof itemsOf>) =>
    (await api.call(checkoutContracts.calculateShipping, { body: { items, shippingMethod } })).data;
  try {
    return { priced: await price(itemsOf(lines)), problems: new Map() };
  } catch (error) {
    const problems = lineProblemsOf(error);
    if (problems.size === 0) throw error;
    const rest = itemsOf(lines).filter((_, index) => !problems.has(index));
    return { priced: rest.length > 0 ? await price(rest) : null, problems };
  }
}

/** Every pricing of the cart (invalidated when the server's checkout says prices changed). */
export const CART_PRICING_KEY = ['cart-pricing'] as const;

/**
 * The cart's pricing query. The cart is app-wide (header, product page, cart, checkout), so its reads live here rather
 * than in one feature's api.ts.
 */
export const cartPricingQuery = (lines: readonly CartLine[], shippingMethod: ShippingMethod) =>
  queryOptions({
    queryKey: [...CART_PRICING_KEY, itemsOf(lines), shippingMethod] as const,
    queryFn: () => priceCart(lines, shippingMethod),
    enabled: lines.length > 0,
    staleTime: 0,
    // A pricing that got no answer, or a server error, is tried once more by itself.
    retry: (count, error) => count < 1 && isTransientFailure(error),
    placeholderData: keepPreviousData,
  });

/** The cart priced by the server, re-priced whenever a line or the shipping method changes. */
export function useCartPricing(lines: readonly CartLine[], shippingMethod: ShippingMethod = 'standard') {
  return useQuery(cartPricingQuery(lines, shippingMethod));
}

/** The server's price line of a cart line (matched by product, size and color). */
export function pricedLineOf(pricing: CartPricing | null | undefined, line: CartLine) {
  return pricing?.items.find(
    (item) =>
      item.productId === line.productId &&
      item.size.toLowerCase() === line.size.toLowerCase() &&
      item.color.toLowerCase() === line.color.toLowerCase(),
  );
}
