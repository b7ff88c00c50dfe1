import { PAGE_SIZES, REVIEW_STATUSES, type ReviewStatus, TOAST_MS } from '@seamline/shared';
import {
  Button,
  Card,
  Checkbox,
  EmptyState,
  formatCount,
  PageHeader,
  Pagination,
  Skeleton,
  Tabs,
  TabsList,
  TabsTrigger,
  useToast,
} from '@seamline/ui';
import { MessageSquare, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { BulkBar } from '../../../components/list/BulkBar';
import { errorMessage } from '../../../lib/api-client';
import { oneOf, useLastPageClamp, useListParams } from '../../../lib/list-params';
import { useRowSelection } from '../../../lib/row-selection';
import { type Moderation, type QueuedReview, useModerateReview, useReviewQueue } from '../api';
import { BulkModerateDialog } from '../components/BulkModerateDialog';
import { ModerationDialogs, type OpenDialog } from '../components/ModerationDialogs';
import { type ReviewAction, ReviewCard } from '../components/ReviewCard';

const STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Pending',
  published: 'Published',
  rejected: 'Rejected',
  hidden: 'Hidden',
};
const EMPTY_TEXT: Record<ReviewStatus, string> = {
  pending: 'No review waits for moderation.',
  published: 'No published reviews.',
  rejected: 'No rejected reviews.',
  hidden: 'No hidden reviews.',
};

/**
 * Reviews (moderators and admins): the moderation queue by status, oldest first as the server gives it, optionally one
 * product's. Status, product and page live in the URL (`?status=published&productId=…&page=2`), so the product
 * screens link here. Each review is approved, rejected with a reason, hidden or answered; ticked reviews are
 * moderated in one request.
 */
export default function ReviewsPage() {
  const toast = useToast(TOAST_MS.reviews);
  const [params, setParams] = useListParams({ status: 'pending', productId: '', page: 1 });
  const status = oneOf(params.status, REVIEW_STATUSES, 'pending');
  const { page, productId } = params;
  const queue = useReviewQueue({ page, status, productId: productId || undefined });
  const moderate = useModerateReview();
  const selection = useRowSelection();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [bulkAction, setBulkAction] = useState<Moderation | null>(null);
  const panelId = useId();

  useEffect(() => {
    if (queue.error) toast.error(errorMessage(queue.error, 'Failed to load reviews'));
  }, [queue.error, toast]);

  const failed = queue.isError;
  const reviews = failed ? [] : (queue.data?.reviews ?? []);
  const totalPages = failed ? 1 : (queue.data?.pagination.totalPages ?? 1);
  useLastPageClamp(page, queue.isSuccess && !queue.isPlaceholderData ? totalPages : undefined, setParams);

  // Another status or product is another list: what was ticked in the old one is let go.
  const clearSelection = selection.clear;
  // biome-ignore lint/correctness/useExhaustiveDependencies: status and product name the list, not values read here
  useEffect(() => clearSelection(), [status, productId, clearSelection]);

  const pageIds = reviews.map((review) => review.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selection.selected.has(id));
  const someOnPage = pageIds.some((id) => selection.selected.has(id));
  const productName = reviews[0]?.productName;

  const approve = async (review: QueuedReview) => {
    try {
      await moderate.mutateAsync({ id: review.id, action: 'approve' });
      toast.success('Review approved');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to approve the review'));
    }
  };
  const onAction = (action: ReviewAction, review: QueuedReview) => {
    if (action === 'approve') void approve(review);
    else setDialog({ action, review });
  };

  return (
    <>
      <PageHeader title="Reviews" description="Approve, reject, hide and answer what customers write about products." />
      <Card className="mb-4 flex flex-wrap items-center gap-3 p-4">
        {/* Capped at the card's width: on a phone the tab list scrolls instead of widening the page. */}
        <Tabs className="min-w-0 max-w-full" value={status} onValueChange={(next) => setParams({ status: next })}>
          <TabsList aria-label="Review status">
            {REVIEW_STATUSES.map((value) => (
              <TabsTrigger key={value} value={value} id={`${panelId}-${value}`} aria-controls={panelId}>
                {STATUS_LABELS[value]}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        {productId ? (
          <span className="inline-flex items-center gap-1 rounded-full border border-indigo-200 bg-indigo-50 py-0.5 pr-1 pl-3 text-sm text-indigo-800">
            Product: {productName ?? 'the chosen product'}
            <Button
              variant="ghost"
              size="sm"
              className="h-6 px-1.5"
              aria-label="Show reviews of all products"
              onClick={() => setParams({ productId: '' })}
            >
              <X aria-hidden />
            </Button>
          </span>
        ) : null}
        <span className="ml-auto text-sm text-slate-500" aria-live="polite">
          {failed ? '0' : formatCount(queue.data?.pagination)} {STATUS_LABELS[status].toLowerCase()}
        </span>
      </Card>
      <BulkBar selection={selection} total={null} noun="reviews">
        {(['approve', 'reject', 'hide'] as const)
          .filter((action) => action !== ACTION_TO_HIDE[status])
          .map((action) => (
            <Button key={action} variant="outline" size="sm" onClick={() => setBulkAction(action)}>
              {BULK_LABELS[action]}
            </Button>
          ))}
      </BulkBar>
      <div role="tabpanel" id={panelId} aria-labelledby={`${panelId}-${status}`} className="flex flex-col gap-3">
        {queue.isPending && !failed ? (
          <LoadingList />
        ) : reviews.length === 0 ? (
          <EmptyState icon={MessageSquare} title="No Reviews Found" description={EMPTY_TEXT[status]} />
        ) : (
          <>
            <div className="flex items-center gap-2 px-4 text-sm text-slate-600">
              <Checkbox
                id={`${panelId}-all`}
                aria-label="Select all reviews on this page"
                checked={allOnPage ? true : someOnPage ? 'indeterminate' : false}
                onCheckedChange={(checked) => selection.setMany(pageIds, checked === true)}
              />
              <span aria-hidden>Select page</span>
            </div>
            {reviews.slice(0, PAGE_SIZES.reviewsList).map((review) => (
              <ReviewCard
                key={review.id}
                review={review}
                selected={selection.selected.has(review.id)}
                onSelect={(on) => selection.toggle(review.id, on)}
                onAction={onAction}
                onFilterProduct={productId ? undefined : () => setParams({ productId: review.productId })}
                busy={moderate.isPending && moderate.variables?.id === review.id}
              />
            ))}
            <Pagination page={page} totalPages={totalPages} onPageChange={(next) => setParams({ page: next })} />
          </>
        )}
      </div>
      <ModerationDialogs dialog={dialog} onClose={() => setDialog(null)} />
      <BulkModerateDialog
        action={bulkAction}
        ids={[...selection.selected]}
        onOpenChange={(open) => !open && setBulkAction(null)}
        onDone={selection.clear}
      />
    </>
  );
}

const BULK_LABELS: Record<Moderation, string> = { approve: 'Approve', reject: 'Reject', hide: 'Hide' };
/** The bulk step that would change nothing on a tab (approving what is published). */
const ACTION_TO_HIDE: Partial<Record<ReviewStatus, Moderation>> = {
  published: 'approve',
  rejected: 'reject',
  hidden: 'hide',
};

function LoadingList() {
  return (
    <div className="flex flex-col gap-3" role="status" aria-label="Loading reviews">
      {['a', 'b', 'c'].map((key) => (
        <Card key={key} className="flex flex-col gap-2 p-4">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-3 w-2/3" />
        </Card>
      ))}
    </div>
  );
}
