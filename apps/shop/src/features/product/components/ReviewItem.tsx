import { type PublicReviewView, REVIEW_FIT_LABELS } from '@seamline/shared';
import { Badge, Button, Dialog, DialogContent, formatDate, RatingStars } from '@seamline/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { rememberVote, voteHelpful } from '../../../components/reviews/api';
import { errorMessage } from '../../../lib/api';

const nth = (index: number, total: number) => `${index + 1} of ${total}`;

/** Thumbnails that open the larger photo in a dialog. */
function ReviewPhotos({ review }: { review: PublicReviewView }) {
  const [open, setOpen] = useState<number | null>(null);
  const photo = open === null ? null : review.photos[open];
  return (
    <>
      <ul className="mt-3 flex gap-2">
        {review.photos.map((p, i) => (
          <li key={p.id}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              className="block overflow-hidden rounded-md border focus-visible:ring-2 focus-visible:ring-focus-ring"
            >
              <img
                src={p.thumbnailUrl}
                alt={`Open larger: ${i + 1} of ${review.photos.length} from ${review.reviewer}`}
                className="size-16 object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={photo !== null} onOpenChange={(next) => !next && setOpen(null)}>
        {photo ? (
          <DialogContent title={`Photo ${open! + 1} of ${review.photos.length} — ${review.title}`}>
            <img
              src={photo.url}
              alt={`${nth(open!, review.photos.length)} from ${review.reviewer}`}
              className="max-h-[70vh] w-full object-contain"
            />
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}

/**
 * Signed-in customers vote once; pressing a pressed button takes the vote back. The count and the pressed state are
 * the cached page's and votes', updated from the server's answer. Guests are asked to sign in; never on one's own.
 */
function Helpful({ review, signedIn, voted }: { review: PublicReviewView; signedIn: boolean; voted: boolean }) {
  const client = useQueryClient();
  const vote = useMutation({
    mutationFn: () => voteHelpful(review.id, voted),
    onSuccess: (answer) => rememberVote(client, review, answer),
  });
  if (!signedIn)
    return (
      <p className="text-sm text-stone-600">
        Helpful ({review.helpfulCount}) ·{' '}
        <Link
          href={`~/shop/account/sign-in?next=${encodeURIComponent(window.location.pathname)}`}
          className="underline underline-offset-4"
        >
          Sign in to vote
        </Link>
      </p>
    );
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-pressed={voted}
        disabled={vote.isPending}
        onClick={() => vote.mutate()}
      >
        {/* Filled when voted, as the wishlist heart is, so the pressed state shows without reading it out. */}
        <ThumbsUp aria-hidden className={voted ? 'fill-current' : undefined} /> Helpful ({review.helpfulCount})
      </Button>
      {vote.isError ? (
        <span role="alert" className="text-sm text-red-800">
          {errorMessage(vote.error, 'Your vote could not be saved.')}
        </span>
      ) : null}
    </div>
  );
}

/** One published review; `own` (the viewer wrote it) leaves out the helpful vote, `voted`: the viewer found it helpful. */
export function ReviewItem({
  review,
  signedIn,
  own,
  voted,
}: {
  review: PublicReviewView;
  signedIn: boolean;
  own: boolean;
  voted: boolean;
}) {
  const details = [
    review.size ? `Size bought: ${review.size}` : null,
    review.fit ? `Fit: ${REVIEW_FIT_LABELS[review.fit]}` : null,
  ].filter(Boolean);
  return (
    <li className="border-b border-stone-200 py-5 last:border-b-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <RatingStars rating={review.rating} />
        <h3 className="font-semibold">{review.title}</h3>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
        <span className="font-medium text-ink">{review.reviewer}</span>
        <span aria-hidden>·</span>
        <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        {review.verifiedPurchase ? (
          <Badge variant="success">
            <BadgeCheck aria-hidden /> Verified purchase
          </Badge>
        ) : null}
      </p>
      {details.length ? <p className="mt-1 text-sm text-stone-700">{details.join(' · ')}</p> : null}
      <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-stone-800">{review.body}</p>
      {review.photos.length ? <ReviewPhotos review={review} /> : null}
      {review.storeReply ? (
        <div className="mt-3 rounded-md border-l-4 border-stone-400 bg-stone-50 px-3 py-2 text-sm">
          <p className="font-medium">Reply from the store</p>
          <p className="mt-1 whitespace-pre-line text-stone-700">{review.storeReply}</p>
        </div>
      ) : null}
      {own ? null : (
        <div className="mt-3">
          <Helpful review={review} signedIn={signedIn} voted={voted} />
        </div>
      )}
    </li>
  );
}
