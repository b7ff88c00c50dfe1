import {
  productContracts,
  REVIEW_PAGE_SIZE,
  type ReviewInput,
  type ReviewSort,
  reviewContracts,
} from '@seamline/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { ACCOUNT_QUERY_KEY } from '../../lib/query-client';

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

export const voteHelpful = async (id: string, voted: boolean) =>
  (await api.call(voted ? reviewContracts.unvote : reviewContracts.vote, { params: { id } })).data;
