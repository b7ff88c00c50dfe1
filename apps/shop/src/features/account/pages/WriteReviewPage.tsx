import { REVIEW_STATUS_LABELS, type ReviewView } from '@seamline/shared';
import { Notice } from '@seamline/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import { QueryState } from '../../../components/QueryState';
import { reviewQueries } from '../../../components/reviews/api';
import { ReviewForm } from '../../../components/reviews/ReviewForm';
import { SectionHeading } from '../../../components/SectionHeading';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The form for one product, then the server's answer (published, or waiting for approval). */
function ReviewScreen({ productId, size, review }: { productId: string; size?: string; review?: ReviewView }) {
  const product = useQuery(reviewQueries.product(productId));
  const [done, setDone] = useState<{ message: string; review: ReviewView } | null>(null);
  return (
    <QueryState query={product} fallback="This product could not be loaded.">
      {(data) =>
        done ? (
          <div className="flex flex-col items-start gap-4">
            <Notice tone="success">{done.message}</Notice>
            <p className="text-sm text-stone-700">Status: {REVIEW_STATUS_LABELS[done.review.status]}</p>
            <div className="flex flex-wrap gap-4 text-sm">
              <Link href="/reviews" className="underline underline-offset-4">
                My reviews
              </Link>
              <Link href={`~/shop/products/${data.slug}`} className="underline underline-offset-4">
                Back to {data.name}
              </Link>
            </div>
          </div>
        ) : (
          <>
            <p className="mb-6 text-stone-700">
              Your review of <span className="font-semibold">{data.name}</span>
            </p>
            <ReviewForm
              productId={productId}
              sizes={data.variants.size.available}
              initialSize={size}
              review={review}
              onSaved={(message, saved) => setDone({ message, review: saved })}
            />
          </>
        )
      }
    </QueryState>
  );
}

/** /account/reviews/new?product=…&size=…: write a review (from an order line or the product page). */
export function WriteReviewPage() {
  const [params] = useSearchParams();
  useDocumentTitle('Write a review');
  const productId = params.get('product') ?? '';
  return (
    <section>
      <SectionHeading title="Write a review" />
      <ReviewScreen productId={productId} size={params.get('size') ?? undefined} />
    </section>
  );
}

/** /account/reviews/:id/edit: the own review in the same form (an edit is moderated again). */
export function EditReviewPage() {
  const { id = '' } = useParams<{ id: string }>();
  const mine = useQuery(reviewQueries.mine());
  useDocumentTitle('Edit review');
  return (
    <section>
      <SectionHeading title="Edit review" />
      <QueryState query={mine} fallback="Your reviews could not be loaded.">
        {(reviews) => {
          const review = reviews.find((r) => r.id === id);
          if (!review) return <Notice tone="error">Review not found</Notice>;
          return <ReviewScreen productId={review.productId} review={review} />;
        }}
      </QueryState>
    </section>
  );
}
