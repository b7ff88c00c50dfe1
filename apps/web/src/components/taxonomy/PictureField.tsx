import { IMAGE_LIMITS, type StoredImageView } from '@seamline/shared';
import { Avatar, Button, cn, FormField } from '@seamline/ui';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';

/** What the dialog will do with the picture on save: upload a new file, remove the current one, or neither. */
export type PictureChoice = { file: File | null; removed: boolean };
export const KEEP_PICTURE: PictureChoice = { file: null, removed: false };

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';
export const PROCESS_IMAGE_FAILED = 'Failed to process image. Please try again.';

export type PictureFieldProps = {
  label: 'Image' | 'Logo';
  /** Name used for the avatar shown when there is no picture. */
  name: string;
  seed: string;
  current: StoredImageView | null;
  value: PictureChoice;
  onChange: (choice: PictureChoice) => void;
  fit: 'cover' | 'contain';
  disabled?: boolean;
};

/** Choose, preview, replace or remove a category image / brand logo (stored on save, through the upload call). */
export function PictureField({ label, name, seed, current, value, onChange, fit, disabled }: PictureFieldProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useMemo(() => (value.file ? URL.createObjectURL(value.file) : null), [value.file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? (value.removed ? null : (current?.thumbnail ?? null));

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return setProblem(PROCESS_IMAGE_FAILED);
    if (file.size > IMAGE_LIMITS.maxBytes) return setProblem(`The ${label.toLowerCase()} must be at most 5 MB.`);
    setProblem(null);
    onChange({ file, removed: false });
  };

  return (
    <FormField
      label={label}
      htmlFor={inputId}
      error={problem ?? undefined}
      hint="JPEG, PNG, WebP, GIF or AVIF, up to 5 MB."
    >
      <div className="flex items-center gap-4">
        {shown ? (
          <img
            src={shown}
            alt={`${label} preview`}
            className={cn(
              'size-20 shrink-0 rounded-lg border border-slate-200',
              fit === 'cover' ? 'object-cover' : 'bg-white object-contain p-1',
            )}
          />
        ) : (
          <Avatar seed={seed} name={name || '?'} size={80} className="rounded-lg" />
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => input.current?.click()}>
            <ImagePlus aria-hidden />
            {shown ? `Change ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
          </Button>
          {shown ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={disabled}
              onClick={() => {
                setProblem(null);
                onChange({ file: null, removed: current !== null });
              }}
            >
              <X aria-hidden />
              Remove
            </Button>
          ) : null}
        </div>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          disabled={disabled}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
    </FormField>
  );
}
