import {
  type PublicReviewView,
  pagination,
  type productReviewsQuery,
  REVIEW_FITS,
  REVIEW_MESSAGES,
  type ReviewFit,
  type ReviewSort,
  type ReviewSummary,
  type ReviewView,
  reviewerName,
} from '@seamline/shared';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { products, reviewPhotos, reviews, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

type PhotoRow = typeof reviewPhotos.$inferSelect;
type AuthoredRow = typeof reviews.$inferSelect & { firstName: string | null; lastName: string | null };
type ReviewRow = AuthoredRow & { photos: PhotoRow[] };

const columns = { review: reviews, firstName: users.firstName, lastName: users.lastName };

/** The rows with their photos (one query for all of them), in position order. */
export async function withPhotos<T extends { id: string }>(
  db: DbOrTx,
  rows: T[],
): Promise<(T & { photos: PhotoRow[] })[]> {
  const byReview = new Map<string, PhotoRow[]>();
  if (rows.length > 0) {
    const photos = await db
      .select()
      .from(reviewPhotos)
      .where(
        inArray(
          reviewPhotos.reviewId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(reviewPhotos.position), asc(reviewPhotos.id));
    for (const photo of photos) byReview.set(photo.reviewId, [...(byReview.get(photo.reviewId) ?? []), photo]);
  }
  return rows.map((row) => ({ ...row, photos: byReview.get(row.id) ?? [] }));
}

/** Reviews with their authors' names and photos, matching `where`. */
export async function loadReviews(
  db: DbOrTx,
  where: SQL | undefined,
  options: { orderBy?: SQL[]; limit?: number; offset?: number } = {},
): Promise<ReviewRow[]> {
  const query = db
    .select(columns)
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.customerId))
    .where(where)
    .orderBy(...(options.orderBy ?? [desc(reviews.createdAt), desc(reviews.id)]))
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit).offset(options.offset ?? 0);
  const rows = (await query).map((row) => ({ ...row.review, firstName: row.firstName, lastName: row.lastName }));
  return withPhotos(db, rows);
}

export function publicView(row: ReviewRow): PublicReviewView {
  return {
    id: row.id,
    productId: row.productId,
    rating: row.rating,
    title: row.title,
    body: row.body,
    size: row.size,
    fit: row.fit,
    reviewer: reviewerName(row.firstName, row.lastName),
    verifiedPurchase: row.verifiedPurchase,
    helpfulCount: row.helpfulCount,
    storeReply: row.storeReply,
    photos: row.photos.map((photo) => ({ id: photo.id, url: photo.webp, thumbnailUrl: photo.thumbnail })),
    createdAt: row.createdAt.toISOString(),
  };
}

export function fullView(row: ReviewRow): ReviewView {
  return {
    ...publicView(row),
    customerId: row.customerId,
    status: row.status,
    rejectReason: row.rejectReason,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function reviewById(db: DbOrTx, id: string): Promise<ReviewView> {
  const [row] = await loadReviews(db, eq(reviews.id, id));
  if (!row) throw notFound(REVIEW_MESSAGES.notFound);
  return fullView(row);
}

/** A product's newest published reviews (the product page's structured data). */
export async function newestPublishedReviews(db: DbOrTx, productId: string, limit: number) {
  const where = and(eq(reviews.productId, productId), eq(reviews.status, 'published'));
  return (await loadReviews(db, where, { limit })).map(publicView);
}

/** Each sort walks an index of its own (schema/reviews.ts), so a first page reads about one page of rows. */
export const REVIEW_ORDERS: Record<ReviewSort, SQL[]> = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  with_photos: [desc(reviews.hasPhotos), desc(reviews.createdAt), desc(reviews.id)],
};

/** GET /products/{id}/reviews: a page of the published reviews. */
export async function productReviews(db: DbOrTx, productId: string, query: z.output<typeof productReviewsQuery>) {
  const [product] = await db
    .select({ rating: products.rating, reviewCount: products.reviewCount })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw notFound(REVIEW_MESSAGES.productNotFound);
  const published = and(eq(reviews.productId, productId), eq(reviews.status, 'published'));
  const where = and(
    published,
    query.stars ? eq(reviews.rating, query.stars) : undefined,
    query.size ? sql`lower(${reviews.size}) = lower(${query.size})` : undefined,
  );
  const [rows, [counted], distribution] = await Promise.all([
    loadReviews(db, where, {
      orderBy: REVIEW_ORDERS[query.sort],
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    }),
    db.select({ n: count() }).from(reviews).where(where),
    reviewDistribution(db, published!),
  ]);
  // The average and count are the product's own figures (kept by the database from the published reviews).
  const summary = { average: product.rating, count: product.reviewCount, ...distribution };
  return { reviews: rows.map(publicView), summary, pagination: pagination(query.page, query.limit, counted!.n) };
}

/** Stars 1–5 and fits of the published reviews, in one pass. */
async function reviewDistribution(db: DbOrTx, published: SQL): Promise<Pick<ReviewSummary, 'stars' | 'fit'>> {
  const rows = await db
    .select({ rating: reviews.rating, fit: reviews.fit, n: count() })
    .from(reviews)
    .where(published)
    .groupBy(reviews.rating, reviews.fit);
  const stars = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  const fits: Record<ReviewFit, number> = { runs_small: 0, true_to_size: 0, runs_large: 0 };
  for (const row of rows) {
    stars[row.rating as keyof typeof stars] += row.n;
    if (row.fit) fits[row.fit] += row.n;
  }
  const mostCommon = REVIEW_FITS.reduce<ReviewFit | null>(
    (best, fit) => (fits[fit] > 0 && (best === null || fits[fit] > fits[best]) ? fit : best),
    null,
  );
  return { stars, fit: { ...fits, mostCommon } };
}
