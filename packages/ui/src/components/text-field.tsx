import { type ReactNode, useId } from 'react';
import { FormField } from './form-field';
import { Input, type InputProps } from './input';

export type TextFieldProps = InputProps & {
  label: string;
  /** The input's id (the label points at it); a generated one when left out. */
  id?: string;
  error?: string;
  hint?: ReactNode;
  /** Classes of the field's wrapper (e.g. its grid column); the input's own are the theme's. */
  className?: string;
};

/**
 * A labelled input in one piece, for forms whose values are checked on submit and summed up in a notice: the error
 * and the hint are read with the input (aria-describedby), the error carries no alert of its own. The input is the
 * 44 px tap target (`controlSize` xl) unless told otherwise.
 */
export function TextField({ label, id, error, hint, className, controlSize = 'xl', ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = [error && `${inputId}-error`, hint && `${inputId}-hint`].filter(Boolean).join(' ');
  return (
    <FormField label={label} htmlFor={inputId} error={error} hint={hint} errorMode="described" className={className}>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        controlSize={controlSize}
        {...input}
      />
    </FormField>
  );
}
