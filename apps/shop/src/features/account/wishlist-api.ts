import {
  effectiveUnitPrice,
  productContracts,
  type StorefrontProductSummary,
  WISHLIST_PAGE_SIZE,
  type WishlistItemView,
  wishlistContracts,
} from '@seamline/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { WISHLIST_KEY } from '../../lib/use-wishlist';

/** The wishlist page's reads: the account's list, and a guest's products read from the storefront list. */
export const wishlistQueries = {
  page: (page: number) =>
    queryOptions({
      queryKey: [...WISHLIST_KEY, 'page', page] as const,
      queryFn: async ({ signal }) =>
        (await api.call(wishlistContracts.list, { query: { page, limit: WISHLIST_PAGE_SIZE }, signal })).data,
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  /**
   * The products of a page of a guest's list, by id, with ONE storefront list call (a list read counts no view).
   * Products no longer sold are absent from the answer: `asked` tells them from ids it was not asked about (while the
   * previous page's answer stands in for the next).
   */
  guestPage: (ids: readonly string[]) =>
    queryOptions({
      queryKey: ['catalogue', 'wished', ids.join(',')] as const,
      queryFn: async ({ signal }) => {
        const query = { ids: ids.join(','), limit: ids.length };
        const { products } = (await api.call(productContracts.list, { query, signal })).data;
        return { asked: new Set(ids), products: new Map(products.map((product) => [product.id, product])) };
      },
      enabled: ids.length > 0,
      placeholderData: keepPreviousData,
    }),
};

/**
 * A listed product as the wishlist shows it, for a guest's list (no price when added: the browser does not keep one;
 * the stock is the card's per-colour summary, shown beside the item).
 */
export function asWishlistItem(product: StorefrontProductSummary): WishlistItemView {
  const price = effectiveUnitPrice(product.price, product.salePrice);
  return {
    productId: product.id,
    name: product.name,
    slug: product.slug,
    image: product.image?.thumbnail ?? null,
    isActive: true,
    price,
    priceAtAdd: price,
    priceDropped: false,
    stock: [],
    inStock: product.inStock,
    addedAt: '',
  };
}
