import { REVIEW_FIT_LABELS, REVIEW_FITS, type ReviewFit, type ReviewView, reviewInput } from '@seamline/shared';
import { Button, FormField, Notice, Select, StarRatingInput, Textarea, TextField } from '@seamline/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { ACCOUNT_QUERY_KEY } from '../../lib/query-client';
import { reviewQueries, saveReview } from './api';
import { PhotoPicker } from './PhotoPicker';

type Errors = Partial<Record<'rating' | 'title' | 'body' | 'size' | 'fit', string>>;

/**
 * Writing or editing a review: stars (a radio group), title, text, the size bought (the product's sizes), the fit and
 * up to three photos. Checked with the shared schema on submit; the server's refusal (e.g. not a buyer) is shown as is.
 */
export function ReviewForm({
  productId,
  sizes,
  initialSize,
  review,
  onSaved,
}: {
  productId: string;
  sizes: readonly string[];
  initialSize?: string;
  review?: ReviewView;
  onSaved: (message: string, review: ReviewView) => void;
}) {
  const queryClient = useQueryClient();
  const [rating, setRating] = useState<number | null>(review?.rating ?? null);
  const [title, setTitle] = useState(review?.title ?? '');
  const [body, setBody] = useState(review?.body ?? '');
  const [size, setSize] = useState(review?.size ?? initialSize ?? '');
  const [fit, setFit] = useState<ReviewFit | ''>(review?.fit ?? '');
  const [kept, setKept] = useState(review?.photos ?? []);
  const [added, setAdded] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const save = useMutation({
    mutationFn: saveReview,
    onSuccess: ({ review: saved, message }) => {
      void queryClient.invalidateQueries({ queryKey: reviewQueries.all });
      void queryClient.invalidateQueries({ queryKey: [...ACCOUNT_QUERY_KEY, 'reviews'] });
      onSaved(message ?? '', saved);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewInput.safeParse({
      rating: rating ?? undefined,
      title,
      body,
      size: size || null,
      fit: fit || null,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(found);
      // The first field in error gets focus (the star group's first radio when the rating is missing).
      requestAnimationFrame(() => {
        const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
        (first?.matches('fieldset') ? first.querySelector<HTMLElement>('input') : first)?.focus();
      });
      return;
    }
    setErrors({});
    const removedPhotoIds = (review?.photos ?? []).filter((p) => !kept.some((k) => k.id === p.id)).map((p) => p.id);
    save.mutate({ reviewId: review?.id, productId, review: parsed.data, newPhotos: added, removedPhotoIds });
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-5">
      <StarRatingInput legend="Your rating" name="rating" value={rating} onChange={setRating} error={errors.rating} />
      <TextField
        label="Title"
        value={title}
        maxLength={120}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
      />
      <FormField label="Your review" htmlFor="review-body" error={errors.body} errorMode="described">
        <Textarea
          id="review-body"
          rows={6}
          value={body}
          maxLength={5000}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? 'review-body-error' : undefined}
          onChange={(e) => setBody(e.target.value)}
        />
      </FormField>
      <FormField label="Size bought" htmlFor="review-size">
        <Select
          id="review-size"
          value={size}
          placeholder="Not saying"
          options={sizes.map((s) => ({ value: s, label: s }))}
          onChange={(e) => setSize(e.target.value)}
          controlSize="xl"
        />
      </FormField>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">How does it fit?</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {REVIEW_FITS.map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="radio" name="fit" value={value} checked={fit === value} onChange={() => setFit(value)} />
              {REVIEW_FIT_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <PhotoPicker
        kept={kept}
        added={added}
        onRemoveKept={(id) => setKept(kept.filter((p) => p.id !== id))}
        onChangeAdded={setAdded}
      />
      <Notice tone="error">{save.isError ? errorMessage(save.error, 'The review could not be saved.') : ''}</Notice>
      <div>
        <Button type="submit" size="xl" disabled={save.isPending}>
          {save.isPending ? 'Sending…' : review ? 'Save changes' : 'Submit review'}
        </Button>
      </div>
    </form>
  );
}
