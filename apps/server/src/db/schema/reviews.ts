import { REVIEW_FITS, REVIEW_STATUSES } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalogue.js';
import { createdAt, idColumn, oneOf, refId, updatedAt } from './common.js';
import { users } from './users.js';

/**
 * Product reviews, one per customer and product. The products' `rating` and `review_count` are kept from the
 * published ones by the statement triggers of migration 0038 (docs/reviews.md).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: idColumn(),
    productId: refId('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: refId('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    size: text('size'),
    fit: text('fit', { enum: REVIEW_FITS }),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    rejectReason: text('reject_reason'),
    storeReply: text('store_reply'),
    /** Set when the review was written by a customer with a delivered order line of the product. */
    verifiedPurchase: boolean('verified_purchase').notNull().default(false),
    helpfulCount: integer('helpful_count').notNull().default(0),
    /** Set while the review has photos (kept with its photo rows in the same transaction): the `with_photos` sort. */
    hasPhotos: boolean('has_photos').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_helpful_count_check', sql`${t.helpfulCount} >= 0`),
    oneOf('reviews_status_check', t.status, REVIEW_STATUSES),
    oneOf('reviews_fit_check', t.fit, REVIEW_FITS),
    uniqueIndex('reviews_product_customer_idx').on(t.productId, t.customerId),
    // The product page walks a product's published reviews newest first, by stars (sorted or filtered), or of one size.
    index('reviews_product_status_created_idx').on(t.productId, t.status, t.createdAt, t.rating),
    index('reviews_product_status_rating_idx').on(t.productId, t.status, t.rating, t.createdAt),
    index('reviews_product_status_size_idx').on(t.productId, t.status, sql`lower(${t.size})`, t.createdAt),
    // Lowest first (rating up, newest first within a rating) and with photos first, each a walk of its own index.
    index('reviews_product_status_rating_low_idx').on(
      t.productId,
      t.status,
      t.rating.asc(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reviews_product_status_photos_idx').on(t.productId, t.status, t.hasPhotos, t.createdAt, t.id),
    // The moderation queue, per status, oldest first; and a customer's reviews of the last 24 hours (daily limit).
    index('reviews_status_created_idx').on(t.status, t.createdAt),
    index('reviews_customer_created_idx').on(t.customerId, t.createdAt),
  ],
);

/** One helpful vote per customer and review. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    id: idColumn(),
    reviewId: refId('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    customerId: refId('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('review_votes_review_customer_idx').on(t.reviewId, t.customerId),
    index('review_votes_customer_idx').on(t.customerId),
  ],
);

/**
 * A product's published reviews counted by stars and by fit, kept with its rating by the same reviews triggers
 * (migration 0039), so the product page's summary reads one row however many reviews there are.
 */
export const reviewSummaries = pgTable('review_summaries', {
  productId: refId('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  stars1: integer('stars_1').notNull().default(0),
  stars2: integer('stars_2').notNull().default(0),
  stars3: integer('stars_3').notNull().default(0),
  stars4: integer('stars_4').notNull().default(0),
  stars5: integer('stars_5').notNull().default(0),
  runsSmall: integer('runs_small').notNull().default(0),
  trueToSize: integer('true_to_size').notNull().default(0),
  runsLarge: integer('runs_large').notNull().default(0),
});

/** A review's photos (at most REVIEW_PHOTO_LIMIT), stored as product images are; the files go with the review. */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: idColumn(),
    reviewId: refId('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    original: text('original').notNull(),
    webp: text('webp').notNull(),
    thumbnail: text('thumbnail').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('review_photos_review_idx').on(t.reviewId, t.position)],
);
