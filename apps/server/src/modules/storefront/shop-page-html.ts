/**
 * The storefront page's HTML as the server sends it: the built index.html with its `<!--seo-head-->…<!--/seo-head-->`
 * part replaced by the page's title and meta tags, and its `<!--seo-body-->` marker by content readable without
 * JavaScript. Every value is escaped here: product names and descriptions are typed by staff (user input).
 */
import { SHOP_PAGE_DATA_ID, type ShopPageData, STORE_NAME } from '@seamline/shared';
import { escapeHtml } from '../../lib/html.js';

export type PageMeta = {
  /** The page's own title; the document title reads "<title> · Seamline" like the app's (use-document-title.ts). */
  title: string;
  description: string;
  /** Absolute canonical URL. */
  canonical: string;
  ogType: 'website' | 'product';
  /** Absolute image URL for og:image, when the page has one. */
  image?: string;
  /** Preloaded as the page's largest picture (the product photo), so it paints early. */
  preloadImage?: string;
  price?: { amount: number; currency: string };
  jsonLd?: object;
  noindex?: boolean;
};

/**
 * JSON inside a <script> element: `<` is escaped so no value can close the element (`</script>`) or open a comment,
 * and U+2028/2029 so the text stays valid JavaScript for old parsers.
 */
export const scriptJson = (value: object) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A shortened single-line description (search engines show about 155 characters). */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;

export function renderHead(page: PageMeta): string {
  const title = page.title === STORE_NAME ? page.title : `${page.title} · ${STORE_NAME}`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', page.description),
    `<link rel="canonical" href="${escapeHtml(page.canonical)}" />`,
    page.noindex ? meta('name', 'robots', 'noindex') : '',
    meta('property', 'og:site_name', STORE_NAME),
    meta('property', 'og:type', page.ogType),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', page.canonical),
    page.image ? meta('property', 'og:image', page.image) : '',
    meta('name', 'twitter:card', page.image ? 'summary_large_image' : 'summary'),
    page.price ? meta('property', 'product:price:amount', page.price.amount.toFixed(2)) : '',
    page.price ? meta('property', 'product:price:currency', page.price.currency) : '',
    page.preloadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(page.preloadImage)}" fetchpriority="high" />`
      : '',
    page.jsonLd ? `<script type="application/ld+json">${scriptJson(page.jsonLd)}</script>` : '',
  ];
  return tags.filter(Boolean).join('');
}

/**
 * The page's data for the app, as JSON in a data block (never run as script); the app reads it before its first
 * render (apps/shop/src/lib/page-data.ts).
 */
export const renderPageData = (data: ShopPageData | undefined) =>
  data ? `<script type="application/json" id="${SHOP_PAGE_DATA_ID}">${scriptJson(data)}</script>` : '';

const HEAD_MARKERS = /<!--seo-head-->[\s\S]*?<!--\/seo-head-->/;
const BODY_MARKER = '<!--seo-body-->';

/**
 * The built page with this page's head and body. A build without the markers is sent as it is (the app still works;
 * only the search-engine part is missing). The replacements are functions so `$` in a value is never a pattern.
 */
export function fillTemplate(template: string, head: string, body: string): string {
  return template.replace(HEAD_MARKERS, () => head).replace(BODY_MARKER, () => body);
}
