import clsx from 'clsx';
import type { ButtonHTMLAttributes } from 'react';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  tone?: 'primary' | 'secondary' | 'danger';
  busy?: boolean;
};

const TONES = {
  primary: 'bg-ink text-white hover:bg-stone-700',
  secondary: 'border border-ink bg-white text-ink hover:bg-stone-100',
  danger: 'bg-sale text-white hover:opacity-90',
};

/** The shop's button: full-height tap target (44 px), disabled while its action runs. */
export function Button({ tone = 'primary', busy, className, children, disabled, type, ...rest }: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={clsx(
        'inline-flex h-11 items-center justify-center rounded-md px-5 text-sm font-semibold tracking-wide transition-colors disabled:cursor-not-allowed disabled:opacity-60',
        TONES[tone],
        className,
      )}
      {...rest}
    >
      {children}
    </button>
  );
}

/** A form's closing row: save (busy while sending) and cancel. */
export function FormActions({ saveLabel, busy, onCancel }: { saveLabel: string; busy: boolean; onCancel: () => void }) {
  return (
    <div className="col-span-full flex gap-3">
      <Button type="submit" busy={busy}>
        {saveLabel}
      </Button>
      <Button tone="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
