import type { StorefrontProductView } from '@seamline/shared';

type Variant = StorefrontProductView['inventory'][number];
export type Choice = { size: string; color: string };

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The variant (size × color) of a product, if the product comes in that combination. */
export const variantOf = (product: StorefrontProductView, { size, color }: Choice): Variant | undefined =>
  product.inventory.find((v) => same(v.size, size) && same(v.color, color));

/** Units a shopper can buy of a combination (0 when it does not exist); capped by the server at 10. */
export const availableOf = (product: StorefrontProductView, choice: Choice) =>
  variantOf(product, choice)?.available ?? 0;

/** The first choice shown: the product's default size and color when they have units, else the first that has. */
export function initialChoice(product: StorefrontProductView): Choice {
  const preferred = { size: product.variants.size.default, color: product.variants.color.default };
  if (availableOf(product, preferred) > 0) return preferred;
  const first = product.inventory.find((v) => v.available > 0) ?? product.inventory[0];
  return first ? { size: first.size, color: first.color } : preferred;
}
