import { needsModeration, REVIEW_FIT_LABELS } from '@seamline/shared';
import { Badge, Button, Card, Checkbox, formatDate, RatingStars } from '@seamline/ui';
import { BadgeCheck, Check, EyeOff, Filter, Link2, MessageSquareReply, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Moderation, QueuedReview } from '../api';

/** Texts longer than this are cut to three lines until "Show more". */
const LONG_TEXT = 180;

export type ReviewAction = Moderation | 'reply';

type Props = {
  review: QueuedReview;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onAction: (action: ReviewAction, review: QueuedReview) => void;
  /** Narrows the queue to this review's product (absent when it already is). */
  onFilterProduct?: () => void;
  /** An action on this review is on its way. */
  busy: boolean;
};

/** One review of the moderation queue: what the customer wrote, who they are, and the moderator's buttons. */
export function ReviewCard({ review, selected, onSelect, onAction, onFilterProduct, busy }: Props) {
  const [expanded, setExpanded] = useState(false);
  const bodyId = useId();
  const long = review.body.length > LONG_TEXT;
  const facts = [review.size ? `Size ${review.size}` : null, review.fit ? REVIEW_FIT_LABELS[review.fit] : null].filter(
    Boolean,
  );
  return (
    <Card className="flex gap-3 p-4" data-state={selected ? 'selected' : undefined}>
      <Checkbox
        className="mt-1"
        aria-label={`Select review "${review.title}"`}
        checked={selected}
        onCheckedChange={(checked) => onSelect(checked === true)}
      />
      <article className="flex min-w-0 flex-1 flex-col gap-2" aria-label={review.title}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <Link
            to={`/products?search=${encodeURIComponent(review.productName)}`}
            className="font-medium text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus-ring"
          >
            {review.productName}
          </Link>
          {onFilterProduct ? (
            <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={onFilterProduct}>
              <Filter aria-hidden /> This product only<span className="sr-only">: {review.productName}</span>
            </Button>
          ) : null}
          <span className="ml-auto text-slate-500">
            <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <RatingStars rating={review.rating} />
          <h2 className="text-base font-semibold text-slate-900">{review.title}</h2>
        </div>
        <p
          id={bodyId}
          className={`whitespace-pre-line text-sm text-slate-700 ${long && !expanded ? 'line-clamp-3' : ''}`}
        >
          {review.body}
        </p>
        {long ? (
          <Button
            variant="link"
            size="sm"
            className="h-auto self-start p-0"
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? 'Show less' : 'Show more'}
          </Button>
        ) : null}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className="font-medium text-slate-800">{review.reviewer}</span>
          {review.reviewerEmail ? <span className="break-all">{review.reviewerEmail}</span> : null}
          {facts.length ? <span>{facts.join(' · ')}</span> : null}
          {review.verifiedPurchase ? (
            <Badge variant="success">
              <BadgeCheck aria-hidden /> Verified purchase
            </Badge>
          ) : null}
          {needsModeration(review.title, review.body) ? (
            <Badge variant="warning">
              <Link2 aria-hidden /> Has a link or e-mail address
            </Badge>
          ) : null}
        </div>
        <ReviewPhotos review={review} />
        {review.status === 'rejected' && review.rejectReason ? (
          <p className="text-sm text-red-700">
            <span className="font-medium">Reject reason:</span> {review.rejectReason}
          </p>
        ) : null}
        {review.storeReply ? (
          <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
            <p className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Store reply</p>
            <p className="whitespace-pre-line">{review.storeReply}</p>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2 pt-1">
          {review.status !== 'published' ? (
            <Button size="sm" disabled={busy} onClick={() => onAction('approve', review)}>
              <Check aria-hidden /> Approve
            </Button>
          ) : null}
          {review.status !== 'rejected' ? (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction('reject', review)}>
              <X aria-hidden /> Reject
            </Button>
          ) : null}
          {review.status !== 'hidden' ? (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction('hide', review)}>
              <EyeOff aria-hidden /> Hide
            </Button>
          ) : null}
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction('reply', review)}>
            <MessageSquareReply aria-hidden /> {review.storeReply ? 'Edit reply' : 'Reply'}
          </Button>
        </div>
      </article>
    </Card>
  );
}

/** The review's photos as thumbnails, each opening the full picture in a new tab. */
function ReviewPhotos({ review }: { review: QueuedReview }) {
  if (!review.photos.length) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Photos">
      {review.photos.map((photo, index) => (
        <li key={photo.id}>
          <a
            href={photo.url}
            target="_blank"
            rel="noreferrer"
            className="block overflow-hidden rounded-md border border-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus-ring"
          >
            <img
              src={photo.thumbnailUrl}
              alt={`Attachment ${index + 1} of "${review.title}" (opens in a new tab)`}
              width={64}
              height={64}
              loading="lazy"
              className="size-16 object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
