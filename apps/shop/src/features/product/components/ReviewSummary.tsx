import { REVIEW_FIT_SUMMARY, type ReviewSummary as Summary } from '@seamline/shared';
import { RatingStars } from '@seamline/ui';

const STARS = [5, 4, 3, 2, 1] as const;

/** The average and count, a bar per star (5 to 1) with its count, and the most common fit as a sentence. */
export function ReviewSummary({ summary }: { summary: Summary }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <span className="text-4xl font-semibold">{summary.average.toFixed(1)}</span>
        <div>
          <RatingStars rating={summary.average} />
          <p className="text-sm text-stone-600">
            Based on {summary.count === 1 ? '1 review' : `${summary.count} reviews`}
          </p>
        </div>
      </div>
      <ul aria-label="Reviews per star rating" className="flex flex-col gap-1.5">
        {STARS.map((star) => {
          const n = summary.stars[star];
          const share = summary.count ? Math.round((n / summary.count) * 100) : 0;
          return (
            <li key={star} className="flex items-center gap-2 text-sm">
              <span className="w-14 shrink-0">{star === 1 ? '1 star' : `${star} stars`}</span>
              <span aria-hidden className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200">
                <span className="block h-full rounded-full bg-amber-500" style={{ width: `${share}%` }} />
              </span>
              <span className="w-10 shrink-0 text-right text-stone-700">{n}</span>
            </li>
          );
        })}
      </ul>
      {summary.fit.mostCommon ? (
        <p className="rounded-md bg-stone-100 px-3 py-2 text-sm font-medium">
          {REVIEW_FIT_SUMMARY[summary.fit.mostCommon]}
        </p>
      ) : null}
    </div>
  );
}
