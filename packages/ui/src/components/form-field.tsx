import type { ReactNode } from 'react';
import { cn } from '../cn';
import { Label } from './label';

export type FormFieldProps = {
  label: ReactNode;
  /** The id of the control inside, so the label focuses it. */
  htmlFor: string;
  /** Validation message shown under the control (role=alert). */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** Extra content on the label's line, e.g. a 'Forgot password?' link. */
  aside?: ReactNode;
  /**
   * 'alert' (default): the error replaces the hint and is announced at once. 'described': the error carries no alert
   * of its own (the form's notice is the alert); error and hint both stay, read with the control.
   */
  errorMode?: 'alert' | 'described';
  className?: string;
  children: ReactNode;
};

/** Label, control, then the hint or the error text. Give the control `aria-invalid` when `error` is set. */
export function FormField({
  label,
  htmlFor,
  error,
  hint,
  required,
  aside,
  errorMode = 'alert',
  className,
  children,
}: FormFieldProps) {
  const described = errorMode === 'described';
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={htmlFor}>
          {label}
          {required ? <span className="ml-0.5 text-danger">*</span> : null}
        </Label>
        {aside}
      </div>
      {children}
      {error ? (
        <p
          id={`${htmlFor}-error`}
          role={described ? undefined : 'alert'}
          className="text-field-message font-medium text-danger"
        >
          {error}
        </p>
      ) : null}
      {hint && (described || !error) ? (
        <p id={`${htmlFor}-hint`} className="text-field-message text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
