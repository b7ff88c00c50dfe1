import { z } from 'zod';
import { orderItemInput } from './orders.js';

/** At most this many lines in a cart (as in an order). */
export const MAX_CART_LINES = 50;

/**
 * A cart line as the storefront keeps it: the variant and quantity that count, plus the product's slug, name and
 * picture for display until the server prices the cart.
 */
export const cartItemInput = orderItemInput.pick({ productId: true, size: true, color: true, quantity: true }).extend({
  slug: z.string().trim().max(200).default(''),
  name: z.string().trim().max(200).default(''),
  image: z.string().trim().max(500).nullable().default(null),
});
export type CartItem = z.output<typeof cartItemInput>;

export const cartInput = z.object({
  items: z.array(cartItemInput).max(MAX_CART_LINES, `A cart holds at most ${MAX_CART_LINES} lines.`),
});

export const cartView = z.object({ items: z.array(cartItemInput), updatedAt: z.string().nullable() });

const sameVariant = (a: CartItem, b: CartItem) =>
  a.productId === b.productId &&
  a.size.toLowerCase() === b.size.toLowerCase() &&
  a.color.toLowerCase() === b.color.toLowerCase();

/**
 * The cart after signing in: the account's lines, then the guest cart's new lines. A line in both keeps the larger
 * quantity (not the sum), so merging the same carts again changes nothing. Capped at MAX_CART_LINES.
 */
export function mergeCarts<T extends CartItem>(account: readonly T[], guest: readonly T[]): T[] {
  const merged = account.map((line) => {
    const twin = guest.find((other) => sameVariant(line, other));
    return twin && twin.quantity > line.quantity ? { ...line, quantity: twin.quantity } : line;
  });
  for (const line of guest) if (!merged.some((other) => sameVariant(line, other))) merged.push(line);
  return merged.slice(0, MAX_CART_LINES);
}
