import { locationContracts, PAGE_SIZES, productContracts } from '@seamline/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';
import { PRODUCT_QUERY_KEY, productDetailKey } from '../../lib/product-query-keys';

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Query keys and options of the product page, in one place (`productQueries.all`). */
export const productQueries = {
  all: PRODUCT_QUERY_KEY,
  /** A product by its slug; a 404 is an answer (the not-found page), not worth a retry. */
  detail: (slug: string) =>
    queryOptions({
      queryKey: productDetailKey(slug),
      queryFn: async ({ signal }) =>
        (await api.call(productContracts.bySlug, { params: { slug }, signal })).data.product,
      retry: (count, error) => !isNotFound(error) && count < 1,
    }),
  related: (id: string) =>
    queryOptions({
      queryKey: [...productQueries.all, 'related', id] as const,
      queryFn: async ({ signal }) =>
        (await api.call(productContracts.related, { params: { id }, query: { limit: PAGE_SIZES.related }, signal }))
          .data.products,
    }),
  /** The pickup shops with units of the product now, with their sizes/colours: one read per product, not per variant. */
  pickup: (id: string) =>
    queryOptions({
      queryKey: [...productQueries.all, 'pickup', id] as const,
      queryFn: async ({ signal }) =>
        (await api.call(locationContracts.productPickup, { params: { id }, signal })).data.locations,
    }),
};
