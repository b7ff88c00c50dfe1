import {
  needsModeration,
  REVIEW_DAILY_LIMIT,
  REVIEW_MESSAGES,
  type ReviewStatus,
  type reviewEditInput,
  type reviewInput,
} from '@seamline/shared';
import { and, count, eq, gt, inArray, min, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { orderItems, orders, products, reviews, reviewVotes, users } from '../../db/schema/index.js';
import { AppError, conflict, forbidden, notFound, tooManyRequests } from '../../lib/errors.js';
import { locksOf } from '../../lib/locked-transaction.js';
import type { ObjectStorage } from '../../lib/storage/index.js';
import type { AuthUser } from '../../types.js';
import { discardReviewPhotos, photosOfReviews } from './review-photos.service.js';
import { fullView, loadReviews, reviewById } from './review-views.js';

const DAY_MS = 86_400_000;

/**
 * A customer's reviews and helpful votes. Writing a review locks the customer's row first (step 1 of the lock order,
 * lib/locked-transaction.ts), so the once-per-product rule and the daily limit are read after any parallel review of
 * the same customer committed; the product row is then locked by the reviews trigger (migration 0038) when a
 * published review changes, after the review row.
 */
export class ReviewsService {
  constructor(
    private readonly db: Db,
    private readonly settings: { publishAtOnce: boolean },
    private readonly storage: ObjectStorage,
  ) {}

  /** POST /products/{id}/reviews. */
  async create(productId: string, input: z.output<typeof reviewInput>, user: AuthUser) {
    return this.db.transaction(async (tx) => {
      await this.lockCustomer(tx, user.id);
      const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
      if (!product) throw notFound(REVIEW_MESSAGES.productNotFound);
      if (!(await hasDeliveredLine(tx, user.id, productId))) throw forbidden(REVIEW_MESSAGES.notBought);
      const [existing] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.productId, productId), eq(reviews.customerId, user.id)));
      if (existing) throw conflict(REVIEW_MESSAGES.alreadyReviewed, 'ALREADY_REVIEWED');
      await this.assertUnderDailyLimit(tx, user.id);
      const [created] = await tx
        .insert(reviews)
        .values({
          productId,
          customerId: user.id,
          rating: input.rating,
          title: input.title,
          body: input.body,
          size: input.size ?? null,
          fit: input.fit ?? null,
          status: this.statusFor(input.title, input.body),
          verifiedPurchase: true,
        })
        .returning({ id: reviews.id });
      return reviewById(tx, created!.id);
    });
  }

  /** GET /reviews/mine. */
  async mine(user: AuthUser) {
    const rows = await loadReviews(this.db, eq(reviews.customerId, user.id));
    const named = rows.length
      ? await this.db
          .select({ id: products.id, name: products.name, slug: products.slug })
          .from(products)
          .where(
            inArray(
              products.id,
              rows.map((row) => row.productId),
            ),
          )
      : [];
    const byId = new Map(named.map((product) => [product.id, product]));
    return rows.map((row) => ({
      ...fullView(row),
      productName: byId.get(row.productId)?.name ?? '',
      productSlug: byId.get(row.productId)?.slug ?? '',
    }));
  }

  /** PATCH /reviews/{id}: moderated again (a hidden review stays hidden). */
  async update(id: string, input: z.output<typeof reviewEditInput>, user: AuthUser) {
    return this.db.transaction(async (tx) => {
      const current = await this.own(tx, id, user);
      const title = input.title ?? current.title;
      const body = input.body ?? current.body;
      const status: ReviewStatus = current.status === 'hidden' ? 'hidden' : this.statusFor(title, body);
      await tx
        .update(reviews)
        .set({
          ...(input.rating !== undefined ? { rating: input.rating } : {}),
          title,
          body,
          ...(input.size !== undefined ? { size: input.size } : {}),
          ...(input.fit !== undefined ? { fit: input.fit } : {}),
          status,
          rejectReason: null,
        })
        .where(eq(reviews.id, id));
      return reviewById(tx, id);
    });
  }

  /** DELETE /reviews/{id}: the review, its votes and photo rows; the photo files once that committed. */
  async remove(id: string, user: AuthUser) {
    const photos = await this.db.transaction(async (tx) => {
      const own = and(eq(reviews.id, id), eq(reviews.customerId, user.id));
      const photos = await photosOfReviews(tx, own);
      const [deleted] = await tx.delete(reviews).where(own).returning({ id: reviews.id });
      if (!deleted) throw notFound(REVIEW_MESSAGES.notFound);
      return photos;
    });
    await discardReviewPhotos(this.storage, photos);
  }

  /** POST /reviews/{id}/helpful: the vote row decides; the count moves only when the vote was new. */
  async vote(id: string, user: AuthUser) {
    return this.db.transaction(async (tx) => {
      const [review] = await tx
        .select({ status: reviews.status, customerId: reviews.customerId, helpfulCount: reviews.helpfulCount })
        .from(reviews)
        .where(eq(reviews.id, id));
      if (!review) throw notFound(REVIEW_MESSAGES.notFound);
      if (review.status !== 'published') throw conflict(REVIEW_MESSAGES.notPublished, 'REVIEW_NOT_PUBLISHED');
      if (review.customerId === user.id) throw conflict(REVIEW_MESSAGES.ownReview, 'OWN_REVIEW');
      const [added] = await tx
        .insert(reviewVotes)
        .values({ reviewId: id, customerId: user.id })
        .onConflictDoNothing()
        .returning({ id: reviewVotes.id });
      if (!added) return { helpfulCount: await helpfulCount(tx, id), voted: true };
      const [row] = await tx
        .update(reviews)
        .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
        .where(eq(reviews.id, id))
        .returning({ helpfulCount: reviews.helpfulCount });
      return { helpfulCount: row!.helpfulCount, voted: true };
    });
  }

  /**
   * GET /reviews/votes: which of `reviewIds` (at most a page of them) the customer voted helpful. One look-up per id
   * in the (review, customer) unique index, so the cost does not grow with the reviews or the votes.
   */
  async votedAmong(reviewIds: readonly string[], user: AuthUser): Promise<string[]> {
    const rows = await this.db
      .select({ reviewId: reviewVotes.reviewId })
      .from(reviewVotes)
      .where(and(eq(reviewVotes.customerId, user.id), inArray(reviewVotes.reviewId, [...new Set(reviewIds)])))
      .orderBy(reviewVotes.reviewId);
    return rows.map((row) => row.reviewId);
  }

  /** DELETE /reviews/{id}/helpful. */
  async unvote(id: string, user: AuthUser) {
    return this.db.transaction(async (tx) => {
      const [removed] = await tx
        .delete(reviewVotes)
        .where(and(eq(reviewVotes.reviewId, id), eq(reviewVotes.customerId, user.id)))
        .returning({ id: reviewVotes.id });
      if (!removed) return { helpfulCount: await helpfulCount(tx, id), voted: false };
      const [row] = await tx
        .update(reviews)
        .set({ helpfulCount: sql`${reviews.helpfulCount} - 1` })
        .where(and(eq(reviews.id, id), gt(reviews.helpfulCount, 0)))
        .returning({ helpfulCount: reviews.helpfulCount });
      return { helpfulCount: row?.helpfulCount ?? 0, voted: false };
    });
  }

  /** Published at once only when the store says so and the text carries no link or e-mail address. */
  statusFor(title: string, body: string): ReviewStatus {
    return this.settings.publishAtOnce && !needsModeration(title, body) ? 'published' : 'pending';
  }

  private async own(tx: Tx, id: string, user: AuthUser) {
    const [row] = await tx
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, id), eq(reviews.customerId, user.id)));
    if (!row) throw notFound(REVIEW_MESSAGES.notFound);
    return row;
  }

  /** Step 1 of the lock order; 403 for a deactivated account. */
  async lockCustomer(tx: Tx, customerId: string) {
    const [customer] = await locksOf(tx).step(
      'customer',
      () =>
        tx
          .select({ isActive: users.isActive, deletedAt: users.deletedAt })
          .from(users)
          .where(eq(users.id, customerId))
          .for('no key update'),
      [customerId],
    );
    if (!customer?.isActive || customer.deletedAt)
      throw new AppError(403, 'ACCOUNT_DEACTIVATED', 'This customer account is deactivated.');
  }

  /** 429 once the customer wrote REVIEW_DAILY_LIMIT reviews in the last 24 hours (Retry-After: until the oldest ages out). */
  private async assertUnderDailyLimit(tx: Tx, customerId: string) {
    const since = new Date(Date.now() - DAY_MS);
    const [row] = await tx
      .select({ n: count(), oldest: min(reviews.createdAt) })
      .from(reviews)
      .where(and(eq(reviews.customerId, customerId), gt(reviews.createdAt, since)));
    if (row!.n < REVIEW_DAILY_LIMIT) return;
    const wait = Math.ceil(((row!.oldest?.getTime() ?? Date.now()) + DAY_MS - Date.now()) / 1000);
    throw tooManyRequests(REVIEW_MESSAGES.dailyLimit(REVIEW_DAILY_LIMIT), wait);
  }
}

async function hasDeliveredLine(tx: Tx, customerId: string, productId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.customerId, customerId), eq(orders.status, 'delivered'), eq(orderItems.productId, productId)))
    .limit(1);
  return row !== undefined;
}

/** The review's helpful count; 404 when there is no such review. */
async function helpfulCount(tx: Tx, id: string): Promise<number> {
  const [row] = await tx.select({ n: reviews.helpfulCount }).from(reviews).where(eq(reviews.id, id));
  if (!row) throw notFound(REVIEW_MESSAGES.notFound);
  return row.n;
}
