import { REVIEW_STATUS_LABELS, type ReviewStatus, type ReviewView } from '@seamline/shared';
import { Badge, type BadgeVariant, Button, ConfirmDialog, formatDate, Notice, RatingStars } from '@seamline/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { QueryState } from '../../../components/QueryState';
import { deleteReview, reviewQueries } from '../../../components/reviews/api';
import { SectionHeading } from '../../../components/SectionHeading';
import { errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';

const STATUS_VARIANTS: Record<ReviewStatus, BadgeVariant> = {
  pending: 'warning',
  published: 'success',
  rejected: 'danger',
  hidden: 'neutral',
};

function MyReview({ review }: { review: ReviewView & { productName: string; productSlug: string } }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteReview(review.id),
    onSuccess: () => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: reviewQueries.mine().queryKey });
      void queryClient.invalidateQueries({ queryKey: reviewQueries.all });
    },
  });
  return (
    <li className="rounded-lg border border-stone-200 p-4">
      <Link
        href={`~/shop/products/${review.productSlug}`}
        className="text-sm font-medium underline-offset-4 hover:underline"
      >
        {review.productName}
      </Link>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <RatingStars rating={review.rating} />
        <Badge variant={STATUS_VARIANTS[review.status]}>{REVIEW_STATUS_LABELS[review.status]}</Badge>
      </div>
      <h2 className="mt-2 font-semibold">{review.title}</h2>
      <p className="mt-1 text-sm whitespace-pre-line text-stone-700">{review.body}</p>
      <p className="mt-2 text-xs text-stone-600">Written on {formatDate(review.createdAt)}</p>
      {review.photos.length ? (
        <ul className="mt-2 flex gap-2">
          {review.photos.map((photo, i) => (
            <li key={photo.id}>
              <img
                src={photo.thumbnailUrl}
                alt={`Your upload ${i + 1}`}
                className="size-14 rounded-md border object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {review.status === 'rejected' && review.rejectReason ? (
        <p className="mt-2 text-sm text-red-800">Reason: {review.rejectReason}</p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-3">
        <Button asChild variant="outline" size="sm">
          <Link href={`/reviews/${review.id}/edit`}>Edit</Link>
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </div>
      <Notice tone="error">
        {remove.isError ? errorMessage(remove.error, 'The review could not be deleted.') : ''}
      </Notice>
      <ConfirmDialog
        open={confirming}
        title="Delete this review?"
        confirmLabel="Delete review"
        cancelLabel="Keep it"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onOpenChange={setConfirming}
      >
        The review and its photos are removed for good.
      </ConfirmDialog>
    </li>
  );
}

/** /account/reviews: the customer's reviews with their status (and reject reason), to edit or delete. */
export function MyReviewsPage() {
  const mine = useQuery(reviewQueries.mine());
  useDocumentTitle('My reviews');
  return (
    <section>
      <SectionHeading title="My reviews" />
      <QueryState query={mine} fallback="Your reviews could not be loaded.">
        {(reviews) =>
          reviews.length === 0 ? (
            <p className="text-stone-600">
              You have not written any reviews yet. You can review what you bought from your{' '}
              <Link href="/orders" className="underline underline-offset-4">
                delivered orders
              </Link>
              .
            </p>
          ) : (
            <ul className="flex flex-col gap-4">
              {reviews.map((review) => (
                <MyReview key={review.id} review={review} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
