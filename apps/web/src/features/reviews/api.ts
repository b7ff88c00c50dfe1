import { PAGE_SIZES, type ReviewStatus, reviewContracts } from '@seamline/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { catalogueQueryRoots } from '../../lib/query-keys';

export type ReviewQueueQuery = { page: number; status: ReviewStatus; productId?: string };

async function fetchQueue(query: ReviewQueueQuery, signal?: AbortSignal) {
  return (await api.call(reviewContracts.queue, { query: { ...query, limit: PAGE_SIZES.reviewsList }, signal })).data;
}
export type ReviewQueuePage = Awaited<ReturnType<typeof fetchQueue>>;
/** One review of the queue: the staff view with the reviewer's e-mail and the product's name. */
export type QueuedReview = ReviewQueuePage['reviews'][number];
export type Moderation = 'approve' | 'reject' | 'hide';

/** Query keys and options of the reviews area, in one place (invalidate `reviewQueries.all`). */
export const reviewQueries = {
  all: ['reviews'] as const,
  queue: (query: ReviewQueueQuery) =>
    queryOptions({
      queryKey: [...reviewQueries.all, 'queue', query] as const,
      queryFn: ({ signal }) => fetchQueue(query, signal),
      placeholderData: keepPreviousData,
    }),
};

export function useReviewQueue(query: ReviewQueueQuery) {
  return useQuery(reviewQueries.queue(query));
}

/** After a moderation step the queue and the products' rating and review counts may have moved. */
function useInvalidateReviews() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: reviewQueries.all }),
      client.invalidateQueries({ queryKey: catalogueQueryRoots.products }),
    ]);
}

export function useModerateReview() {
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: Moderation; reason?: string }) => {
      const params = { id };
      if (action === 'reject') return api.call(reviewContracts.reject, { params, body: { reason: reason ?? '' } });
      return api.call(action === 'approve' ? reviewContracts.approve : reviewContracts.hide, { params });
    },
    onSuccess: invalidate,
  });
}

export function useReplyToReview() {
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: ({ id, reply }: { id: string; reply: string }) =>
      api.call(reviewContracts.reply, { params: { id }, body: { reply } }),
    onSuccess: invalidate,
  });
}

/** One step for the ticked reviews: the ones found change together, the others come back in `notFound`. */
export function useBulkModerate() {
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: async (body: { ids: string[]; action: Moderation; reason?: string }) =>
      (await api.call(reviewContracts.bulk, { body })).data,
    onSuccess: invalidate,
  });
}
