import { PASSWORD_MIN } from '@seamline/shared';
import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';

// ComponentProps carries `ref`, so react-hook-form's `register` reaches the input.
type FieldProps = ComponentProps<'input'> & {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
};

/** A labelled input with its hint and error read out with it (aria-describedby), the error in the sale colour. */
export function Field({ label, name, error, hint, className, ...input }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        className="block h-11 w-full rounded-md border border-stone-400 bg-white px-3 text-base aria-invalid:border-sale"
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A new password with the shared rule as its hint (register, reset, change). */
export function NewPasswordField(props: Omit<FieldProps, 'type' | 'autoComplete' | 'hint'>) {
  return <Field type="password" autoComplete="new-password" hint={`At least ${PASSWORD_MIN} characters.`} {...props} />;
}

/** A labelled checkbox on its own row of a form grid ("Use as my default …"). */
export function CheckboxField({ label, ...input }: ComponentProps<'input'> & { label: string }) {
  return (
    <label className="col-span-full flex items-center gap-2 text-sm">
      <input type="checkbox" className="size-5 accent-ink" {...input} />
      {label}
    </label>
  );
}
