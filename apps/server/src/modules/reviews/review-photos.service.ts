import { REVIEW_MESSAGES, REVIEW_PHOTO_LIMIT, type ReviewStatus } from '@seamline/shared';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { reviewPhotos, reviews, type StoredImage } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { commitOrDiscard, discardImage, storeImage } from '../../lib/images.js';
import type { ObjectStorage } from '../../lib/storage/index.js';
import type { AuthUser } from '../../types.js';
import { reviewById } from './review-views.js';
import type { ReviewsService } from './reviews.service.js';

type PhotoRow = typeof reviewPhotos.$inferSelect;

const stored = (row: PhotoRow): StoredImage => ({
  original: row.original,
  webp: row.webp,
  thumbnail: row.thumbnail,
  alt: '',
});

/** Deletes the files of review photos whose rows are gone (review photos are never shared). */
export async function discardReviewPhotos(storage: ObjectStorage, rows: readonly PhotoRow[]) {
  await Promise.all(rows.map((row) => discardImage(storage, stored(row))));
}

/** The photo rows of reviews matching `where` (read before a delete that cascades to them). */
export function photosOfReviews(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ photo: reviewPhotos })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .where(where)
    .then((rows) => rows.map((row) => row.photo));
}

/**
 * A review's photos: stored as product images are, then attached in one transaction that takes the customer's row
 * first (as writing a review does), so parallel uploads of one customer count each other against the limit.
 */
export class ReviewPhotosService {
  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStorage,
    private readonly reviewsService: ReviewsService,
  ) {}

  /** POST /reviews/{id}/photos: all files or none; the review is moderated again, as after an edit. */
  async add(id: string, files: readonly { buffer: Buffer }[], user: AuthUser) {
    // Cheap checks before any image work: the review is the customer's and has room for the files.
    await this.assertRoom(this.db, id, user, files.length);
    const images: StoredImage[] = [];
    try {
      for (const file of files) images.push(await storeImage(this.storage, 'reviews', file.buffer, ''));
    } catch (error) {
      await Promise.all(images.map((image) => discardImage(this.storage, image)));
      throw error;
    }
    return commitOrDiscard(this.storage, images, () =>
      this.db.transaction(async (tx) => {
        await this.reviewsService.lockCustomer(tx, user.id);
        const { review, photos } = await this.assertRoom(tx, id, user, images.length);
        await tx.insert(reviewPhotos).values(
          images.map((image, i) => ({
            reviewId: id,
            position: photos + i,
            original: image.original,
            webp: image.webp,
            thumbnail: image.thumbnail,
          })),
        );
        const status: ReviewStatus =
          review.status === 'hidden' ? 'hidden' : this.reviewsService.statusFor(review.title, review.body);
        await tx.update(reviews).set({ hasPhotos: true, status, rejectReason: null }).where(eq(reviews.id, id));
        return reviewById(tx, id);
      }),
    );
  }

  /** DELETE /reviews/{id}/photos/{photoId}: the row in the transaction, the files once it committed. */
  async remove(id: string, photoId: string, user: AuthUser) {
    const { review, photo } = await this.db.transaction(async (tx) => {
      await this.reviewsService.lockCustomer(tx, user.id);
      await this.ownReview(tx, id, user);
      const [photo] = await tx
        .delete(reviewPhotos)
        .where(and(eq(reviewPhotos.id, photoId), eq(reviewPhotos.reviewId, id)))
        .returning();
      if (!photo) throw notFound(REVIEW_MESSAGES.photoNotFound);
      // The flag follows the rows in the same statement's snapshot of this transaction.
      await tx
        .update(reviews)
        .set({ hasPhotos: sql`EXISTS (SELECT 1 FROM ${reviewPhotos} WHERE ${reviewPhotos.reviewId} = ${id})` })
        .where(eq(reviews.id, id));
      return { review: await reviewById(tx, id), photo };
    });
    await discardReviewPhotos(this.storage, [photo]);
    return review;
  }

  private async ownReview(db: DbOrTx, id: string, user: AuthUser) {
    const [review] = await db
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, id), eq(reviews.customerId, user.id)));
    if (!review) throw notFound(REVIEW_MESSAGES.notFound);
    return review;
  }

  private async assertRoom(db: DbOrTx, id: string, user: AuthUser, adding: number) {
    const review = await this.ownReview(db, id, user);
    const [row] = await db.select({ n: count() }).from(reviewPhotos).where(eq(reviewPhotos.reviewId, id));
    if (row!.n + adding > REVIEW_PHOTO_LIMIT) throw new AppError(400, 'VALIDATION_ERROR', REVIEW_MESSAGES.photoLimit);
    return { review, photos: row!.n };
  }
}
