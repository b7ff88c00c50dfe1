import {
  type PublicReviewView,
  productContracts,
  REVIEW_PAGE_SIZE,
  type ReviewInput,
  type ReviewSort,
  reviewContracts,
} from '@seamline/shared';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { ACCOUNT_QUERY_KEY } from '../../lib/query-client';

/** The customer's helpful votes (under the account key, so sign-out forgets them). */
const VOTES_KEY = [...ACCOUNT_QUERY_KEY, 'review-votes'] as const;

export type ReviewFilters = { page: number; sort: ReviewSort; stars?: number; size?: string };

/** Reviews as the product page and the account read them (own reviews under the account key, forgotten at sign-out). */
export const reviewQueries = {
  all: ['reviews'] as const,
  forProduct: (productId: string, filters: ReviewFilters) =>
    queryOptions({
      queryKey: [...reviewQueries.all, 'product', productId, filters] as const,
      queryFn: async ({ signal }) =>
        (
          await api.call(reviewContracts.listForProduct, {
            params: { id: productId },
            query: { ...filters, limit: REVIEW_PAGE_SIZE },
            signal,
          })
        ).data,
      placeholderData: keepPreviousData,
    }),
  mine: () =>
    queryOptions({
      queryKey: [...ACCOUNT_QUERY_KEY, 'reviews'] as const,
      queryFn: async ({ signal }) => (await api.call(reviewContracts.mine, { signal })).data.reviews,
      staleTime: 0,
    }),
  /** Which of a page's reviews the customer voted helpful: ONE call per page (GET /api/reviews/votes), keyed by its ids. */
  votes: (reviewIds: readonly string[]) => {
    const ids = [...reviewIds].sort().join(',');
    return queryOptions({
      queryKey: [...VOTES_KEY, ids] as const,
      queryFn: async ({ signal }) =>
        (await api.call(reviewContracts.votes, { query: { reviewIds: ids }, signal })).data.reviewIds,
    });
  },
  /** The product a review is written for (its name and sizes). */
  product: (productId: string) =>
    queryOptions({
      queryKey: ['product', 'by-id', productId] as const,
      queryFn: async ({ signal }) =>
        (await api.call(productContracts.get, { params: { id: productId }, signal })).data.product,
    }),
};

/** Attaches photos to a review (the server stores them through the image pipeline). */
async function addPhotos(reviewId: string, files: readonly File[]) {
  const form = new FormData();
  for (const file of files) form.append('photos', file);
  return api.call(reviewContracts.addPhotos, { params: { id: reviewId }, body: form });
}

/**
 * Writes or edits a review, then removes and adds photos. The answer's message is the server's (published at once or
 * waiting for approval); photos put the review back to moderation, so their answer's status wins.
 */
export async function saveReview(input: {
  reviewId?: string;
  productId: string;
  review: ReviewInput;
  newPhotos: readonly File[];
  removedPhotoIds: readonly string[];
}) {
  const saved = input.reviewId
    ? await api.call(reviewContracts.update, { params: { id: input.reviewId }, body: input.review })
    : await api.call(reviewContracts.create, { params: { id: input.productId }, body: input.review });
  let review = saved.data.review;
  for (const photoId of input.removedPhotoIds)
    review = (await api.call(reviewContracts.removePhoto, { params: { id: review.id, photoId } })).data.review;
  if (input.newPhotos.length) review = (await addPhotos(review.id, input.newPhotos)).data.review;
  return { review, message: saved.message };
}

export const deleteReview = (id: string) => api.call(reviewContracts.remove, { params: { id } });

/** Votes, or takes a vote back when `voted`; answers the server's count and whether the vote stands. */
export const voteHelpful = async (id: string, voted: boolean) =>
  (await api.call(voted ? reviewContracts.unvote : reviewContracts.vote, { params: { id } })).data;

/** Keeps the server's answer to a vote in every cached page showing the review and in the pages' voted ids. */
export function rememberVote(
  client: QueryClient,
  review: PublicReviewView,
  answer: { helpfulCount: number; voted: boolean },
) {
  client.setQueriesData<{ reviews: PublicReviewView[] }>(
    { queryKey: [...reviewQueries.all, 'product', review.productId] },
    (page) =>
      page && {
        ...page,
        reviews: page.reviews.map((r) => (r.id === review.id ? { ...r, helpfulCount: answer.helpfulCount } : r)),
      },
  );
  client.setQueriesData<string[]>({ queryKey: VOTES_KEY }, (ids) => {
    if (!ids) return ids;
    const rest = ids.filter((id) => id !== review.id);
    return answer.voted ? [...rest, review.id] : rest;
  });
}
