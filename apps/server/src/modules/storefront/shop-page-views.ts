import {
  effectiveUnitPrice,
  type PublicReviewView,
  type ShopPageData,
  STORE_NAME,
  type StorefrontProductSummary,
  type StorefrontProductView,
} from '@seamline/shared';
import { escapeHtml, usd as money } from '../../lib/html.js';
import type { Listing } from './shop-page-data.js';
import { type PageMeta, summary } from './shop-page-html.js';

/**
 * A page as the server renders it: head tags, the body shown before (or without) JavaScript, and the data the app
 * starts from (read before it replaces the body).
 */
export type RenderedPage = { meta: PageMeta; body: string; data?: ShopPageData };

const CURRENCY = 'USD';
const HOME_DESCRIPTION =
  'Seamline is an online clothing store: T-shirts, shirts, jeans, dresses, jackets, shoes and accessories from ' +
  'independent brands, in every size and color.';

/** An image URL as crawlers need it: absolute (local uploads are served by this server). */
const absolute = (base: string, url: string) => (/^https?:\/\//.test(url) ? url : `${base}${url}`);
const shopUrl = (base: string, path: string) => `${base}/shop${path}`;
const listingPath = (kind: 'category' | 'brand', name: string) => `/${kind}/${encodeURIComponent(name)}`;

/**
 * The no-JavaScript body is plain semantic HTML with its own few styles (the app's stylesheet only has the classes
 * its own components use, and resets headings and lists). React's createRoot replaces it when the app starts (no
 * hydration: nothing is compared).
 */
const STYLE =
  '<style>.seo-page{max-width:72rem;margin:0 auto;padding:1.5rem 1rem;font-family:system-ui,sans-serif;' +
  'color:#1c1917;line-height:1.5}.seo-page h1{font-size:1.75rem;font-weight:600;margin:.75rem 0}' +
  '.seo-page h2{font-size:1.25rem;font-weight:600;margin:1.5rem 0 .5rem}.seo-page p{margin:.5rem 0}' +
  '.seo-page a{text-decoration:underline}.seo-page ul{list-style:disc;padding-left:1.25rem}' +
  '.seo-page img{display:block;width:100%;max-width:32rem;height:auto;margin:1rem 0}' +
  '.seo-page s,.seo-page small{color:#57534e}</style>';
/** The plain page's frame: its own few styles, then the content. */
const page = (content: string) => `<main class="seo-page">${STYLE}${content}</main>`;

function priceText(p: { price: number; salePrice: number | null; comparePrice: number | null }): string {
  const now = effectiveUnitPrice(p.price, p.salePrice);
  const was = now < p.price ? p.price : p.comparePrice && p.comparePrice > now ? p.comparePrice : null;
  return was ? `${money(now)} <small>Regular price <s>${money(was)}</s></small>` : money(now);
}

function productList(items: StorefrontProductSummary[]): string {
  const rows = items.map(
    (p) =>
      `<li><a href="/shop/products/${encodeURIComponent(p.slug)}">${escapeHtml(p.name)}</a> — ${priceText(p)}` +
      `${p.inStock ? '' : ' (sold out)'}</li>`,
  );
  return `<ul>${rows.join('')}</ul>`;
}

/** schema.org Review objects of published reviews (the date as a day, the author as the name the page shows). */
const reviewLd = (review: PublicReviewView) => ({
  '@type': 'Review',
  author: { '@type': 'Person', name: review.reviewer },
  reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
  name: review.title,
  reviewBody: review.body,
  datePublished: review.createdAt.slice(0, 10),
});

export function productPage(
  product: StorefrontProductView,
  base: string,
  reviews: readonly PublicReviewView[] = [],
): RenderedPage {
  const canonical = shopUrl(base, `/products/${encodeURIComponent(product.slug)}`);
  const price = effectiveUnitPrice(product.price, product.salePrice);
  const inStock = product.inventory.some((v) => v.available > 0);
  const picture = product.images[0];
  const image = picture ? absolute(base, picture.original) : undefined;
  const title = product.seo.title || product.name;
  const description = summary(product.seo.description || product.description || product.name);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: summary(product.description || product.name, 5000),
    sku: product.sku,
    url: canonical,
    ...(product.images.length ? { image: product.images.map((i) => absolute(base, i.original)) } : {}),
    brand: { '@type': 'Brand', name: product.brand },
    category: product.category,
    ...(product.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating,
            reviewCount: product.reviewCount,
          },
        }
      : {}),
    ...(reviews.length ? { review: reviews.map(reviewLd) } : {}),
    offers: {
      '@type': 'Offer',
      url: canonical,
      price: price.toFixed(2),
      priceCurrency: CURRENCY,
      availability: `https://schema.org/${inStock ? 'InStock' : 'OutOfStock'}`,
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
  const img = picture
    ? `<img src="${escapeHtml(picture.webp || picture.original)}" alt="${escapeHtml(picture.alt || product.name)}" ` +
      `width="600" height="600" />`
    : '';
  const body = page(
    `<nav aria-label="Breadcrumb"><a href="/shop">Home</a> / ` +
      `<a href="/shop${listingPath('category', product.category)}">${escapeHtml(product.category)}</a></nav>` +
      `<h1>${escapeHtml(product.name)}</h1><p>${escapeHtml(product.brand)}</p>${img}` +
      `<p><strong>${priceText(product)}</strong>${inStock ? '' : ' — sold out'}</p>` +
      `<p>${escapeHtml(product.description)}</p>`,
  );
  return {
    meta: {
      title,
      description,
      canonical,
      ogType: 'product',
      image,
      preloadImage: picture ? picture.webp || picture.original : undefined,
      price: { amount: price, currency: CURRENCY },
      jsonLd,
    },
    body,
    data: { product },
  };
}

export function listingPage(kind: 'category' | 'brand', listing: Listing, base: string): RenderedPage {
  const canonical = shopUrl(base, listingPath(kind, listing.name));
  const description = summary(
    listing.description || `Shop ${listing.name} at ${STORE_NAME}: ${listing.products.length} styles and counting.`,
  );
  const first = listing.products.find((p) => p.image)?.image;
  const body = page(
    `<nav aria-label="Breadcrumb"><a href="/shop">Home</a></nav><h1>${escapeHtml(listing.name)}</h1>` +
      `<p>${escapeHtml(listing.description)}</p>${productList(listing.products)}`,
  );
  return {
    meta: {
      title: listing.name,
      description,
      canonical,
      ogType: 'website',
      image: first ? absolute(base, first.original) : undefined,
    },
    body,
  };
}

export function homePage(featured: StorefrontProductSummary[], categoryNames: string[], base: string): RenderedPage {
  const links = categoryNames.map(
    (name) => `<li><a href="/shop${listingPath('category', name)}">${escapeHtml(name)}</a></li>`,
  );
  const first = featured.find((p) => p.image)?.image;
  const body = page(
    `<h1>${STORE_NAME} — clothing store</h1><p>${escapeHtml(HOME_DESCRIPTION)}</p>` +
      `<h2>Shop by category</h2><ul>${links.join('')}</ul><h2>Featured</h2>${productList(featured)}`,
  );
  return {
    meta: {
      title: STORE_NAME,
      description: HOME_DESCRIPTION,
      canonical: shopUrl(base, '/'),
      ogType: 'website',
      image: first ? absolute(base, first.original) : undefined,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: STORE_NAME,
        url: shopUrl(base, '/'),
        potentialAction: {
          '@type': 'SearchAction',
          target: `${shopUrl(base, '/search')}?q={search_term_string}`,
          'query-input': 'required name=search_term_string',
        },
      },
    },
    body,
  };
}

/** An unknown product: the app's page (it shows its not-found page) with a 404 status and kept out of indexes. */
export function notFoundPage(base: string, path: string): RenderedPage {
  return {
    meta: {
      title: 'Page not found',
      description: 'The page you asked for does not exist or has moved.',
      canonical: shopUrl(base, path),
      ogType: 'website',
      noindex: true,
    },
    body: page('<h1>Page not found</h1><p><a href="/shop">Continue shopping</a></p>'),
  };
}
