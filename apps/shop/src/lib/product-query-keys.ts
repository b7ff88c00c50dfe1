/**
 * The product page's query keys (features/product/api.ts builds its queries on them), here so the first bundle can
 * fill the cache from a server-rendered page (page-data.ts) without loading the product feature.
 */
export const PRODUCT_QUERY_KEY = ['product'] as const;

export const productDetailKey = (slug: string) => [...PRODUCT_QUERY_KEY, 'detail', slug] as const;
