import { PAGE_SIZES, productContracts } from '@seamline/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { BrowseScope, BrowseState } from '../../lib/browse-url';
import { toApiQuery } from '../../lib/browse-url';

/**
 * Query keys and options of the catalogue's browsing screens (home, listings, filters), in one place
 * (`browseQueries.all`). Answers are reused for a minute (the query client's default).
 */
export const browseQueries = {
  all: ['catalogue'] as const,
  featured: () =>
    queryOptions({
      queryKey: [...browseQueries.all, 'featured'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(productContracts.featured, { query: { limit: PAGE_SIZES.featured }, signal })).data.products,
    }),
  trending: () =>
    queryOptions({
      queryKey: [...browseQueries.all, 'trending'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(productContracts.trending, { query: { limit: PAGE_SIZES.featured }, signal })).data.products,
    }),
  categories: () =>
    queryOptions({
      queryKey: [...browseQueries.all, 'categories'] as const,
      queryFn: async ({ signal }) => (await api.call(productContracts.categories, { signal })).data.categories,
    }),
  brands: () =>
    queryOptions({
      queryKey: [...browseQueries.all, 'brands'] as const,
      queryFn: async ({ signal }) => (await api.call(productContracts.brands, { signal })).data.brands,
    }),
  /** One page of a listing as the URL describes it; the previous page stays on screen while the next loads. */
  listing: (state: BrowseState, scope: BrowseScope) => {
    const query = toApiQuery(state, scope);
    return queryOptions({
      queryKey: [...browseQueries.all, 'listing', query] as const,
      queryFn: async ({ signal }) => (await api.call(productContracts.list, { query, signal })).data,
      placeholderData: keepPreviousData,
    });
  },
};
