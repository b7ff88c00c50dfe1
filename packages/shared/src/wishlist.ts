import { z } from 'zod';
import { pageQuery, paginationView } from './api.js';
import { objectIdParam } from './id-params.js';
import { splitList } from './products.js';

/** The most product ids a guest's browser may hand over at sign-in (one statement adds them). */
export const WISHLIST_MERGE_MAX = 100;
export const WISHLIST_PAGE_SIZE = 20;

export const wishlistProductParams = z.object({ productId: objectIdParam('product') });
export const wishlistAddInput = z.object({ productId: objectIdParam('product') });
export const wishlistMergeInput = z.object({
  productIds: z
    .array(objectIdParam('product'))
    .max(WISHLIST_MERGE_MAX, `At most ${WISHLIST_MERGE_MAX} products can be merged at once`),
});
export const wishlistQuery = pageQuery(WISHLIST_PAGE_SIZE);

/** The most product ids one "which of these are wished" question may name (a grid page is smaller). */
export const WISHLIST_IDS_MAX = 100;
/** `?productIds=a,b,c`: the products a page shows, to learn which of them the customer wishes for. */
export const wishlistIdsQuery = z.object({
  productIds: z
    .union([z.string().max(WISHLIST_IDS_MAX * 30), z.array(z.string().max(30)).max(WISHLIST_IDS_MAX)])
    .transform(splitList)
    .pipe(
      z
        .array(objectIdParam('product'))
        .min(1, 'At least one product id is required')
        .max(WISHLIST_IDS_MAX, `At most ${WISHLIST_IDS_MAX} products can be asked about at once`),
    ),
});
export const wishlistIdsView = z.object({ productIds: z.array(z.string()) });

/** A size/colour of a wished product with the units a shopper can buy now. */
export const wishlistStockView = z.object({ size: z.string(), color: z.string(), available: z.number() });

export const wishlistItemView = z.object({
  productId: z.string(),
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  isActive: z.boolean(),
  /** The price a shopper pays now (the sale price when the product is on sale). */
  price: z.number(),
  /** That price when the product was added. */
  priceAtAdd: z.number(),
  priceDropped: z.boolean(),
  stock: z.array(wishlistStockView),
  inStock: z.boolean(),
  addedAt: z.string(),
});
export type WishlistItemView = z.infer<typeof wishlistItemView>;

export const wishlistPageView = z.object({ items: z.array(wishlistItemView), pagination: paginationView });
export type WishlistPageView = z.infer<typeof wishlistPageView>;
export const wishlistMergeView = z.object({ added: z.number() });
