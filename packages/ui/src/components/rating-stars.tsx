import { Star } from 'lucide-react';
import { cn } from '../cn';

export type RatingStarsProps = {
  /** 0 to 5; a fraction fills the star it falls in from the left. */
  rating: number;
  className?: string;
};

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * A rating shown as five stars (read only). Screen readers hear "4 out of 5 stars", not five images.
 */
export function RatingStars({ rating, className }: RatingStarsProps) {
  const value = Math.max(0, Math.min(5, rating));
  const label = `${Number.isInteger(value) ? value : value.toFixed(1)} out of 5 stars`;
  return (
    <span role="img" aria-label={label} className={cn('inline-flex items-center gap-0.5', className)}>
      {STARS.map((star) => {
        const fill = Math.max(0, Math.min(1, value - (star - 1)));
        return (
          <span key={star} className="relative inline-block size-4" aria-hidden>
            <Star className="absolute inset-0 size-4 text-slate-300" />
            {fill > 0 ? (
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star className="size-4 fill-amber-400 text-amber-700" />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
