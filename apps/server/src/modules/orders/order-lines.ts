import { effectiveUnitPrice, type OrderItemInput } from '@seamline/shared';
import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { inventory, productImages, products } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../lib/errors.js';

/** An order line resolved against the catalogue: the snapshot frozen into the order. */
export type PricedLine = {
  productId: string;
  productName: string;
  productSlug: string;
  productSku: string;
  image: string | null;
  size: string;
  color: string;
  unitPrice: number;
  quantity: number;
};

/** Units wanted per combination: lines sharing a variant are summed before anything is checked or reserved. */
export function unitsByVariant(lines: readonly Pick<PricedLine, 'productId' | 'size' | 'color' | 'quantity'>[]) {
  const totals = new Map<string, { productId: string; size: string; color: string; quantity: number }>();
  for (const line of lines) {
    const key = `${line.productId}|${line.size.toLowerCase()}|${line.color.toLowerCase()}`;
    const entry = totals.get(key);
    if (entry) entry.quantity += line.quantity;
    else totals.set(key, { productId: line.productId, size: line.size, color: line.color, quantity: line.quantity });
  }
  // A fixed order (by product, size, color) so two orders lock the same rows in the same order: no deadlocks.
  return [...totals.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, wanted]) => wanted);
}

export const insufficientStock = (name: string, size: string, color: string) =>
  conflict(`Insufficient stock for ${name} (${size}/${color})`, 'INSUFFICIENT_STOCK');

/**
 * Resolves the cart: every product must exist and be active, every size/color combination must exist. Prices are the
 * catalogue's at this moment (sale price when set and lower). With `checkAvailability`, also refuses what cannot be
 * reserved right now (checkout preview; order creation reserves atomically instead).
 */
export async function priceLines(
  db: DbOrTx,
  items: readonly OrderItemInput[],
  { checkAvailability = false } = {},
): Promise<PricedLine[]> {
  const ids = [...new Set(items.map((item) => item.productId))];
  const rows = await db.select().from(products).where(inArray(products.id, ids));
  const stock = await db.select().from(inventory).where(inArray(inventory.productId, ids));
  const images = await db
    .select()
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.position));
  const byId = new Map(rows.map((row) => [row.id, row]));

  const lines = items.map((item): PricedLine => {
    const product = byId.get(item.productId);
    if (!product) throw badRequest(`Product not found: ${item.productId}`, 'items');
    if (!product.isActive) throw badRequest(`${product.name} is not available for purchase`, 'items');
    const variant = stock.find(
      (row) =>
        row.productId === product.id &&
        row.size.toLowerCase() === item.size.toLowerCase() &&
        row.color.toLowerCase() === item.color.toLowerCase(),
    );
    if (!variant) throw badRequest(`${product.name} is not available in ${item.size}/${item.color}`, 'items');
    return {
      productId: product.id,
      productName: product.name,
      productSlug: product.slug,
      productSku: product.sku,
      image: images.find((image) => image.productId === product.id)?.original ?? null,
      size: variant.size,
      color: variant.color,
      unitPrice: effectiveUnitPrice(product.price, product.salePrice),
      quantity: item.quantity,
    };
  });

  if (checkAvailability) {
    for (const wanted of unitsByVariant(lines)) {
      const row = stock.find(
        (r) => r.productId === wanted.productId && r.size === wanted.size && r.color === wanted.color,
      )!;
      if (row.quantity - row.reserved < wanted.quantity)
        throw insufficientStock(byId.get(wanted.productId)!.name, wanted.size, wanted.color);
    }
  }
  return lines;
}
