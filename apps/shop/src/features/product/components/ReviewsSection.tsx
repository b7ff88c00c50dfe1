import { REVIEW_SORT_LABELS, REVIEW_SORTS, type ReviewSort, type StorefrontProductView } from '@seamline/shared';
import { Button, FormField, Pagination, Select } from '@seamline/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { QueryState } from '../../../components/QueryState';
import { type ReviewFilters, reviewQueries } from '../../../components/reviews/api';
import { useShopUser } from '../../../lib/auth';
import { ReviewItem } from './ReviewItem';
import { ReviewSummary } from './ReviewSummary';
import { REVIEWS_SECTION_ID } from './reviews-section-id';

/** The write link: the account area sends guests to sign in first; the server refuses non-buyers with its message. */
function WriteReviewLink({ product }: { product: StorefrontProductView }) {
  return (
    <Button asChild variant="outline" size="xl">
      <Link href={`~/shop/account/reviews/new?product=${product.id}`}>Write a review</Link>
    </Button>
  );
}

/**
 * The product page's reviews: summary (average, stars 5–1, fit), then the published reviews a page at a time, sorted
 * and filtered by stars and size (filters change the list, not the summary).
 */
export function ReviewsSection({ product }: { product: StorefrontProductView }) {
  const user = useShopUser();
  const [filters, setFilters] = useState<ReviewFilters>({ page: 1, sort: 'newest' });
  const list = useQuery(reviewQueries.forProduct(product.id, filters));
  const mine = useQuery({ ...reviewQueries.mine(), enabled: user !== null });
  const ownIds = new Set((mine.data ?? []).map((review) => review.id));
  // The public list is the same for everyone; a customer's votes on the page shown come from one call of their own.
  const pageIds = (list.data?.reviews ?? []).map((review) => review.id);
  const votes = useQuery({
    ...reviewQueries.votes(pageIds),
    enabled: user?.role === 'customer' && pageIds.length > 0,
  });
  const votedIds = new Set(votes.data ?? []);
  const change = (next: Partial<ReviewFilters>) => setFilters({ ...filters, page: 1, ...next });
  const sizes = product.variants.size.available;

  return (
    <section id={REVIEWS_SECTION_ID} aria-labelledby="reviews-heading" className="mt-16 scroll-mt-24">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h2 id="reviews-heading" className="text-xl font-semibold tracking-tight">
          Reviews
        </h2>
        <WriteReviewLink product={product} />
      </div>
      <QueryState query={list} fallback="The reviews could not be loaded.">
        {(data) =>
          data.summary.count === 0 ? (
            <p className="rounded-lg border border-dashed border-stone-300 px-6 py-10 text-center text-stone-600">
              No reviews yet. Bought this? Be the first to review it.
            </p>
          ) : (
            <div className="grid gap-8 lg:grid-cols-[18rem_1fr] lg:gap-12">
              <ReviewSummary summary={data.summary} />
              <div>
                <div className="flex flex-wrap items-end gap-3">
                  <FormField label="Sort by" htmlFor="review-sort" className="w-44">
                    <Select
                      id="review-sort"
                      value={filters.sort}
                      options={REVIEW_SORTS.map((sort) => ({ value: sort, label: REVIEW_SORT_LABELS[sort] }))}
                      onChange={(e) => change({ sort: e.target.value as ReviewSort })}
                    />
                  </FormField>
                  <FormField label="Stars" htmlFor="review-stars" className="w-32">
                    <Select
                      id="review-stars"
                      value={filters.stars ? String(filters.stars) : ''}
                      placeholder="All stars"
                      options={[5, 4, 3, 2, 1].map((n) => ({
                        value: String(n),
                        label: n === 1 ? '1 star' : `${n} stars`,
                      }))}
                      onChange={(e) => change({ stars: e.target.value ? Number(e.target.value) : undefined })}
                    />
                  </FormField>
                  {sizes.length > 1 ? (
                    <FormField label="Size" htmlFor="review-size-filter" className="w-32">
                      <Select
                        id="review-size-filter"
                        value={filters.size ?? ''}
                        placeholder="All sizes"
                        options={sizes.map((s) => ({ value: s, label: s }))}
                        onChange={(e) => change({ size: e.target.value || undefined })}
                      />
                    </FormField>
                  ) : null}
                </div>
                <p className="mt-3 text-sm text-stone-600" aria-live="polite">
                  {data.pagination.total === 1 ? '1 review' : `${data.pagination.total} reviews`}
                  {filters.stars || filters.size ? ' match your filters' : ''}
                </p>
                {data.reviews.length ? (
                  <ul className="mt-2">
                    {data.reviews.map((review) => (
                      <ReviewItem
                        key={review.id}
                        review={review}
                        signedIn={user !== null}
                        own={ownIds.has(review.id)}
                        voted={votedIds.has(review.id)}
                      />
                    ))}
                  </ul>
                ) : (
                  <p className="py-6 text-stone-600">No reviews match these filters.</p>
                )}
                {data.pagination.pages > 1 ? (
                  <Pagination
                    className="mt-4"
                    page={filters.page}
                    totalPages={data.pagination.pages}
                    onPageChange={(page) => setFilters({ ...filters, page })}
                  />
                ) : null}
              </div>
            </div>
          )
        }
      </QueryState>
    </section>
  );
}
