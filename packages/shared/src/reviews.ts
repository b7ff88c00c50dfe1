import { z } from 'zod';
import { limitParam } from './api.js';
import { MAX_PAGE_LIMIT, PAGE_SIZES } from './constants.js';
import { objectIdParam } from './id-params.js';
import { splitList } from './products.js';

/** pending: waits for moderation; published: on the product page; rejected (with a reason) and hidden: not shown. */
export const REVIEW_STATUSES = ['pending', 'published', 'rejected', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_FITS = ['runs_small', 'true_to_size', 'runs_large'] as const;
export type ReviewFit = (typeof REVIEW_FITS)[number];
/** How a fit reads on screen. */
export const REVIEW_FIT_LABELS: Record<ReviewFit, string> = {
  runs_small: 'Runs small',
  true_to_size: 'True to size',
  runs_large: 'Runs large',
};

/** `with_photos`: reviews with photos first, then newest. */
export const REVIEW_SORTS = ['newest', 'highest', 'lowest', 'with_photos'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** Photos one review may carry. */
export const REVIEW_PHOTO_LIMIT = 3;

/** The product page's fit sentence, and the screens' names of the sorts and statuses. */
export const REVIEW_FIT_SUMMARY: Record<ReviewFit, string> = {
  runs_small: 'Most say: runs small — consider a size up',
  true_to_size: 'Most say: true to size',
  runs_large: 'Most say: runs large — consider a size down',
};
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  newest: 'Newest',
  highest: 'Highest rated',
  lowest: 'Lowest rated',
  with_photos: 'With photos',
};
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Waiting for approval',
  published: 'Published',
  rejected: 'Rejected',
  hidden: 'Hidden',
};

/** Reviews one customer may write in 24 hours. */
export const REVIEW_DAILY_LIMIT = 10;
/** A product page's reviews per page. */
export const REVIEW_PAGE_SIZE = 10;
/** Reviews one bulk moderation step may name. */
export const REVIEW_BULK_LIMIT = 100;

export const REVIEW_MESSAGES = {
  notFound: 'Review not found',
  productNotFound: 'Product not found',
  notBought: 'Only customers with a delivered order of this product can review it.',
  alreadyReviewed: 'You have already reviewed this product. Edit your review instead.',
  dailyLimit: (limit: number) => `You can write at most ${limit} reviews a day. Please try again tomorrow.`,
  ratingRange: 'Rating must be a whole number from 1 to 5.',
  titleRequired: 'Title is required.',
  bodyRequired: 'Review text is required.',
  fit: `Fit must be one of ${REVIEW_FITS.join(', ')}.`,
  rejectReasonRequired: 'Reject reason is required.',
  replyRequired: 'Reply is required.',
  notPublished: 'Only published reviews can be voted on.',
  ownReview: 'You cannot vote on your own review.',
  bulkIds: `Name 1 to ${REVIEW_BULK_LIMIT} review IDs.`,
  photoLimit: `A review can have at most ${REVIEW_PHOTO_LIMIT} photos.`,
  photoNotFound: 'Photo not found',
} as const;

/** Links and e-mail addresses in a review hold it for moderation whatever the store setting says. */
const LINK_OR_EMAIL = /(https?:\/\/|www\.|[a-z0-9-]+\.(com|net|org|io|co|shop|info|biz|ru|xyz)\b|\S+@\S+\.\S+)/i;
export const needsModeration = (...texts: readonly (string | null | undefined)[]) =>
  texts.some((text) => text != null && LINK_OR_EMAIL.test(text));

const text = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max);
const rating = z.coerce
  .number({ error: REVIEW_MESSAGES.ratingRange })
  .int(REVIEW_MESSAGES.ratingRange)
  .min(1, REVIEW_MESSAGES.ratingRange)
  .max(5, REVIEW_MESSAGES.ratingRange);
const fit = z.enum(REVIEW_FITS, { error: REVIEW_MESSAGES.fit });
const size = z.string().trim().min(1).max(20);

/** POST /products/{id}/reviews. */
export const reviewInput = z.object({
  rating,
  title: text(REVIEW_MESSAGES.titleRequired, 120),
  body: text(REVIEW_MESSAGES.bodyRequired, 5000),
  size: size.nullish(),
  fit: fit.nullish(),
});
export type ReviewInput = z.input<typeof reviewInput>;

/** PATCH /reviews/{id}: the fields to change (an edited review is moderated again). */
export const reviewEditInput = reviewInput
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Name at least one field to change.');

/** GET /products/{id}/reviews. */
export const productReviewsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: limitParam(REVIEW_PAGE_SIZE),
  sort: z.enum(REVIEW_SORTS).default('newest'),
  stars: z.coerce.number().int().min(1).max(5).optional(),
  size: size.optional(),
});

/** `?reviewIds=a,b,c`: the reviews a page shows (at most a page of them), to learn which the customer found helpful. */
export const reviewVotesQuery = z.object({
  reviewIds: z
    .union([z.string().max(MAX_PAGE_LIMIT * 30), z.array(z.string().max(30)).max(MAX_PAGE_LIMIT)])
    .transform(splitList)
    .pipe(
      z
        .array(objectIdParam('review'))
        .min(1, 'At least one review id is required')
        .max(MAX_PAGE_LIMIT, `At most ${MAX_PAGE_LIMIT} reviews can be asked about at once`),
    ),
});
export const reviewVotesView = z.object({ reviewIds: z.array(z.string()) });

/** GET /admin/reviews (the moderation queue: pending first by default). */
export const reviewQueueQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: limitParam(PAGE_SIZES.reviewsServer),
  status: z.enum(REVIEW_STATUSES).default('pending'),
  productId: objectIdParam('product').optional(),
});

export const rejectReviewInput = z.object({ reason: text(REVIEW_MESSAGES.rejectReasonRequired, 500) });
export const replyReviewInput = z.object({ reply: text(REVIEW_MESSAGES.replyRequired, 2000) });

export const REVIEW_MODERATIONS = ['approve', 'reject', 'hide'] as const;
/** POST /admin/reviews/bulk: one step for many reviews; each is checked on its own. */
export const bulkModerationInput = z
  .object({
    ids: z
      .array(objectIdParam('review'))
      .min(1, REVIEW_MESSAGES.bulkIds)
      .max(REVIEW_BULK_LIMIT, REVIEW_MESSAGES.bulkIds),
    action: z.enum(REVIEW_MODERATIONS),
    reason: z.string().trim().min(1).max(500).optional(),
  })
  .refine((v) => v.action !== 'reject' || v.reason !== undefined, {
    message: REVIEW_MESSAGES.rejectReasonRequired,
    path: ['reason'],
  });

/** A review photo: the thumbnail for the list, `url` for the larger view. */
export const reviewPhotoView = z.object({ id: z.string(), url: z.string(), thumbnailUrl: z.string() });
export type ReviewPhotoView = z.infer<typeof reviewPhotoView>;

/** What anyone sees of a published review: the reviewer as first name and last initial, never the e-mail. */
export const publicReviewView = z.object({
  id: z.string(),
  productId: z.string(),
  rating: z.number(),
  title: z.string(),
  body: z.string(),
  size: z.string().nullable(),
  fit: z.enum(REVIEW_FITS).nullable(),
  reviewer: z.string(),
  verifiedPurchase: z.boolean(),
  helpfulCount: z.number(),
  storeReply: z.string().nullable(),
  photos: z.array(reviewPhotoView),
  createdAt: z.string(),
});
export type PublicReviewView = z.infer<typeof publicReviewView>;

/** The author's and staff's view: the status and the moderation fields too. */
export const reviewView = publicReviewView.extend({
  customerId: z.string().nullable(),
  status: z.enum(REVIEW_STATUSES),
  rejectReason: z.string().nullable(),
  updatedAt: z.string(),
});
export type ReviewView = z.infer<typeof reviewView>;

export const reviewSummaryView = z.object({
  average: z.number(),
  count: z.number(),
  /** Published reviews per star, "1" to "5". */
  stars: z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() }),
  fit: z.object({
    runs_small: z.number(),
    true_to_size: z.number(),
    runs_large: z.number(),
    /** The fit most reviewers gave (null without any). */
    mostCommon: z.enum(REVIEW_FITS).nullable(),
  }),
});
export type ReviewSummary = z.infer<typeof reviewSummaryView>;

/** DELETE /reviews/{id}/photos/{photoId}: a review and one of its photos. */
export const reviewPhotoParams = z.object({ id: objectIdParam('review'), photoId: objectIdParam('photo') });

/** "Rita R." from a first and last name. */
export function reviewerName(firstName: string | null, lastName: string | null): string {
  const first = firstName?.trim() || 'Customer';
  const initial = lastName?.trim().charAt(0).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}
