import { Star } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../cn';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * A 1–5 star choice as a radio group (arrow keys move between stars, each radio named "4 stars"); the stars up to the
 * chosen one are filled. `error` is linked to the group for screen readers.
 */
export function StarRatingInput({
  legend,
  name,
  value,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  value: number | null;
  onChange: (value: number) => void;
  error?: string;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex gap-1">
        {STARS.map((star) => (
          <label key={star} className="cursor-pointer rounded-md p-1 focus-within:ring-2 focus-within:ring-focus-ring">
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="sr-only"
            />
            <span className="sr-only">{star === 1 ? '1 star' : `${star} stars`}</span>
            <Star
              aria-hidden
              className={cn(
                'size-7',
                value !== null && star <= value ? 'fill-amber-400 text-amber-700' : 'fill-none text-stone-500',
              )}
            />
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
