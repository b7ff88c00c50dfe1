import { z } from 'zod';
import { STOREFRONT_AVAILABLE_CAP } from './constants.js';
import { productView } from './product-views.js';
import { productImage } from './products.js';

/**
 * What shoppers see of the catalogue (docs/domain.md § Corrections): prices, pictures, options and a bounded
 * availability per variant. Public and customer routes declare these as their response schemas, so a field they do not
 * name never leaves the server; staff callers of the same paths get the staff views (productView).
 */
export const storefrontVariantView = z.object({
  _id: z.string(),
  id: z.string(),
  size: z.string(),
  color: z.string(),
  /** Units a shopper can buy, capped at STOREFRONT_AVAILABLE_CAP (the cap means "that many or more"). */
  available: z.number().int().min(0).max(STOREFRONT_AVAILABLE_CAP),
});
export type StorefrontVariantView = z.infer<typeof storefrontVariantView>;

/** The staff product view without what shoppers may not see, and with bounded per-variant availability. */
export const storefrontProductView = productView
  .omit({
    costPrice: true,
    isActive: true,
    viewCount: true,
    salesCount: true,
    wishlistCount: true,
    totalStock: true,
    availableStock: true,
    reservedStock: true,
    stockStatus: true,
    createdBy: true,
  })
  .extend({ inventory: z.array(storefrontVariantView) });
export type StorefrontProductView = z.infer<typeof storefrontProductView>;

/** What a server-rendered storefront page carries for the app (SHOP_PAGE_DATA_ID): a product page its product. */
export type ShopPageData = { product?: StorefrontProductView };

/** A colour of a listed product with the number of its sizes a shopper can buy now, out of how many it comes in. */
export const storefrontColorStock = z.object({
  color: z.string(),
  sizesLeft: z.number().int().min(0),
  sizes: z.number().int().min(0),
});
export type StorefrontColorStock = z.infer<typeof storefrontColorStock>;

/**
 * A product as a storefront list shows it (a card): about a fifth of the bytes of the full view. The product page
 * reads the full view by slug. `sizes` and `colors` are the options the product comes in (as in the full view's
 * `variants`), `inStock` whether any of them has units to sell, `image` the first picture's renditions.
 */
export const storefrontProductSummary = storefrontProductView
  .pick({
    _id: true,
    id: true,
    name: true,
    slug: true,
    category: true,
    brand: true,
    price: true,
    comparePrice: true,
    salePrice: true,
    rating: true,
    reviewCount: true,
    inStock: true,
  })
  .extend({
    image: productImage.nullable(),
    sizes: z.array(z.string()),
    colors: z.array(z.string()),
    /** Per colour (in `colors` order): how many of its sizes have units to sell (0: the colour is sold out). */
    colorStock: z.array(storefrontColorStock),
  });
export type StorefrontProductSummary = z.infer<typeof storefrontProductSummary>;

/** A variant's availability as shoppers see it: never negative, never above the cap. */
export function storefrontAvailable(available: number): number {
  return Math.max(0, Math.min(STOREFRONT_AVAILABLE_CAP, available));
}

/**
 * Field names that only staff answers may carry. No public or customer answer may contain them anywhere; the
 * storefront exposure test and the fuzz test both check answers against this one list.
 */
export const STAFF_ONLY_FIELDS = [
  'costPrice',
  'reserved',
  'reservedStock',
  'totalStock',
  'lowStockThreshold',
  'salesCount',
  'wishlistCount',
  'viewCount',
  'createdBy',
  'updatedBy',
  'passwordHash',
  'usedCount',
] as const;

/** Names staff-only inside a product's stock rows (an order line's `quantity` is the shopper's own). */
export const STAFF_ONLY_STOCK_FIELDS = ['quantity'] as const;
/** Keys under which a product's stock rows appear. */
export const STOCK_ROW_KEYS = ['inventory', 'variants', 'stock'] as const;

/** Paths (e.g. `data.products[0].costPrice`) of staff-only fields anywhere in a JSON answer; empty when clean. */
export function staffOnlyFieldPaths(json: unknown, path = '', inStockRows = false): string[] {
  if (Array.isArray(json)) return json.flatMap((item, i) => staffOnlyFieldPaths(item, `${path}[${i}]`, inStockRows));
  if (json === null || typeof json !== 'object') return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(json)) {
    const here = path ? `${path}.${key}` : key;
    const staffOnly =
      (STAFF_ONLY_FIELDS as readonly string[]).includes(key) ||
      (inStockRows && (STAFF_ONLY_STOCK_FIELDS as readonly string[]).includes(key));
    if (staffOnly) found.push(here);
    found.push(...staffOnlyFieldPaths(value, here, inStockRows || (STOCK_ROW_KEYS as readonly string[]).includes(key)));
  }
  return found;
}
