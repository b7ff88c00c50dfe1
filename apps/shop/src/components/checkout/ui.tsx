import clsx from 'clsx';
import type { ButtonHTMLAttributes, ComponentProps, ReactNode } from 'react';

/** The checkout's buttons: a full-width dark primary (Pay, Check out) and a quiet outlined secondary. */
export function CheckoutButton({
  variant = 'primary',
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' }) {
  return (
    <button
      type="button"
      {...props}
      className={clsx(
        'inline-flex min-h-11 items-center justify-center rounded-md px-5 text-sm font-semibold disabled:cursor-not-allowed',
        variant === 'primary'
          ? 'bg-ink text-white hover:bg-stone-800 disabled:bg-stone-500'
          : 'border border-stone-400 bg-white text-ink hover:bg-stone-50 disabled:text-stone-500',
        className,
      )}
    />
  );
}

// ComponentProps carries `ref`, so react-hook-form's `register` reaches the input.
type TextFieldProps = ComponentProps<'input'> & { id: string; label: string; error?: string };

/** A labelled input whose error is announced with it (aria-describedby) and shown under it. */
export function TextField({ id, label, error, className, ...props }: TextFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
        className={clsx(
          'block min-h-11 w-full rounded-md border bg-white px-3 text-base',
          error ? 'border-sale' : 'border-stone-400',
        )}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A titled part of the checkout form. */
export function CheckoutSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-b border-stone-200 pb-6">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A message that screen readers announce as it appears (errors: assertive alert; the rest polite). */
export function Notice({ tone, children }: { tone: 'error' | 'info'; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx(
        'rounded-md border px-3 py-2 text-sm',
        tone === 'error' ? 'border-sale bg-red-50 text-sale' : 'border-stone-300 bg-stone-50 text-ink',
      )}
    >
      {children}
    </div>
  );
}

/** Zod issues as one message per field (the first), keyed by the field's path. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[] | undefined) {
  const errors: Record<string, string> = {};
  for (const issue of issues ?? []) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}
