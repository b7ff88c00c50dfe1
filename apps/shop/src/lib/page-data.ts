import { SHOP_PAGE_DATA_ID, type ShopPageData } from '@seamline/shared';
import type { QueryClient } from '@tanstack/react-query';
import { SHOP_BASE } from './paths';
import { productDetailKey } from './product-query-keys';

const PRODUCT_PATH = new RegExp(`^${SHOP_BASE}/products/([^/]+)/?$`);

/** The data the server rendered this page with (shop-pages.ts), or nothing when it sent none or it is unreadable. */
function pageData(): ShopPageData {
  const text = document.getElementById(SHOP_PAGE_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as ShopPageData;
  } catch {
    return {};
  }
}

/**
 * Fills the query cache with what the server rendered the page from, so a product page opened from outside shows its
 * product at once instead of after a round trip. The entry is marked as old (updated at 0): the page still reads the
 * product when it mounts, which counts the visit as a view and brings stock that changed since the page was rendered.
 * Only a URL whose slug is the product's own is filled (the router's key is the slug as the URL writes it).
 */
export function seedFromPage(client: QueryClient) {
  const { product } = pageData();
  const slug = PRODUCT_PATH.exec(window.location.pathname)?.[1];
  if (product && slug === product.slug) client.setQueryData(productDetailKey(slug), product, { updatedAt: 0 });
}
