import {
  effectiveUnitPrice,
  productContracts,
  type StorefrontProductView,
  WISHLIST_PAGE_SIZE,
  type WishlistItemView,
  wishlistContracts,
} from '@seamline/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';
import { WISHLIST_KEY } from '../../lib/use-wishlist';

/** The wishlist page's reads: the account's list, and a guest's products read from the public product pages. */
export const wishlistQueries = {
  page: (page: number) =>
    queryOptions({
      queryKey: [...WISHLIST_KEY, 'page', page] as const,
      queryFn: async ({ signal }) =>
        (await api.call(wishlistContracts.list, { query: { page, limit: WISHLIST_PAGE_SIZE }, signal })).data,
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  /** A product of a guest's list; null when it is no longer sold (404), so the shopper can remove it. */
  guestItem: (productId: string) =>
    queryOptions({
      queryKey: ['catalogue', 'wished', productId] as const,
      queryFn: async ({ signal }) => {
        try {
          return (await api.call(productContracts.get, { params: { id: productId }, signal })).data.product;
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      },
    }),
};

/** A product as the wishlist shows it, for a guest's list (no price when added: the browser does not keep one). */
export function asWishlistItem(product: StorefrontProductView): WishlistItemView {
  const price = effectiveUnitPrice(product.price, product.salePrice);
  const stock = product.inventory.map(({ size, color, available }) => ({ size, color, available }));
  return {
    productId: product.id,
    name: product.name,
    slug: product.slug,
    image: product.images[0]?.thumbnail ?? null,
    isActive: true,
    price,
    priceAtAdd: price,
    priceDropped: false,
    stock,
    inStock: stock.some((s) => s.available > 0),
    addedAt: '',
  };
}
