import type { PublicReviewView, StorefrontProductSummary, StorefrontProductView } from '@seamline/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { brands, categories, products } from '../../db/schema/index.js';
import { loadStorefrontProduct, queryStorefrontSummaries } from '../products/index.js';
import { newestPublishedReviews } from '../reviews/index.js';

/** Products a listing page shows without JavaScript (the app's own listing pages further with its filters). */
export const SEO_LISTING_SIZE = 24;

export type Listing = { name: string; description: string; products: StorefrontProductSummary[] };

const newestFirst = sql`${products.createdAt} DESC, ${products.id} DESC`;

/**
 * One active product as shoppers see it. Not counted as a view: the app's own read of the product (which follows
 * right after this page is loaded) counts it, so a visit still counts once.
 */
export function productForPage(db: DbOrTx, slug: string): Promise<StorefrontProductView | null> {
  return loadStorefrontProduct(db, { slug });
}

/** Reviews the product page's structured data names (the newest published ones). */
export const SEO_REVIEW_COUNT = 5;

/** The product's newest published reviews; none is read while it has no published review. */
export function reviewsForPage(db: DbOrTx, product: StorefrontProductView): Promise<PublicReviewView[]> {
  return product.reviewCount > 0 ? newestPublishedReviews(db, product.id, SEO_REVIEW_COUNT) : Promise.resolve([]);
}

/** A category or brand (by name, any case, as the app's URLs carry it) with its newest active products. */
export async function listingForPage(db: DbOrTx, kind: 'category' | 'brand', name: string): Promise<Listing | null> {
  const table = kind === 'category' ? categories : brands;
  const [found] = await db
    .select({ id: table.id, name: table.name, description: table.description })
    .from(table)
    .where(sql`lower(${table.name}) = lower(${name})`);
  if (!found) return null;
  const column = kind === 'category' ? products.categoryId : products.brandId;
  const where = and(eq(column, found.id), eq(products.isActive, true));
  const listed = await queryStorefrontSummaries(db, { where, orderBy: newestFirst, limit: SEO_LISTING_SIZE });
  return { ...found, products: listed };
}

/** The home page's products without JavaScript: featured first, then the newest. */
export async function homeListing(db: DbOrTx): Promise<StorefrontProductSummary[]> {
  const orderBy = sql`${products.isFeatured} DESC, ${products.rating} DESC, ${products.createdAt} DESC`;
  return queryStorefrontSummaries(db, { where: eq(products.isActive, true), orderBy, limit: SEO_LISTING_SIZE });
}

/** Category names for the home page's links. */
export async function categoryNames(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ name: categories.name }).from(categories).orderBy(categories.name);
  return rows.map((r) => r.name);
}
