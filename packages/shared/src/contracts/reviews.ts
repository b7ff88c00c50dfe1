import { z } from 'zod';
import { paginationView } from '../api.js';
import { MAX_PAGE_LIMIT } from '../constants.js';
import { endpoint } from '../contract.js';
import { envelope, messageEnvelope } from '../envelopes.js';
import { idParams } from '../id-params.js';
import {
  bulkModerationInput,
  productReviewsQuery,
  publicReviewView,
  REVIEW_DAILY_LIMIT,
  REVIEW_MESSAGES,
  REVIEW_PHOTO_LIMIT,
  rejectReviewInput,
  replyReviewInput,
  reviewEditInput,
  reviewInput,
  reviewPhotoParams,
  reviewQueueQuery,
  reviewSummaryView,
  reviewView,
  reviewVotesQuery,
  reviewVotesView,
} from '../reviews.js';

const tag = 'reviews';
const productParams = idParams('product');
const reviewParams = idParams('review');
const reviewEnvelope = envelope(z.object({ review: reviewView }));
const bodyExample = {
  rating: 4,
  title: 'Soft and warm',
  body: 'Washes well, sleeves a little long.',
  size: 'M',
  fit: 'true_to_size',
};

/**
 * Product reviews. A customer with a delivered order line of a product reviews it once, then may edit or delete the
 * review; anyone reads the published ones with their summary; moderators and admins moderate and reply. A product's
 * `rating` and `reviewCount` are its published reviews' (kept by the database in the same transaction).
 */
export const reviewContracts = {
  listForProduct: endpoint({
    operationId: 'listProductReviews',
    method: 'GET',
    path: '/products/:id/reviews',
    summary: "A product's published reviews, paged, with the star and fit summary",
    description:
      'Sorted `newest` (default), `highest`, `lowest` or `with_photos` (reviews with photos first, then newest); `stars` and `size` filter the page (not the summary). ' +
      'Reviewers are shown as first name and last initial. 404 when the product does not exist.',
    tag,
    access: 'public',
    params: productParams,
    query: productReviewsQuery,
    responses: {
      200: envelope(
        z.object({ reviews: z.array(publicReviewView), summary: reviewSummaryView, pagination: paginationView }),
      ),
    },
  }),
  create: endpoint({
    operationId: 'createReview',
    method: 'POST',
    path: '/products/:id/reviews',
    summary: 'Review a product you received',
    description:
      `403 "${REVIEW_MESSAGES.notBought}"; 409 "${REVIEW_MESSAGES.alreadyReviewed}"; 429 after ` +
      `${REVIEW_DAILY_LIMIT} reviews in 24 hours. The review waits for moderation unless the store publishes reviews ` +
      'at once; a review with a link or an e-mail address always waits.',
    tag,
    access: 'customer',
    params: productParams,
    body: reviewInput,
    bodyExample,
    responses: { 201: reviewEnvelope },
    errors: [403, 409, 429],
  }),
  mine: endpoint({
    operationId: 'listMyReviews',
    method: 'GET',
    path: '/reviews/mine',
    summary: 'The reviews you wrote, newest first, with their moderation status',
    description: 'Each with its status and, when rejected, the reason staff gave, and the product it is about.',
    tag,
    access: 'customer',
    responses: {
      200: envelope(
        z.object({ reviews: z.array(reviewView.extend({ productName: z.string(), productSlug: z.string() })) }),
      ),
    },
  }),
  update: endpoint({
    operationId: 'updateReview',
    method: 'PATCH',
    path: '/reviews/:id',
    summary: 'Edit your review (it is moderated again)',
    description: `Someone else's review answers 404 "${REVIEW_MESSAGES.notFound}".`,
    tag,
    access: 'customer',
    params: reviewParams,
    body: reviewEditInput,
    bodyExample: { rating: 5 },
    responses: { 200: reviewEnvelope },
  }),
  remove: endpoint({
    operationId: 'deleteReview',
    method: 'DELETE',
    path: '/reviews/:id',
    summary: 'Delete your review',
    description: `Its helpful votes go with it; the product's figures follow. 404 "${REVIEW_MESSAGES.notFound}" for someone else's.`,
    tag,
    access: 'customer',
    params: reviewParams,
    responses: { 200: messageEnvelope },
  }),
  addPhotos: endpoint({
    operationId: 'addReviewPhotos',
    method: 'POST',
    path: '/reviews/:id/photos',
    summary: `Attach photos to your review (\`photos\` field; at most ${REVIEW_PHOTO_LIMIT} per review)`,
    description:
      'Checked and stored as product images are (original, webp and thumbnail renditions; 5 MB each; 415 for what ' +
      `is not an image). 400 "${REVIEW_MESSAGES.photoLimit}" past the limit; the review is moderated again as after ` +
      `an edit. Counted as a public write (per address). 404 "${REVIEW_MESSAGES.notFound}" for someone else's review.`,
    tag,
    access: 'customer',
    params: reviewParams,
    multipart: true,
    responses: { 200: reviewEnvelope },
    errors: [413, 415, 507],
  }),
  removePhoto: endpoint({
    operationId: 'deleteReviewPhoto',
    method: 'DELETE',
    path: '/reviews/:id/photos/:photoId',
    summary: 'Remove a photo from your review',
    description: `Its files are deleted. 404 "${REVIEW_MESSAGES.photoNotFound}" when the review has no such photo.`,
    tag,
    access: 'customer',
    params: reviewPhotoParams,
    responses: { 200: reviewEnvelope },
  }),
  vote: endpoint({
    operationId: 'voteReviewHelpful',
    method: 'POST',
    path: '/reviews/:id/helpful',
    summary: 'Mark a published review helpful (once per customer; again changes nothing)',
    description: `409 "${REVIEW_MESSAGES.notPublished}" or "${REVIEW_MESSAGES.ownReview}".`,
    tag,
    access: 'customer',
    params: reviewParams,
    responses: { 200: envelope(z.object({ helpfulCount: z.number(), voted: z.boolean() })) },
    errors: [409],
  }),
  votes: endpoint({
    operationId: 'votedReviewIds',
    method: 'GET',
    path: '/reviews/votes',
    summary: 'Which of the given reviews you found helpful',
    description:
      `Customers only. \`reviewIds\`: a comma-separated list of at most ${MAX_PAGE_LIMIT} ids (400 beyond), e.g. the ` +
      'reviews of one page; answers the ones you voted helpful, so a page learns it in one call (the public list ' +
      'stays the same for everyone).',
    tag,
    access: 'customer',
    query: reviewVotesQuery,
    responses: { 200: envelope(reviewVotesView) },
  }),
  unvote: endpoint({
    operationId: 'unvoteReviewHelpful',
    method: 'DELETE',
    path: '/reviews/:id/helpful',
    summary: 'Take your helpful vote back',
    description: 'Without a vote of yours nothing changes; the answer gives the count either way.',
    tag,
    access: 'customer',
    params: reviewParams,
    responses: { 200: envelope(z.object({ helpfulCount: z.number(), voted: z.boolean() })) },
  }),
  queue: endpoint({
    operationId: 'listReviewQueue',
    method: 'GET',
    path: '/admin/reviews',
    summary: 'Reviews by moderation status (default `pending`), oldest waiting first',
    description: 'Each with the reviewer e-mail and the product name; `productId` narrows to one product.',
    tag,
    access: 'reviews',
    query: reviewQueueQuery,
    responses: {
      200: envelope(
        z.object({
          reviews: z.array(reviewView.extend({ reviewerEmail: z.string().nullable(), productName: z.string() })),
          pagination: paginationView,
        }),
      ),
    },
  }),
  approve: endpoint({
    operationId: 'approveReview',
    method: 'POST',
    path: '/admin/reviews/:id/approve',
    summary: 'Publish a review',
    description: `Counts in the product's rating and review count from now on. 404 "${REVIEW_MESSAGES.notFound}". Logged.`,
    tag,
    access: 'reviews',
    params: reviewParams,
    responses: { 200: reviewEnvelope },
  }),
  reject: endpoint({
    operationId: 'rejectReview',
    method: 'POST',
    path: '/admin/reviews/:id/reject',
    summary: 'Reject a review, giving the reason (shown to its author)',
    description: 'A published review leaves the product figures. Logged with the status change.',
    tag,
    access: 'reviews',
    params: reviewParams,
    body: rejectReviewInput,
    bodyExample: { reason: 'Talks about another product' },
    responses: { 200: reviewEnvelope },
  }),
  hide: endpoint({
    operationId: 'hideReview',
    method: 'POST',
    path: '/admin/reviews/:id/hide',
    summary: 'Hide a review from the product page',
    description: 'A published review leaves the product figures; an edit by its author keeps it hidden. Logged.',
    tag,
    access: 'reviews',
    params: reviewParams,
    responses: { 200: reviewEnvelope },
  }),
  reply: endpoint({
    operationId: 'replyToReview',
    method: 'POST',
    path: '/admin/reviews/:id/reply',
    summary: "Set the store's public reply to a review",
    description: 'Shown under the review on the product page; replaces an earlier reply. Logged.',
    tag,
    access: 'reviews',
    params: reviewParams,
    body: replyReviewInput,
    bodyExample: { reply: 'Thank you! The sleeves are cut long on purpose.' },
    responses: { 200: reviewEnvelope },
  }),
  bulk: endpoint({
    operationId: 'moderateReviews',
    method: 'POST',
    path: '/admin/reviews/bulk',
    summary: 'Approve, reject or hide many reviews at once',
    description:
      'Each id is checked: the ones found are changed in one transaction, the others are listed in `notFound`. ' +
      '`reason` is required to reject.',
    tag,
    access: 'reviews',
    body: bulkModerationInput,
    bodyExample: { ids: ['64b7f0c2a1b2c3d4e5f60719'], action: 'approve' },
    responses: { 200: envelope(z.object({ updated: z.array(z.string()), notFound: z.array(z.string()) })) },
  }),
};
